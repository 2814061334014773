/** One dispatched server-sent event. */
export interface SSEMessage {
  /** The `event` field; absent when the event had none (a browser would call it "message"). */
  event?: string;
  /** The `data` lines joined with `\n`. */
  data: string;
  /** The last event id (it persists across events, as in EventSource); absent while empty. */
  id?: string;
  /** Reconnection time in ms, when this event's block carried a valid `retry` field. */
  retry?: number;
}

import { lineTooLong, upstreamLimits } from './limits.js';

/** Options of `SSEDecoder`. */
export interface SSEDecoderOptions {
  /**
   * Longest line, and longest event (its data lines together), in characters of decoded text;
   * longer throws `UpstreamFault` `line_too_long`, so a stream that never ends a line cannot
   * grow memory without bound. Default: `upstreamLimits().maxLineBytes` (8 MiB).
   */
  maxLineLength?: number;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const DIGITS = /^[0-9]+$/;

/**
 * Streaming server-sent-event decoder following the WHATWG EventSource parsing rules: UTF-8 decoded
 * across chunk boundaries, a leading BOM dropped, LF / CRLF / CR line ends (also a CR ending one chunk
 * and its LF starting the next), `:` comments, multi-line data, events dispatched on a blank line only.
 * Browser-safe (TextDecoder, no Node APIs). Do not mix string and byte chunks in one stream.
 * Lines and events are capped (`SSEDecoderOptions.maxLineLength`).
 */
export class SSEDecoder {
  /** Reconnection time from the last valid `retry` field, in ms. */
  retry: number | undefined;

  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private started = false;
  private skipLF = false;
  /** Pieces of the current unterminated line; joined once when its end arrives. */
  private lineParts: string[] = [];
  /** Characters in `lineParts`. */
  private lineLength = 0;
  private dataLines: string[] = [];
  /** Characters in `dataLines`. */
  private dataLength = 0;
  private readonly maxLineLength: number;
  private eventType = '';
  private lastEventId = '';
  private eventRetry: number | undefined;
  private fieldsSeen = false;
  private ended = false;
  private discarded = false;

  constructor(options: SSEDecoderOptions = {}) {
    this.maxLineLength = options.maxLineLength ?? upstreamLimits().maxLineBytes;
  }

  /**
   * Whether bytes of an unfinished event are buffered. After `end()`: whether the stream ended in the
   * middle of an event (which the spec discards) — upstream parsers treat that as a cut connection.
   */
  get pending(): boolean {
    if (this.ended) return this.discarded;
    return this.lineParts.length > 0 || this.fieldsSeen;
  }

  /** Decode one chunk; returns the events completed by it. */
  push(chunk: Uint8Array | string): SSEMessage[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const messages: SSEMessage[] = [];
    if (text.length > 0) this.scan(text, messages);
    return messages;
  }

  /** The stream ended: per spec an unterminated final event is discarded (see `pending`). */
  end(): SSEMessage[] {
    const messages: SSEMessage[] = [];
    const rest = this.decoder.decode();
    if (rest.length > 0) this.scan(rest, messages);
    this.discarded = this.lineParts.length > 0 || this.fieldsSeen;
    this.ended = true;
    this.lineParts = [];
    this.lineLength = 0;
    this.dataLines = [];
    this.dataLength = 0;
    this.eventType = '';
    this.fieldsSeen = false;
    return messages;
  }

  private scan(input: string, messages: SSEMessage[]): void {
    let text = input;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const length = text.length;
    let position = 0;
    if (this.skipLF && length > 0) {
      this.skipLF = false;
      if (text.charCodeAt(0) === LF) position = 1;
    }
    // Remember where the next CR and LF are, so each character is looked at once however many lines.
    let nextLF = text.indexOf('\n', position);
    let nextCR = text.indexOf('\r', position);
    while (position < length) {
      if (nextLF !== -1 && nextLF < position) nextLF = text.indexOf('\n', position);
      if (nextCR !== -1 && nextCR < position) nextCR = text.indexOf('\r', position);
      const end = nextLF === -1 ? nextCR : nextCR === -1 ? nextLF : Math.min(nextLF, nextCR);
      if (end === -1) {
        this.lineLength += length - position;
        if (this.lineLength > this.maxLineLength) throw lineTooLong(this.maxLineLength);
        this.lineParts.push(position === 0 ? text : text.slice(position));
        return;
      }
      if (this.lineLength + end - position > this.maxLineLength)
        throw lineTooLong(this.maxLineLength);
      let line = text.slice(position, end);
      if (this.lineParts.length > 0) {
        this.lineParts.push(line);
        line = this.lineParts.join('');
        this.lineParts = [];
        this.lineLength = 0;
      }
      this.processLine(line, messages);
      position = end + 1;
      if (text.charCodeAt(end) === CR) {
        if (position === length) this.skipLF = true;
        else if (text.charCodeAt(position) === LF) position += 1;
      }
    }
  }

  private processLine(line: string, messages: SSEMessage[]): void {
    if (line.length === 0) {
      this.dispatch(messages);
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) return;
    let field = line;
    let value = '';
    if (colon > 0) {
      field = line.slice(0, colon);
      value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    }
    this.fieldsSeen = true;
    switch (field) {
      case 'data':
        this.dataLength += value.length;
        if (this.dataLength > this.maxLineLength) throw lineTooLong(this.maxLineLength);
        this.dataLines.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (value.indexOf('\0') === -1) this.lastEventId = value;
        break;
      case 'retry':
        if (DIGITS.test(value)) {
          this.retry = Number.parseInt(value, 10);
          this.eventRetry = this.retry;
        }
        break;
      default:
        break;
    }
  }

  private dispatch(messages: SSEMessage[]): void {
    const dataLines = this.dataLines;
    const eventType = this.eventType;
    const retry = this.eventRetry;
    this.eventType = '';
    this.eventRetry = undefined;
    this.fieldsSeen = false;
    if (dataLines.length === 0) return;
    this.dataLines = [];
    this.dataLength = 0;
    const message: SSEMessage = {
      data: dataLines.length === 1 ? (dataLines[0] as string) : dataLines.join('\n'),
    };
    if (eventType !== '') message.event = eventType;
    if (this.lastEventId !== '') message.id = this.lastEventId;
    if (retry !== undefined) message.retry = retry;
    messages.push(message);
  }
}

/** A web stream (a fetch body), not a Node stream or another async iterable. */
export function isReadableStream(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream<Uint8Array>).getReader === 'function';
}

/**
 * Decode a byte stream (a fetch body or any async iterable of chunks) into SSE messages. Pass your own
 * `decoder` to read `decoder.pending` afterwards. Stopping early cancels the source.
 */
export async function* decodeSSE(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  decoder: SSEDecoder = new SSEDecoder(),
): AsyncGenerator<SSEMessage> {
  if (!isReadableStream(source)) {
    for await (const chunk of source) yield* decoder.push(chunk);
    yield* decoder.end();
    return;
  }
  // Read through a reader: not every browser makes ReadableStream async-iterable.
  const reader = source.getReader();
  let done = false;
  try {
    for (;;) {
      const result = await reader.read();
      if (result.done) break;
      yield* decoder.push(result.value);
    }
    done = true;
    yield* decoder.end();
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
