import type { Citation } from '@manifold/core/contract/grounding';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk, streamChunkError } from '@manifold/core/protocol/chunk-error';
import { randomId } from '@manifold/core/protocol/random-id';
import type { SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { blockedPromptError, GoogleStreamError } from './errors.js';
import type { GoogleCandidate, GooglePart, GoogleResponse } from './types.js';
import { convertGoogleUsage } from './usage.js';

/** What the parser needs from its runtime. */
export interface GoogleParseOptions {
  /** Provider id, for the error of a blocked prompt. */
  provider: string;
  /** Turns an in-stream error chunk into a catalogue error. */
  mapError: (error: unknown) => ManifoldError;
  /** Sees every raw chunk (the debug flag). */
  onData?: (data: string) => void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The state of one answer: tool calls are numbered across chunks (Google sends each call whole,
 * without an id), and grounding is merged over every chunk that carries it, to be sent once.
 */
export class GoogleChunkParser {
  /** An error part ended the answer. */
  over = false;
  private toolCalls = 0;
  private readonly citations = new Map<string, Citation>();
  private readonly queries = new Set<string>();

  constructor(private readonly options: GoogleParseOptions) {}

  /** The parts of one `GenerateContentResponse`, in the order the answer gives them. */
  parse(chunk: GoogleResponse): StreamPart[] {
    if (isObject(chunk.error)) {
      this.over = true;
      return [{ type: 'error', error: this.options.mapError(new GoogleStreamError(chunk.error)) }];
    }
    const parts: StreamPart[] = [];
    if (typeof chunk.responseId === 'string') parts.push({ type: 'id', id: chunk.responseId });
    if (chunk.promptFeedback?.blockReason) {
      this.over = true;
      parts.push({
        type: 'error',
        error: blockedPromptError(chunk.promptFeedback, this.options.provider),
      });
      return parts;
    }
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) parts.push(...this.partParts(part));
    if (candidate) this.collectGrounding(candidate);
    if (isObject(chunk.usageMetadata))
      parts.push({ type: 'usage', usage: convertGoogleUsage(chunk.usageMetadata) });
    if (candidate?.finishReason) parts.push({ type: 'finish', reason: candidate.finishReason });
    return parts;
  }

  /** The merged grounding, once the answer is complete (the stream builder sends it before the stop). */
  flush(): StreamPart[] {
    if (this.over || this.citations.size === 0) return [];
    const grounding = {
      citations: [...this.citations.values()],
      ...(this.queries.size > 0 && { searchQueries: [...this.queries] }),
    };
    return [{ type: 'grounding', grounding }];
  }

  private partParts(part: GooglePart): StreamPart[] {
    const parts: StreamPart[] = [];
    if (part.thought === true) {
      if (typeof part.text === 'string') parts.push({ type: 'reasoning', text: part.text });
    } else if (typeof part.text === 'string') {
      parts.push({ type: 'text', text: part.text });
    } else if (part.inlineData?.data && part.inlineData.mimeType) {
      const url = `data:${part.inlineData.mimeType};base64,${part.inlineData.data}`;
      parts.push({ type: 'image', url });
    } else if (typeof part.functionCall === 'object' && part.functionCall !== null) {
      const call = part.functionCall;
      const index = this.toolCalls++;
      const name = call.name ?? '';
      parts.push({
        type: 'tool_call',
        index,
        id: call.id || `${name}_${index}_${randomId(8)}`,
        name,
        arguments: JSON.stringify(call.args ?? {}),
      });
    }
    if (typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '')
      parts.push({ type: 'reasoning_signature', signature: part.thoughtSignature });
    return parts;
  }

  private collectGrounding(candidate: GoogleCandidate): void {
    const metadata = candidate.groundingMetadata;
    if (!metadata) return;
    for (const chunk of metadata.groundingChunks ?? []) {
      const url = chunk.web?.uri;
      if (!url || this.citations.has(url)) continue;
      const title = chunk.web?.title || url;
      // Google's uri is its own redirect, so the favicon comes from the source's domain (or title).
      const favicon = chunk.web?.domain || chunk.web?.title;
      this.citations.set(url, { title, url, ...(favicon && { favicon }) });
    }
    for (const query of metadata.webSearchQueries ?? []) if (query) this.queries.add(query);
  }
}

/**
 * Stream parts of a `streamGenerateContent?alt=sse` body: each `data:` event is one
 * `GenerateContentResponse` (a payload that is not a JSON object throws StreamChunkError). There
 * is no end marker: the final finish reason, then the connection closing, ends the answer.
 */
export async function* parseGoogleStream(
  messages: AsyncIterable<SSEMessage>,
  options: GoogleParseOptions,
): AsyncGenerator<StreamPart> {
  const parser = new GoogleChunkParser(options);
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '') continue;
    options.onData?.(data);
    const chunk = parseJSONChunk(data);
    if (!isObject(chunk)) throw streamChunkError(data);
    yield* parser.parse(chunk as GoogleResponse);
    if (parser.over) return;
  }
  yield* parser.flush();
}

/** Stream parts of a whole (non-streamed) answer, ended by the end marker. */
export async function* googleResponseParts(
  response: GoogleResponse,
  options: GoogleParseOptions,
): AsyncGenerator<StreamPart> {
  const parser = new GoogleChunkParser(options);
  yield* parser.parse(response);
  if (parser.over) return;
  yield* parser.flush();
  yield { type: 'end' };
}
