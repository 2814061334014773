/**
 * Base64 of bytes in Node and in a browser alike (a runtime that also runs in the page cannot use
 * `Buffer`, which browsers lack). Fast paths first: the standard `Uint8Array.prototype.toBase64`
 * where the engine has it, Node's `Buffer` where it exists; else `btoa` over the bytes in slices,
 * so a 20 MiB image never builds one argument list or one concatenated string per byte.
 */

interface Base64Bytes extends Uint8Array {
  toBase64?: () => string;
}

interface NodeBuffer {
  from(bytes: Uint8Array): { toString(encoding: 'base64'): string };
}

/** Bytes per `String.fromCharCode` call: well under every engine's argument limit. */
const SLICE = 0x8000;

/** The bytes as base64 (standard alphabet, padded, no line breaks). */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as Base64Bytes).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (buffer) return buffer.from(bytes).toString('base64');
  return btoaBytes(bytes);
}

/** The portable path of `bytesToBase64` (exported for tests that check it without `Buffer`). */
export function btoaBytes(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += SLICE)
    parts.push(String.fromCharCode(...bytes.subarray(start, start + SLICE)));
  return btoa(parts.join(''));
}

/** One `Uint8Array` holding the chunks one after the other. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
