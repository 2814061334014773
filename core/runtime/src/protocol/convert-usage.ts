import type { Usage } from '../contract/usage.js';

type Count = number | null | undefined;

/** Usage as OpenAI-style chat completions report it, with the extra fields some compatible providers add. */
export interface OpenAIStyleUsage {
  prompt_tokens?: Count;
  completion_tokens?: Count;
  total_tokens?: Count;
  prompt_tokens_details?: {
    cached_tokens?: Count;
    audio_tokens?: Count;
    image_tokens?: Count;
  } | null;
  completion_tokens_details?: {
    reasoning_tokens?: Count;
    audio_tokens?: Count;
    image_tokens?: Count;
    accepted_prediction_tokens?: Count;
    rejected_prediction_tokens?: Count;
  } | null;
  /** Cache hits, reported top-level by some OpenAI-compatible APIs. */
  prompt_cache_hit_tokens?: Count;
  /** Cache misses, reported top-level by some OpenAI-compatible APIs. */
  prompt_cache_miss_tokens?: Count;
  /** Input tokens spent on search citations (Perplexity-style); added to the input total. */
  citation_tokens?: Count;
}

/** Usage as the OpenAI Responses API reports it. */
export interface ResponsesUsage {
  input_tokens?: Count;
  input_tokens_details?: { cached_tokens?: Count } | null;
  output_tokens?: Count;
  output_tokens_details?: { reasoning_tokens?: Count } | null;
  total_tokens?: Count;
}

/** Options of `convertOpenAIUsage`. */
export interface ConvertUsageOptions {
  /**
   * The provider's `completion_tokens` leaves reasoning out (e.g. xAI): then
   * totalOutput = completion + reasoning and outputText = completion − audio. Default false.
   */
  completionExcludesReasoning?: boolean;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** A count, or 0 when absent or invalid. */
const n = (value: Count): number => (isCount(value) ? value : 0);

/** A copy without the counts that are 0, negative, NaN, infinite or absent (CONTRACT §4). */
export function dropEmpty(usage: Partial<Record<keyof Usage, Count>>): Usage {
  const result: Usage = {};
  for (const key of Object.keys(usage) as Array<keyof Usage>) {
    const value = usage[key];
    if (isCount(value)) result[key] = value;
  }
  return result;
}

/** Cache misses: the reported count, else input − cached when the provider reported a cached count. */
function cacheMiss(totalInput: number, cached: Count, reportedMiss: Count): number | undefined {
  if (typeof reportedMiss === 'number') return reportedMiss;
  if (typeof cached === 'number' && Number.isFinite(cached)) return totalInput - cached;
  return undefined;
}

/**
 * Convert OpenAI-style usage to the usage record. totalInput includes cached and citation tokens,
 * totalOutput includes reasoning, totalTokens is their sum; empty counts are dropped.
 */
export function convertOpenAIUsage(
  usage: OpenAIStyleUsage,
  options: ConvertUsageOptions = {},
): Usage {
  const promptDetails = usage.prompt_tokens_details ?? {};
  const completionDetails = usage.completion_tokens_details ?? {};
  const prompt = n(usage.prompt_tokens);
  const citation = n(usage.citation_tokens);
  const totalInput = prompt + citation;
  const cached = usage.prompt_cache_hit_tokens ?? promptDetails.cached_tokens;
  const inputAudio = n(promptDetails.audio_tokens);
  const inputImage = n(promptDetails.image_tokens);

  const completion = n(usage.completion_tokens);
  const reasoning = n(completionDetails.reasoning_tokens);
  const outputAudio = n(completionDetails.audio_tokens);
  const outputImage = n(completionDetails.image_tokens);
  const excludesReasoning = options.completionExcludesReasoning === true;
  const totalOutput = excludesReasoning ? completion + reasoning : completion;
  const outputText = excludesReasoning
    ? completion - outputAudio
    : completion - reasoning - outputAudio - outputImage;
  const total = totalInput + totalOutput;

  return dropEmpty({
    totalInputTokens: totalInput,
    totalOutputTokens: totalOutput,
    totalTokens: total > 0 ? total : n(usage.total_tokens) + citation,
    inputCachedTokens: cached,
    inputCacheMissTokens: cacheMiss(totalInput, cached, usage.prompt_cache_miss_tokens),
    inputCitationTokens: citation,
    inputTextTokens: prompt - inputAudio - inputImage,
    inputAudioTokens: inputAudio,
    inputImageTokens: inputImage,
    outputReasoningTokens: reasoning,
    outputTextTokens: outputText,
    outputAudioTokens: outputAudio,
    outputImageTokens: outputImage,
    acceptedPredictionTokens: completionDetails.accepted_prediction_tokens,
    rejectedPredictionTokens: completionDetails.rejected_prediction_tokens,
  });
}

/** Convert OpenAI Responses API usage to the usage record, with the same rules. */
export function convertResponsesUsage(usage: ResponsesUsage): Usage {
  const input = n(usage.input_tokens);
  const output = n(usage.output_tokens);
  const cached = usage.input_tokens_details?.cached_tokens;
  const reasoning = n(usage.output_tokens_details?.reasoning_tokens);
  const total = input + output;
  return dropEmpty({
    totalInputTokens: input,
    totalOutputTokens: output,
    totalTokens: total > 0 ? total : usage.total_tokens,
    inputCachedTokens: cached,
    inputCacheMissTokens: cacheMiss(input, cached, undefined),
    inputTextTokens: input,
    outputReasoningTokens: reasoning,
    outputTextTokens: output - reasoning,
  });
}
