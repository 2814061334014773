import type { Usage } from '@manifold/core/contract/usage';

/** OpenAI's `usage` of a chat completion. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens?: number };
  completion_tokens_details: { reasoning_tokens: number; audio_tokens?: number };
}

/** Anthropic's `usage` of a message. */
export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/**
 * The usage record (CONTRACT §4) as OpenAI reports it: prompt tokens include cached ones
 * (`prompt_tokens_details.cached_tokens`), completion tokens include reasoning
 * (`completion_tokens_details.reasoning_tokens`), as in the record.
 */
export function openAIUsage(usage: Usage): OpenAIUsage {
  const prompt = usage.totalInputTokens ?? 0;
  const completion = usage.totalOutputTokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: usage.totalTokens ?? prompt + completion,
    prompt_tokens_details: {
      cached_tokens: usage.inputCachedTokens ?? 0,
      ...(usage.inputAudioTokens !== undefined && { audio_tokens: usage.inputAudioTokens }),
    },
    completion_tokens_details: {
      reasoning_tokens: usage.outputReasoningTokens ?? 0,
      ...(usage.outputAudioTokens !== undefined && { audio_tokens: usage.outputAudioTokens }),
    },
  };
}

/**
 * The usage record as Anthropic reports it: `input_tokens` counts only the input neither read from
 * nor written to the cache, which `cache_read_input_tokens` and `cache_creation_input_tokens` count.
 */
export function anthropicUsage(usage: Usage | undefined): AnthropicUsage {
  if (!usage) return { input_tokens: 0, output_tokens: 0 };
  const cached = usage.inputCachedTokens ?? 0;
  const written = usage.inputWriteCacheTokens ?? 0;
  const result: AnthropicUsage = {
    input_tokens: Math.max(0, (usage.totalInputTokens ?? 0) - cached - written),
    output_tokens: usage.totalOutputTokens ?? 0,
  };
  if (written > 0) result.cache_creation_input_tokens = written;
  if (cached > 0) result.cache_read_input_tokens = cached;
  return result;
}
