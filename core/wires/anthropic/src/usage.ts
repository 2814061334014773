import type { Usage } from '@manifold/core/contract/usage';
import { dropEmpty } from '@manifold/core/protocol/convert-usage';
import type { AnthropicUsage } from './wire-types.js';

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Usage of a Messages API answer as the usage record (CONTRACT §4): every input token counts
 * (`input_tokens` are the cache misses, plus cache reads and cache writes), output includes
 * thinking (`output_tokens_details.thinking_tokens` becomes `outputReasoningTokens`), zeros dropped.
 */
export function convertAnthropicUsage(usage: AnthropicUsage): Usage {
  const input = count(usage.input_tokens);
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const cacheRead = count(usage.cache_read_input_tokens);
  const output = count(usage.output_tokens);
  const totalInput = input + cacheWrite + cacheRead;
  return dropEmpty({
    totalInputTokens: totalInput,
    totalOutputTokens: output,
    totalTokens: totalInput + output,
    inputCacheMissTokens: input,
    inputCachedTokens: cacheRead,
    inputWriteCacheTokens: cacheWrite,
    outputReasoningTokens: count(usage.output_tokens_details?.thinking_tokens),
  });
}

const COUNTS = [
  'input_tokens',
  'output_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
] as const;

/**
 * The usage so far after one more report. `message_delta` counts are cumulative for the whole
 * message (https://docs.anthropic.com/en/api/messages-streaming), so they replace the
 * `message_start` ones rather than add to them; a count a report leaves out, or reports as null
 * or lower (some relays send 0 for the input counts in `message_delta`), keeps its earlier value.
 */
export function mergeAnthropicUsage(
  previous: AnthropicUsage | undefined,
  next: AnthropicUsage,
): AnthropicUsage {
  const merged: AnthropicUsage = { ...previous };
  for (const key of COUNTS) {
    const value = next[key];
    if (typeof value === 'number' && value >= (merged[key] ?? 0)) merged[key] = value;
  }
  const thinking = next.output_tokens_details?.thinking_tokens;
  if (typeof thinking === 'number') merged.output_tokens_details = { thinking_tokens: thinking };
  return merged;
}
