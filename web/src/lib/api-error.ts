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

/**
 * A failed reply as a conversation keeps it (and the error notice shows it): the type, the HTTP
 * status when there was one, the message and the body the gateway sent (CONTRACT §7: `error`,
 * `provider`, `endpoint`, `message`, `reason`, `field`, …; secrets already masked by the gateway),
 * and, for a call from the page that got no answer, why.
 */
export interface MessageError {
  errorType: string | number;
  status?: number;
  message?: string;
  body?: Record<string, unknown>;
  clientFetch?: ClientFetchFailure;
}

/** The body without `clientFetch` (kept apart), or undefined when nothing is left. */
function keptBody(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body)) return undefined;
  const rest = { ...body };
  delete rest.clientFetch;
  return Object.keys(rest).length ? rest : undefined;
}

/** The `MessageError` of a failed call (a `ChatFetchError`, anything else as `UnknownChatFetchError`). */
export function messageErrorOf(error: unknown): MessageError {
  const e = error instanceof ChatFetchError ? error : networkError(error);
  const body = keptBody(e.body);
  const clientFetch = clientFetchFailureOf(e.body);
  return {
    errorType: e.errorType,
    status: e.status,
    message: e.message,
    ...(body && { body }),
    ...(clientFetch && { clientFetch }),
  };
}

/** The `MessageError` of a stream's `error` event (`{type, message, body}`, CONTRACT §4). */
export function streamErrorOf(data: unknown): MessageError {
  const record = isRecord(data) ? data : {};
  const type = record.type;
  const body = keptBody(record.body);
  const clientFetch = clientFetchFailureOf(record.body);
  return {
    errorType:
      typeof type === 'string' || typeof type === 'number' ? type : 'UnknownChatFetchError',
    ...(typeof record.message === 'string' && record.message ? { message: record.message } : {}),
    ...(body && { body }),
    ...(clientFetch && { clientFetch }),
  };
}

/** What the gateway said caused an error, for the notice's "Cause" line. */
export interface ErrorCause {
  /** The provider's (or gateway's) own message, masked by the gateway. */
  message?: string;
  /** A system or provider error code (`ECONNREFUSED`, `invalid_api_key`, `rate_limit_exceeded`). */
  code?: string;
  /** The masked endpoint of a custom base URL (`https://api.my****ny.com/v1`). */
  endpoint?: string;
  /** The gateway's reason (`connect_timeout`, `unexpected_end`, …). */
  reason?: string;
  /** The request field a `BadRequest` names. */
  field?: string;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The first `code` (or `type` as a string) found in an upstream error object, a level or two deep. */
function codeOf(value: unknown, depth = 0): string | undefined {
  if (!isRecord(value) || depth > 2) return undefined;
  const code = value.code;
  if (typeof code === 'string' && code) return code;
  if (typeof code === 'number') return String(code);
  return codeOf(value.error, depth + 1) ?? textOf(value.type);
}

/** The upstream's own message inside `body.error` (a string, or `{message}` a level or two deep). */
function upstreamMessage(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return textOf(value);
  if (!isRecord(value) || depth > 2) return undefined;
  return textOf(value.message) ?? upstreamMessage(value.error, depth + 1);
}

/**
 * The cause of an error as the gateway sent it: `body.message` (else the upstream's own message in
 * `body.error`, else the error's message when it is not just its type), the code, the masked
 * endpoint, the reason and the field. Undefined when the body says nothing.
 */
export function errorCause(error: MessageError): ErrorCause | undefined {
  const body = error.body ?? {};
  const cause: ErrorCause = {};
  const own = textOf(error.message);
  const message =
    textOf(body.message) ??
    upstreamMessage(body.error) ??
    (own && own !== String(error.errorType) ? own : undefined);
  if (message) cause.message = message;
  const code = codeOf(body.error);
  if (code && code !== message) cause.code = code;
  const endpoint = textOf(body.endpoint);
  if (endpoint) cause.endpoint = endpoint;
  const reason = textOf(body.reason);
  if (reason) cause.reason = reason;
  const field = textOf(body.field);
  if (field) cause.field = field;
  return Object.keys(cause).length ? cause : undefined;
}

/**
 * What the error notice offers to fix an error, besides Retry (always there):
 * - `key`: the provider's key form (Invalid* types, 401, a missing key);
 * - `accessCode`: the access-code field (`InvalidAccessCode`);
 * - `baseURL`: the provider's address fields (a connection that failed, an invalid URL, a
 *   `BadRequest` naming a URL field, a connect timeout);
 * - `localService`: the guide to start a local model service and allow this page's origin
 *   (`OllamaServiceUnavailable`, by its type);
 * - `quota`: a link to the provider's billing or key page (429, 402 and the quota types);
 * - `plans`: the gateway's Plans page (the cloud edition's `FreePlanLimit`, `SubscriptionPlanLimit`).
 */
export type ErrorFix = 'key' | 'accessCode' | 'baseURL' | 'localService' | 'quota' | 'plans';

/** System error codes of a connection that failed (Node, undici), or of an unusable URL. */
export const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_INVALID_URL',
]);

/** The key-vault fields that hold an address. */
export const URL_FIELDS: ReadonlySet<string> = new Set([
  'baseURL',
  'endpoint',
  'baseURLOrAccountID',
]);

const QUOTA_TYPES = new Set<string | number>([429, 402, 'QuotaLimitReached', 'InsufficientQuota']);

/** The cloud edition's own limits (402): the gateway's plans, not the provider's billing. */
const PLAN_TYPES = new Set<string | number>(['FreePlanLimit', 'SubscriptionPlanLimit']);

const KEY_TYPES = new Set<string | number>([
  401,
  'NoOpenAIAPIKey',
  'ConnectionCheckFailed',
  'PermissionDenied',
]);

/** The fixes the error notice offers for an error (see `ErrorFix`), in the order it shows them. */
export function errorFix(error: MessageError): ErrorFix[] {
  const type = error.errorType;
  const name = typeof type === 'string' ? type : '';
  const body = error.body ?? {};
  const fixes: ErrorFix[] = [];
  if (name === 'OllamaServiceUnavailable') fixes.push('localService', 'baseURL');
  if (name === 'InvalidAccessCode') fixes.push('accessCode', 'key');
  else if (name === 'InvalidOllamaArgs') fixes.push('baseURL');
  else if (name === 'InvalidClerkUser') {
    // signing in is not a key
  } else if (name.includes('Invalid') || KEY_TYPES.has(type)) fixes.push('key');
  if (name === 'ConnectionCheckFailed') fixes.push('baseURL');
  const code = codeOf(body.error);
  const field = textOf(body.field);
  const message = textOf(body.message) ?? '';
  const connection =
    (code !== undefined && CONNECTION_CODES.has(code)) ||
    body.reason === 'connect_timeout' ||
    (name === 'BadRequest' &&
      ((field !== undefined && URL_FIELDS.has(field)) ||
        /\b(baseURL|endpoint|baseURLOrAccountID)\b/.test(message)));
  if (connection && !fixes.includes('baseURL')) fixes.push('baseURL');
  if (PLAN_TYPES.has(type)) fixes.push('plans');
  else if (QUOTA_TYPES.has(type) || error.status === 429 || error.status === 402)
    fixes.push('quota');
  return fixes;
}
