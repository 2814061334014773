import { Type, type Static } from 'typebox';

const count = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }));

/**
 * Token usage of one chat completion, as the provider reported it (never estimated).
 * Zero and absent counts are dropped. `totalInputTokens` includes cached tokens
 * (`inputCachedTokens` + `inputCacheMissTokens` split it); `totalOutputTokens` includes reasoning.
 */
export const UsageSchema = Type.Object(
  {
    /** Every input token, cached ones and citation tokens included. */
    totalInputTokens: count('Every input token, cached ones included'),
    /** Every output token, reasoning included. */
    totalOutputTokens: count('Every output token, reasoning included'),
    /** totalInputTokens + totalOutputTokens. */
    totalTokens: count('Sum of input and output tokens'),
    /** Input tokens served from the provider's prompt cache. */
    inputCachedTokens: count('Input tokens read from the prompt cache'),
    /** Input tokens not served from the cache. */
    inputCacheMissTokens: count('Input tokens not read from the cache'),
    /** Input tokens spent on search citations (Perplexity-style). */
    inputCitationTokens: count('Input tokens spent on citations'),
    /** Text input tokens. */
    inputTextTokens: count('Text input tokens'),
    /** Audio input tokens. */
    inputAudioTokens: count('Audio input tokens'),
    /** Image input tokens. */
    inputImageTokens: count('Image input tokens'),
    /** Input tokens written to the prompt cache. */
    inputWriteCacheTokens: count('Input tokens written to the prompt cache'),
    /** Reasoning output tokens (part of totalOutputTokens). */
    outputReasoningTokens: count('Reasoning output tokens'),
    /** Text output tokens. */
    outputTextTokens: count('Text output tokens'),
    /** Audio output tokens. */
    outputAudioTokens: count('Audio output tokens'),
    /** Image output tokens. */
    outputImageTokens: count('Image output tokens'),
    /** Predicted-output tokens that were accepted. */
    acceptedPredictionTokens: count('Accepted prediction tokens'),
    /** Predicted-output tokens that were rejected. */
    rejectedPredictionTokens: count('Rejected prediction tokens'),
  },
  { $id: 'Usage', additionalProperties: false, description: 'Token usage record' },
);
export type Usage = Static<typeof UsageSchema>;

/** Output speed of one answer. */
export const SpeedSchema = Type.Object(
  {
    /** Output tokens per second from the first output to the end (whole request when the answer came in one chunk). Absent without reported usage. */
    tps: Type.Optional(Type.Number({ minimum: 0, description: 'Output tokens per second' })),
    /** Milliseconds from request start to the first text, reasoning or tool-call output. */
    ttft: Type.Number({ minimum: 0, description: 'Time to first token in ms' }),
  },
  { $id: 'Speed', additionalProperties: false },
);
export type Speed = Static<typeof SpeedSchema>;
