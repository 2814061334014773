/**
 * What every search backend shares: the query it is given, the hits it returns, the failure it
 * reports, and the JSON request helper that turns an HTTP error answer into that failure.
 */
import { REDACTED, sanitizeText } from '@manifold/core/errors/sanitize';

/** The backends, in the default order of `SEARCH_PROVIDERS`. */
export const BACKEND_NAMES = ['searxng', 'tavily', 'brave', 'exa', 'google'] as const;
export type BackendName = (typeof BACKEND_NAMES)[number];

/** Time ranges the `search` api takes (CONTRACT §8). */
export type TimeRange = 'day' | 'week' | 'month' | 'year';

/** One search as the model asked for it. */
export interface SearchQuery {
  query: string;
  /** Free-form categories (`news`, `science`, `it`…): each backend maps what it knows. */
  categories: readonly string[];
  timeRange?: TimeRange;
  /** Most hits wanted. */
  limit: number;
}

/** One result, the same whatever the backend. */
export interface SearchHit {
  title: string;
  url: string;
  /** Plain text, no markup. */
  snippet: string;
  /** As the backend gave it (ISO date or a phrase such as "2 days ago"). */
  published?: string;
  /** The backend's own favicon URL, when it gives one. */
  favicon?: string;
}

/** What a backend call runs with. */
export interface BackendIO {
  fetch: typeof globalThis.fetch;
  signal: AbortSignal;
}

/** A configured search service. */
export interface SearchBackend {
  name: BackendName;
  /** Values that must never appear in a message (keys, passwords). */
  secrets: readonly string[];
  /** Resolves with the hits (possibly none); rejects with `BackendError` or a transport error. */
  search(query: SearchQuery, io: BackendIO): Promise<SearchHit[]>;
}

/** A backend's refusal or malformed answer, as one line (`HTTP 401: …`). */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}

/** `text` with every secret (and anything that looks like a key) masked. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets)
    if (secret.length >= 4) masked = masked.split(secret).join(REDACTED);
  return sanitizeText(masked);
}

/** The longest part of an error body quoted in a message. */
const ERROR_QUOTE = 300;

/**
 * Send a request and read its JSON answer. A non-2xx answer becomes a `BackendError` whose message
 * is `HTTP <status>: <what the body says>`, the body's text picked by `describe` (each service puts
 * it elsewhere) or its first characters.
 */
export async function requestJSON(
  io: BackendIO,
  url: string,
  init: RequestInit,
  describe: (body: unknown) => string | undefined,
): Promise<unknown> {
  const response = await io.fetch(url, { ...init, signal: io.signal });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    // a JSON error in the service's own shape, else the start of the page as text (an HTML
    // error page of a proxy says little more than its status)
    const said = (body !== undefined && describe(body)) || plainText(text).slice(0, ERROR_QUOTE);
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    throw new BackendError(said ? `${status}: ${said}` : status, response.status);
  }
  if (body === undefined || typeof body !== 'object' || body === null)
    throw new BackendError(`answered ${response.status} without a JSON object`, response.status);
  return body;
}

/** A field of an unknown JSON value, or undefined. */
export const field = (value: unknown, ...path: string[]): unknown => {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
};

/** A string field, or undefined. */
export const text = (value: unknown, ...path: string[]): string | undefined => {
  const found = field(value, ...path);
  return typeof found === 'string' ? found : undefined;
};

/** An array field, or an empty array. */
export const list = (value: unknown, ...path: string[]): unknown[] => {
  const found = field(value, ...path);
  return Array.isArray(found) ? found : [];
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Snippet text without markup (`<strong>` highlights, entities) and runs of white space. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (!lower.startsWith('#')) return ENTITIES[lower] ?? entity;
      const code = lower.startsWith('#x')
        ? parseInt(lower.slice(2), 16)
        : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The hits with a usable http(s) URL, at most `limit`. */
export function usableHits(hits: Iterable<SearchHit>, limit: number): SearchHit[] {
  const kept: SearchHit[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (kept.length >= limit) break;
    if (!/^https?:\/\//i.test(hit.url) || seen.has(hit.url)) continue;
    seen.add(hit.url);
    kept.push({ ...hit, title: plainText(hit.title) || hit.url, snippet: plainText(hit.snippet) });
  }
  return kept;
}
