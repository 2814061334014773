/**
 * AWS binary event-stream framing (`application/vnd.amazon.eventstream`), written by hand for the
 * fake Bedrock upstream. One message:
 *
 * ```text
 * total length (u32 BE) | headers length (u32 BE) | prelude CRC32 (u32 BE, of the 8 bytes before)
 * headers | payload | message CRC32 (u32 BE, of every byte before it)
 * ```
 *
 * A header is `name length (u8) | name | value type (u8) | value`; Bedrock only sends string
 * values (type 7: `length (u16 BE) | UTF-8 bytes`). See the Amazon Transcribe / Lex "event stream
 * encoding" pages and smithy's `eventstream-codec` (`splitMessage`, `HeaderMarshaller`).
 */
import { crc32 } from 'node:zlib';

/** Header value type of a UTF-8 string. */
const STRING_TYPE = 7;

/** Prelude (8 bytes) + prelude CRC (4) + message CRC (4). */
const OVERHEAD = 16;

const u32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0, 0);
  return buffer;
};

/** The headers section: every value a string (type 7). */
export function encodeHeaders(headers: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const valueBytes = Buffer.from(value, 'utf8');
    const valueLength = Buffer.alloc(2);
    valueLength.writeUInt16BE(valueBytes.length, 0);
    parts.push(Buffer.from([nameBytes.length]), nameBytes, Buffer.from([STRING_TYPE]));
    parts.push(valueLength, valueBytes);
  }
  return Buffer.concat(parts);
}

/** One event-stream message with both CRC32 checksums. */
export function encodeMessage(
  headers: Readonly<Record<string, string>>,
  payload: Uint8Array | string,
): Buffer {
  const headerBytes = encodeHeaders(headers);
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const prelude = Buffer.concat([
    u32(OVERHEAD + headerBytes.length + body.length),
    u32(headerBytes.length),
  ]);
  const withoutCrc = Buffer.concat([prelude, u32(crc32(prelude)), headerBytes, body]);
  return Buffer.concat([withoutCrc, u32(crc32(withoutCrc))]);
}

/** Bedrock's random-length padding field (`"p"`), a prefix of this alphabet. */
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The `chunk` event of InvokeModelWithResponseStream: the model's JSON chunk, base64 in `bytes`,
 * with Bedrock's padding `p` (its length varies so the frame size does not leak the token).
 */
export function chunkMessage(modelChunk: string, padding = 1 + (modelChunk.length % 40)): Buffer {
  const payload = JSON.stringify({
    bytes: Buffer.from(modelChunk, 'utf8').toString('base64'),
    p: PADDING.slice(0, padding),
  });
  return encodeMessage(
    { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
    payload,
  );
}

/**
 * An exception in the stream: `:message-type: exception`, `:exception-type` the ResponseStream
 * member (`throttlingException`, `modelStreamErrorException`, …), a JSON body.
 */
export function exceptionMessage(exceptionType: string, body: Record<string, unknown>): Buffer {
  return encodeMessage(
    {
      ':exception-type': exceptionType,
      ':content-type': 'application/json',
      ':message-type': 'exception',
    },
    JSON.stringify(body),
  );
}

/** A decoded message, for tests of the encoder. */
export interface DecodedMessage {
  headers: Record<string, string>;
  payload: Buffer;
}

/** Decode concatenated messages, checking lengths and both CRCs (throws on any mismatch). */
export function decodeMessages(bytes: Buffer): DecodedMessage[] {
  const messages: DecodedMessage[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < OVERHEAD) throw new Error('truncated message');
    const total = bytes.readUInt32BE(offset);
    const headersLength = bytes.readUInt32BE(offset + 4);
    const message = bytes.subarray(offset, offset + total);
    if (message.length !== total) throw new Error('truncated message');
    if (message.readUInt32BE(8) !== crc32(message.subarray(0, 8)))
      throw new Error('prelude CRC mismatch');
    if (message.readUInt32BE(total - 4) !== crc32(message.subarray(0, total - 4)))
      throw new Error('message CRC mismatch');
    const headers: Record<string, string> = {};
    let at = 12;
    const end = 12 + headersLength;
    while (at < end) {
      const nameLength = message.readUInt8(at);
      const name = message.toString('utf8', at + 1, at + 1 + nameLength);
      at += 1 + nameLength;
      if (message.readUInt8(at) !== STRING_TYPE) throw new Error(`header ${name} is not a string`);
      const valueLength = message.readUInt16BE(at + 1);
      headers[name] = message.toString('utf8', at + 3, at + 3 + valueLength);
      at += 3 + valueLength;
    }
    messages.push({ headers, payload: Buffer.from(message.subarray(end, total - 4)) });
    offset += total;
  }
  return messages;
}
