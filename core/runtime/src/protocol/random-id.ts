const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A random alphanumeric string of `length` characters, for stream and tool-call ids.
 * Uses `crypto.getRandomValues`, which browsers offer on plain-http pages too (unlike `randomUUID`).
 */
export function randomId(length: number): string {
  let result = '';
  while (result.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length + 8));
    for (let i = 0; i < bytes.length && result.length < length; i++) {
      // 6 bits give 0–63; dropping 62 and 63 keeps every character equally likely.
      const value = (bytes[i] as number) & 63;
      if (value < 62) result += ALPHABET[value];
    }
  }
  return result;
}

/** A generated stream id, `chat_` + 16 random characters, for providers that send no id. */
export const newStreamId = (): string => 'chat_' + randomId(16);

/** A generated tool-call id, `call_` + 24 random characters, for calls the provider gave no id. */
export const newToolCallId = (): string => 'call_' + randomId(24);
