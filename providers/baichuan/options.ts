import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** The search mode when `BAICHUAN_SEARCH_MODE` is not set. */
export const DEFAULT_SEARCH_MODE = 'performance_first';

/** With search on, Baichuan's `web_search` tool is added, in the mode `BAICHUAN_SEARCH_MODE` names. */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const mode = options.env.BAICHUAN_SEARCH_MODE?.trim() || DEFAULT_SEARCH_MODE;
  const tool = { type: 'web_search', web_search: { enable: true, search_mode: mode } };
  return { ...body, tools: [...(body.tools ?? []), tool] };
}

/**
 * How Baichuan differs from OpenAI: its temperature runs 0–1 (the request's 0–2 value is halved),
 * it refuses frequency_penalty, searches with a `web_search` tool, and has no model list endpoint.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.baichuan-ai.com/v1',
  clamps: [
    { op: 'halve', param: 'temperature' },
    { op: 'drop', param: 'frequency_penalty' },
  ],
  search,
  models: false,
};
