import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/core/compat/options';

/**
 * CometAPI always streams: `stream: true` (with usage) even when the request asked for a single
 * answer. The runtime reads the streamed answer and still answers the client with the same events.
 */
export function payload(body: ChatCompletionBody): ChatCompletionBody {
  if (body.stream === true) return body;
  return { ...body, stream: true, stream_options: { include_usage: true } };
}

/** How CometAPI differs from OpenAI: every call streams. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.cometapi.com/v1',
  payload,
};
