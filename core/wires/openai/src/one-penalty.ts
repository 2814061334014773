import type { ChatCompletionBody } from './options.js';

/**
 * A payload hook for upstreams that take only one of the two penalties: a non-zero presence
 * penalty is sent alone; otherwise the frequency penalty is sent, defaulting to 1 (their neutral
 * value; a frequency penalty of 0 is refused, so 0 is sent as 1 too).
 */
export function onePenalty(body: ChatCompletionBody): ChatCompletionBody {
  const { presence_penalty, frequency_penalty, ...rest } = body;
  if (presence_penalty !== undefined && presence_penalty !== 0) {
    return { ...rest, presence_penalty };
  }
  return { ...rest, frequency_penalty: frequency_penalty || 1 };
}
