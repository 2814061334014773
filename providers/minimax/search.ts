import type { ChatCompletionBody } from '@manifold/wire-openai/options';

/** With search on, MiniMax's built-in `web_search` tool is added to the request's tools. */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  const tools = body.tools ?? [];
  const present = tools.some((tool) => (tool as { type?: string }).type === 'web_search');
  return present ? body : { ...body, tools: [...tools, { type: 'web_search' }] };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * MiniMax's sources: on the closing chunk, the last of the choice's `messages` carries
 * `annotations` whose `url` serves as both title and link (hence URL strings).
 */
export function citations(chunk: Record<string, unknown>): unknown {
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (!isObject(choice) || !choice.finish_reason || !Array.isArray(choice.messages)) {
    return undefined;
  }
  const last: unknown = choice.messages.at(-1);
  if (!isObject(last) || !Array.isArray(last.annotations)) return undefined;
  return last.annotations
    .map((item: unknown) => (isObject(item) ? item.url : item))
    .filter((url): url is string => typeof url === 'string' && url !== '');
}
