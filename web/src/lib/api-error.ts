import { catalogueEntry } from '@manifold/core/errors/catalogue';

/** A UI language the error catalogue has messages for. */
export type Locale = 'en' | 'zh';

/**
 * A failed gateway call as the web app shows it (CONTRACT §7): `errorType` is a catalogue name
 * (`InvalidProviderAPIKey`, …) or an HTTP status number; `status` is the HTTP status (0 when the
 * request never got an answer); `body` holds the details (`error`, `provider`, `endpoint`, `message`).
 */
export class ChatFetchError extends Error {
  /** Catalogue error type, or the HTTP status when the answer had no JSON error body. */
  errorType: string | number;
  /** HTTP status of the answer; 0 for network failures. */
  status: number;
  /** Error details from the gateway (or `{message, name}` of a network failure). */
  body: Record<string, unknown>;

  constructor(
    errorType: string | number,
    status: number,
    body: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    const message = typeof body.message === 'string' ? body.message : String(errorType);
    super(message, options);
    this.name = 'ChatFetchError';
    this.errorType = errorType;
    this.status = status;
    this.body = body;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The error of a non-OK response: a JSON `{errorType, body}` answer keeps its type and body;
 * anything else (HTML from a proxy, empty, other JSON) gets `errorType` = the status number and
 * `body.message` = the first 1000 characters of the text, when there is any.
 */
export async function errorFromResponse(response: Response): Promise<ChatFetchError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body still yields an error with the status.
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      isRecord(parsed) &&
      (typeof parsed.errorType === 'string' || typeof parsed.errorType === 'number')
    ) {
      return new ChatFetchError(
        parsed.errorType,
        response.status,
        isRecord(parsed.body) ? parsed.body : {},
      );
    }
  } catch {
    // Not JSON: fall through to the status code.
  }
  const body: Record<string, unknown> = {};
  if (text.trim()) body.message = text.slice(0, 1000);
  return new ChatFetchError(response.status, response.status, body);
}

/**
 * The error of a request that got no answer (fetch rejected: offline, DNS, CORS): type
 * `UnknownChatFetchError`, status 0, body `{message, name}` of the cause.
 */
export function networkError(cause: unknown): ChatFetchError {
  const body =
    cause instanceof Error
      ? { message: cause.message, name: cause.name }
      : { message: String(cause), name: 'Error' };
  return new ChatFetchError('UnknownChatFetchError', 0, body, { cause });
}

/** True for the error a fetch or stream read throws when its AbortSignal fired. */
export function isAbortError(error: unknown): boolean {
  return (
    error !== null &&
    typeof error === 'object' &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

const DEFAULT_PROVIDER: Record<Locale, string> = { en: 'the provider', zh: '服务商' };

/**
 * The user-facing message of an error type in `locale`, from the core error catalogue, with
 * `{{provider}}` replaced by `provider` (default "the provider" / "服务商"). A type the catalogue
 * lacks gets a generic message naming it.
 */
export function errorText(errorType: string | number, locale: Locale, provider?: string): string {
  const entry = catalogueEntry(errorType);
  const name = provider || DEFAULT_PROVIDER[locale];
  if (!entry) {
    return locale === 'zh'
      ? `请求失败（${String(errorType)}），请稍后重试。`
      : `The request failed (${String(errorType)}). Please try again later.`;
  }
  return entry[locale].replaceAll('{{provider}}', name);
}

/**
 * Why a call from the page straight to a provider ("fetch from the browser") got no answer, as far
 * as the page can tell; carried in `body.clientFetch` of the error. `cors`: the provider answered
 * but did not allow this page's origin; `unreachable`: nothing answered at that address;
 * `insecure`: an https page may not call that plain-http address.
 */
export interface ClientFetchFailure {
  reason: 'cors' | 'unreachable' | 'insecure';
  /** Origin of the provider address the page called. */
  target: string;
  /** Origin of the page (what the provider must allow). */
  origin?: string;
}

const REASONS = new Set<unknown>(['cors', 'unreachable', 'insecure']);

/** The `body.clientFetch` of an error, when it is one. */
export function clientFetchFailureOf(body: unknown): ClientFetchFailure | undefined {
  if (!isRecord(body) || !isRecord(body.clientFetch)) return undefined;
  const { reason, target, origin } = body.clientFetch;
  if (!REASONS.has(reason) || typeof target !== 'string') return undefined;
  return {
    reason: reason as ClientFetchFailure['reason'],
    target,
    ...(typeof origin === 'string' ? { origin } : {}),
  };
}

/**
 * The explanation texts of a failed call from the page (locale labels): one per reason, `{provider}`,
 * `{target}` and `{origin}` replaced; `corsByType` holds a text for an error type whose server has
 * its own way to allow an origin (looked up by the error's type, never by provider).
 */
export interface ClientFetchTexts {
  cors: string;
  corsByType: Readonly<Record<string, string>>;
  unreachable: string;
  insecure: string;
}

/** What to tell the person about a call from the page that got no answer. */
export function clientFetchText(
  errorType: string | number,
  failure: ClientFetchFailure,
  texts: ClientFetchTexts,
  provider: string,
  pageOrigin = '',
): string {
  const template =
    failure.reason === 'cors'
      ? (texts.corsByType[String(errorType)] ?? texts.cors)
      : texts[failure.reason];
  return template
    .replaceAll('{provider}', provider)
    .replaceAll('{target}', failure.target)
    .replaceAll('{origin}', failure.origin ?? pageOrigin);
}
