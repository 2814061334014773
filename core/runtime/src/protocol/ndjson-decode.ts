import { parseJSONChunk } from './chunk-error.js';
import { lineTooLong, upstreamLimits } from './limits.js';

/** Options of `NDJSONDecoder`. */
export interface NDJSONDecoderOptions {
  /**
   * Longest line in characters of decoded text; longer throws `UpstreamFault` `line_too_long`.
   * Default: `upstreamLimits().maxLineBytes` (8 MiB).
   */
  maxLineLength?: number;
}

const CR = 13;
const WHITESPACE_ONLY = /^\s*$/;

/**
 * Streaming decoder of newline-delimited JSON (one JSON value per line, e.g. model pull progress).
 * Safe at any split point, multi-byte characters included; LF or CRLF line ends; blank lines skipped;
 * a final line without a newline is parsed at `end()`. A line that is not JSON throws
 * `StreamChunkError` (`parseJSONChunk`); the values before it in the same chunk are lost with it,
 * so treat the error as the end of the stream. Lines are capped (`maxLineLength`).
 */
export class NDJSONDecoder {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private started = false;
  /** Pieces of the current unterminated line; joined once when its newline arrives. */
  private lineParts: string[] = [];
  /** Characters in `lineParts`. */
  private lineLength = 0;
  private readonly maxLineLength: number;

  constructor(options: NDJSONDecoderOptions = {}) {
    this.maxLineLength = options.maxLineLength ?? upstreamLimits().maxLineBytes;
  }

  /** Decode one chunk; returns the values of the lines it completed. */
  push(chunk: Uint8Array | string): unknown[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const values: unknown[] = [];
    if (text.length > 0) this.scan(text, values);
    return values;
  }

  /** The stream ended: parse the last line if it had no newline. */
  end(): unknown[] {
    const values: unknown[] = [];
    const rest = this.decoder.decode();
    if (rest.length > 0) this.scan(rest, values);
    if (this.lineParts.length > 0) {
      const line = this.lineParts.join('');
      this.lineParts = [];
      this.lineLength = 0;
      this.parseLine(line, values);
    }
    return values;
  }

  private scan(input: string, values: unknown[]): void {
    let text = input;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let position = 0;
    for (;;) {
      const end = text.indexOf('\n', position);
      if (end === -1) {
        if (position < text.length) {
          this.lineLength += text.length - position;
          if (this.lineLength > this.maxLineLength) throw lineTooLong(this.maxLineLength);
          this.lineParts.push(text.slice(position));
        }
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
      this.parseLine(line, values);
      position = end + 1;
    }
  }

  private parseLine(raw: string, values: unknown[]): void {
    const line = raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
    if (line.length === 0 || WHITESPACE_ONLY.test(line)) return;
    values.push(parseJSONChunk(line));
  }
}
