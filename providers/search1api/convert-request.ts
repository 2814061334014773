import type { ChatCompletionBody } from '@manifold/core/compat/options';
import type { ClampRule } from '@manifold/core/params/clamp';

/** Search1API (like Perplexity) refuses a temperature of 2 (its range ends before it): such a value is left out. */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature', when: { gte: 2 } },
];

/**
 * Search1API (Perplexity rules) takes only one of the two penalties: a non-zero presence penalty is sent alone;
 * otherwise the frequency penalty is sent, defaulting to 1 (Perplexity's neutral value; a
 * frequency penalty of 0 was refused, so 0 is sent as 1 too).
 */
export function payload(body: ChatCompletionBody): ChatCompletionBody {
  const { presence_penalty, frequency_penalty, ...rest } = body;
  if (presence_penalty !== undefined && presence_penalty !== 0) {
    return { ...rest, presence_penalty };
  }
  return { ...rest, frequency_penalty: frequency_penalty || 1 };
}
