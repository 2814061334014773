import { ManifoldError } from '../errors/manifold-error.js';
import { sanitizeText } from '../errors/sanitize.js';
import { bytesToBase64, concatBytes } from './base64.js';

/** An image as bytes in base64 with its media type, the form native vision APIs take. */
export interface ImageData {
  /** e.g. `image/png`. */
  mimeType: string;
  /** The bytes, base64-encoded (no `data:` prefix). */
  base64: string;
}

/** Largest image fetched for inlining; bigger ones are refused (the request body limit is 20 MiB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Time allowed to fetch one image. */
export const IMAGE_FETCH_TIMEOUT_MS = 15_000;

/** True when `LLM_VISION_IMAGE_USE_BASE64=1`: image URLs are fetched and sent inline. */
export const useBase64Images = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env.LLM_VISION_IMAGE_USE_BASE64 === '1';

/** The parts of a base64 `data:` URL, or undefined when the URL is not one. */
export function parseDataURL(url: string): ImageData | undefined {
  const match = /^data:([^;,]+)?((?:;[^;,]*)*?);base64,(.*)$/is.exec(url.trim());
  if (!match) return undefined;
  return { mimeType: match[1]?.toLowerCase() || 'application/octet-stream', base64: match[3]! };
}

/** `data:<type>;base64,<bytes>`. */
export const toDataURL = (image: ImageData): string =>
  `data:${image.mimeType};base64,${image.base64}`;

/** Media type from the first bytes, for servers that answer `application/octet-stream`. */
function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return undefined;
}

/** Options of `loadImage`. */
export interface LoadImageOptions {
  /** Provider id, for the error body. */
  provider: string;
  /** The fetch to use (the gateway's guarded one under `BASE_URL_POLICY=public`). */
  fetch?: typeof globalThis.fetch;
  /** The client's signal. */
  signal?: AbortSignal;
  /** Default `MAX_IMAGE_BYTES`. */
  maxBytes?: number;
  /** Default `IMAGE_FETCH_TIMEOUT_MS`. */
  timeoutMs?: number;
}

const failure = (provider: string, url: string, reason: string, cause?: unknown) =>
  new ManifoldError(
    'BadRequest',
    {
      message: `Failed to fetch the image ${sanitizeText(url)}: ${reason}`,
      provider,
      imageUrl: sanitizeText(url),
    },
    { cause },
  );

/**
 * An image URL as inline bytes: a `data:` URL is decoded, an http(s) URL is fetched (bounded in
 * time and size). Fails with 400 BadRequest naming the URL and the reason, before any upstream call.
 */
export async function loadImage(url: string, options: LoadImageOptions): Promise<ImageData> {
  const inline = parseDataURL(url);
  if (inline) return inline;
  if (!/^https?:\/\//i.test(url))
    throw failure(options.provider, url, 'not an http(s) or data URL');
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, { signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const reason = timeout.aborted
      ? 'timed out'
      : error instanceof ManifoldError
        ? (error.body.message ?? error.message)
        : ((error as Error)?.cause as Error | undefined)?.message || (error as Error).message;
    throw failure(options.provider, url, reason, error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw failure(options.provider, url, `HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw failure(options.provider, url, `larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw failure(options.provider, url, `larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ManifoldError || options.signal?.aborted) throw error;
    throw failure(options.provider, url, 'the connection broke', error);
  }
  const bytes = concatBytes(chunks);
  const declaredType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  const mimeType =
    declaredType?.startsWith('image/') === true
      ? declaredType
      : (sniffImageType(bytes) ?? declaredType ?? 'application/octet-stream');
  return { mimeType, base64: bytesToBase64(bytes) };
}
