/**
 * The scenarios of the fake Bedrock (`bedrock.ts`): how one request is answered, framed by the
 * fake, and the realistic default answer per route and model family.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  claudeMessage,
  claudeTextEvents,
  llamaChunks,
  llamaGeneration,
  titanEmbedding,
} from './bedrock-builders.js';
import type { VerifiedSignature } from './bedrock-sigv4.js';

/** One frame of a streamed answer. */
export type Frame =
  /** A model chunk: JSON-encoded into the `bytes` of a `chunk` event. */
  | { chunk: unknown }
  /** A model chunk given as raw text (e.g. not valid JSON). */
  | { chunkText: string }
  /** An in-stream exception (`throttlingException`, `modelStreamErrorException`, …). */
  | { exception: string; body: Record<string, unknown> }
  /** A `chunk` event whose frame payload is this raw text instead of `{"bytes": …}`. */
  | { payloadText: string }
  /** Raw bytes, e.g. half a frame. */
  | { raw: Buffer }
  /** Wait this long (ms) before the next frame; the connection stays open. */
  | { pause: number }
  /** Destroy the connection here. */
  | { drop: true };

/** How the fake answers one request. */
export type Scenario =
  | { kind: 'stream'; frames: Frame[]; delayMs?: number }
  | { kind: 'json'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'error'; status: number; type: string; message: string }
  | { kind: 'hang' };

/** A stream of model chunks, optionally with extra frames after them. */
export const streamOf = (
  chunks: unknown[],
  options: { delayMs?: number; then?: Frame[] } = {},
): Scenario => ({
  kind: 'stream',
  frames: [...chunks.map((chunk) => ({ chunk })), ...(options.then ?? [])],
  delayMs: options.delayMs,
});

/** A Bedrock error answer: `{"message": …}` with `x-amzn-ErrorType`. */
export const bedrockError = (status: number, type: string, message: string): Scenario => ({
  kind: 'error',
  status,
  type,
  message,
});

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  /** Decoded path, e.g. `/model/anthropic.claude-3-5-haiku-20241022-v1:0/invoke`. */
  path: string;
  /** The path as sent (`:` percent-encoded). */
  rawPath: string;
  /** Model id from the path, decoded; undefined on other routes. */
  modelId?: string;
  operation?: 'invoke' | 'invoke-with-response-stream';
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (raw text when not JSON). */
  body: unknown;
  /** The verified signature, or undefined when it was refused. */
  signature?: VerifiedSignature;
}

/** The built-in answer when no scenario is queued. */
export function defaultScenario(request: RecordedRequest): Scenario {
  const model = (request.modelId ?? '').replace(/^(us|eu|apac|global)\./, '');
  const body = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as Record<string, unknown>;
  if (!request.operation)
    return bedrockError(404, 'UnknownOperationException', 'Unknown operation');
  if (model.startsWith('amazon.titan-embed')) {
    if (request.operation !== 'invoke')
      return bedrockError(400, 'ValidationException', 'The model is unsupported for streaming.');
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : 1024;
    return { kind: 'json', body: titanEmbedding(String(body.inputText ?? ''), dimensions) };
  }
  const texts = ['Hello', ' from', ' the fake.'];
  if (model.startsWith('meta.'))
    return request.operation === 'invoke'
      ? { kind: 'json', body: llamaGeneration(texts.join('')) }
      : streamOf(llamaChunks(texts));
  if (model.startsWith('anthropic.'))
    return request.operation === 'invoke'
      ? { kind: 'json', body: claudeMessage({ blocks: [{ type: 'text', text: texts }] }) }
      : streamOf(claudeTextEvents(texts));
  return bedrockError(
    404,
    'ResourceNotFoundException',
    'Could not resolve the foundation model from the provided model identifier.',
  );
}
