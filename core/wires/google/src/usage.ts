import type { Usage } from '@manifold/core/contract/usage';
import { dropEmpty } from '@manifold/core/protocol/convert-usage';
import type { GoogleModalityCount, GoogleUsageMetadata } from './types.js';

const count = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** The token count of one modality in a details list, or undefined when it is not listed. */
function modality(details: GoogleModalityCount[] | undefined, name: string): number | undefined {
  const entry = details?.find((detail) => detail?.modality === name);
  return entry === undefined ? undefined : count(entry.tokenCount);
}

/**
 * Google's `usageMetadata` as the usage record (reference §2.3, CONTRACT §4):
 * - totalInputTokens = prompt (cached content included) + tool-use prompt (search results read);
 * - totalOutputTokens = candidates + thoughts, outputReasoningTokens = thoughts;
 * - input text/image/audio and output image/audio from the per-modality details; output text from
 *   its detail, else candidates minus image and audio;
 * - inputCachedTokens = cachedContentTokenCount, inputCacheMissTokens = the rest of the input;
 * - totalTokens = input + output (Google's totalTokenCount when both are empty);
 * - zero counts dropped (unlike LobeChat, which keeps them).
 */
export function convertGoogleUsage(usage: GoogleUsageMetadata): Usage {
  const outputDetails = usage.candidatesTokensDetails;
  const candidates =
    usage.candidatesTokenCount ??
    outputDetails?.reduce((sum, detail) => sum + count(detail?.tokenCount), 0) ??
    0;
  const thoughts = count(usage.thoughtsTokenCount);
  const totalInput = count(usage.promptTokenCount) + count(usage.toolUsePromptTokenCount);
  const totalOutput = count(candidates) + thoughts;
  const outputImage = modality(outputDetails, 'IMAGE') ?? 0;
  const outputAudio = modality(outputDetails, 'AUDIO') ?? 0;
  const cached = usage.cachedContentTokenCount;
  const total = totalInput + totalOutput;
  return dropEmpty({
    totalInputTokens: totalInput,
    totalOutputTokens: totalOutput,
    totalTokens: total > 0 ? total : usage.totalTokenCount,
    inputCachedTokens: cached,
    inputCacheMissTokens: count(cached) > 0 ? totalInput - count(cached) : undefined,
    inputTextTokens: modality(usage.promptTokensDetails, 'TEXT'),
    inputImageTokens: modality(usage.promptTokensDetails, 'IMAGE'),
    inputAudioTokens: modality(usage.promptTokensDetails, 'AUDIO'),
    outputReasoningTokens: thoughts,
    outputTextTokens:
      modality(outputDetails, 'TEXT') ?? count(candidates) - outputImage - outputAudio,
    outputImageTokens: outputImage,
    outputAudioTokens: outputAudio,
  });
}
