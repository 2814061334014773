import type { Speed, Usage } from '../contract/usage.js';

/** What `computeSpeed` needs, all times in ms since the epoch. */
export interface SpeedInput {
  /** When the gateway received the request. */
  startedAt: number;
  /** When the first text, reasoning or tool-call output arrived. */
  firstOutputAt: number;
  /** When the stream finished. */
  endAt: number;
  /** How many upstream chunks carried output. */
  outputChunks: number;
  /** The usage the provider reported, if any. */
  usage?: Usage | undefined;
}

/** An output window shorter than this is a burst, not a measurable stream. */
export const BURST_MS = 10;

/** Output tokens of a usage record: the total, else the sum of its output parts. */
function outputTokens(usage: Usage | undefined): number {
  if (usage === undefined) return 0;
  if (usage.totalOutputTokens !== undefined) return usage.totalOutputTokens;
  return (
    (usage.outputTextTokens ?? 0) +
    (usage.outputReasoningTokens ?? 0) +
    (usage.outputAudioTokens ?? 0) +
    (usage.outputImageTokens ?? 0)
  );
}

/**
 * The `speed` record (CONTRACT §4): ttft in ms from request start to first output; tps over the time
 * from first output to the end, or over the whole request when the answer came in one chunk (or in
 * one burst under BURST_MS) so it stays sane. tps is rounded to 2 decimals and absent without reported output tokens.
 */
export function computeSpeed(input: SpeedInput): Speed {
  const ttft = Math.max(0, input.firstOutputAt - input.startedAt);
  const tokens = outputTokens(input.usage);
  if (!(tokens > 0)) return { ttft };
  let duration = input.endAt - input.firstOutputAt;
  // Output that arrived in one chunk, or in one burst shorter than a real token cadence (buffering
  // by a proxy or the network), says nothing about generation speed: use the whole request then.
  if (input.outputChunks <= 1 || duration < BURST_MS) duration = input.endAt - input.startedAt;
  const seconds = Math.max(duration, 1) / 1000;
  return { tps: Math.round((tokens / seconds) * 100) / 100, ttft };
}
