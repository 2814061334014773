/** What replaces a secret value. */
export const REDACTED = '****';

/** How deep and how much of a value is kept, and what else is masked. */
interface Limits {
  /** Nesting depth below which values are replaced by `[truncated]`; also stops cycles. */
  maxDepth: number;
  /** Array items kept per array. */
  maxItems: number;
  /** Exact values masked wherever they occur in a string (a configured key). */
  secrets: readonly string[];
  /** Strings holding JSON (a raw upstream chunk) are masked field by field too. */
  parseJSON: boolean;
  /** Longest string kept, in characters (an upstream's whole HTML error page is not). */
  maxStringLength?: number;
}

/**
 * Error bodies never need more than 8 levels, 100 items per array and 8192 characters per string
 * (a 5 MB error page of a proxy is cut to its start).
 */
const ERROR_BODY: Limits = {
  maxDepth: 8,
  maxItems: 100,
  secrets: [],
  parseJSON: false,
  maxStringLength: 8192,
};

/** `text` cut to `max` characters (never inside a surrogate pair), saying how much was left out. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}… [${text.length - end} more characters]`;
}
/** Logged payloads are kept whole (a long conversation, a deep tool schema). */
const LOG_DEPTH = 64;
/** Shorter values are not taken as secrets: masking them would garble unrelated text. */
const MIN_SECRET_LENGTH = 4;

/** Field names (lower case, without `-` and `_`) whose values are always secret. */
const SECRET_FIELDS = new Set([
  'apikey',
  'xapikey',
  'key',
  'token',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'secret',
  'password',
  'passwd',
  'accesscode',
  'accesskeyid',
  'credentials',
  'credential',
  'privatekey',
]);

/** Suffixes of field names that hold secrets (`openaiApiKey`, `access_token`, `client_secret`). */
const SECRET_SUFFIXES = ['apikey', 'accesstoken', 'refreshtoken', 'sessiontoken', 'authtoken'];
const SECRET_ENDINGS = ['secret', 'password', 'secretaccesskey', 'idtoken', 'bearertoken'];

/** Patterns of secrets inside free text, each with its replacement. */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  // Bearer and Basic credentials in echoed headers.
  [/\bBearer\s+[\w\-.~+/]+=*/gi, `Bearer ${REDACTED}`],
  [/\bBasic\s+[A-Za-z0-9+/]{8,}=*/g, `Basic ${REDACTED}`],
  // Prefixed API keys (sk-…, sk-ant-…, gsk_…, hf_…, xai-…, ghp_…, github_pat_…, r8_…).
  [/\b(sk|pk|rk|gsk|hf|xai|ghp|gho|ghu|github_pat|r8)([-_])[\w-]{16,}/g, `$1$2${REDACTED}`],
  // Cloud console style keys.
  [/\bAIza[\w-]{20,}/g, `AIza${REDACTED}`],
  // JWTs.
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, REDACTED],
  // Keys in query strings (`?key=…`, `&api_key=…`, `access_token=…`, `subscription-key=…`), and
  // the signatures and function keys of Azure-style proxies (`sig=…`, `code=…`).
  [
    /([?&](?:[\w.-]*(?:key|token|secret|password|passwd)|sig|signature|code|auth)=)[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
  // User info in URLs (`https://user:pass@host`).
  [/(\b[a-z][\w+.-]*:\/\/)[^/\s@"']+@/gi, `$1${REDACTED}@`],
];

const isSecretField = (name: string): boolean => {
  const normalized = name.toLowerCase().replace(/[-_\s]/g, '');
  return (
    SECRET_FIELDS.has(normalized) ||
    SECRET_SUFFIXES.some((suffix) => normalized.endsWith(suffix)) ||
    SECRET_ENDINGS.some((ending) => normalized.endsWith(ending))
  );
};

/** Mask secrets found in free text (keys, bearer tokens, JWTs, query-string keys, URL user info). */
export function sanitizeText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_PATTERNS)
    result = result.replace(pattern, replacement);
  return result;
}

function sanitizeString(text: string, depth: number, limits: Limits): string {
  let result =
    limits.maxStringLength === undefined ? text : truncateText(text, limits.maxStringLength);
  for (const secret of limits.secrets) result = result.split(secret).join(REDACTED);
  if (limits.parseJSON && /^\s*[[{]/.test(result)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(result);
    } catch {
      return sanitizeText(result);
    }
    // Re-serialised only when a field was masked, so a clean chunk is logged byte for byte.
    const masked = JSON.stringify(sanitizeAt(parsed, depth, limits));
    if (masked !== JSON.stringify(parsed)) return masked;
  }
  return sanitizeText(result);
}

function sanitizeAt(value: unknown, depth: number, limits: Limits): unknown {
  if (typeof value === 'string') return sanitizeString(value, depth, limits);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return undefined;
    return value;
  }
  if (depth >= limits.maxDepth) return '[truncated]';
  if (Array.isArray(value)) {
    return value.slice(0, limits.maxItems).map((item) => sanitizeAt(item, depth + 1, limits));
  }
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[binary]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const source: Record<string, unknown> = {};
  if (value instanceof Error) {
    // Stacks reveal server paths; only name, message and the common status fields are kept.
    source.name = value.name;
    source.message = value.message;
    if (value.cause !== undefined) source.cause = value.cause;
  }
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries({ ...source, ...value })) {
    if (name === 'stack') continue;
    if (isSecretField(name) && field !== undefined && field !== null && field !== '') {
      result[name] = REDACTED;
      continue;
    }
    const sanitized = sanitizeAt(field, depth + 1, limits);
    if (sanitized !== undefined) result[name] = sanitized;
  }
  return result;
}

/**
 * A copy of an upstream error body that is safe to show a client: values of fields named like
 * credentials (`api_key`, `apiKey`, `authorization`, `key`, `token`, `secret`, …) become `****`, and
 * secrets inside strings (`sk-…`, `Bearer …`, JWTs, `?key=…`, URL user info) are masked. Errors keep
 * name and message but never a stack. Depth-limited (cycles end as `[truncated]`); any input is accepted.
 */
export function sanitizeUpstreamError(value: unknown): unknown {
  return sanitizeAt(value, 0, ERROR_BODY);
}

/**
 * A copy of a log record that is safe to write: the masking of `sanitizeUpstreamError` (secret
 * fields, keys inside strings), and a string that holds JSON — a raw upstream chunk — masked field
 * by field as well (re-serialised only when something was masked). Each of `secrets` (the call's
 * API key, a query value of its base URL…) is masked wherever it occurs; values shorter than 4
 * characters are ignored. Arrays are kept whole and nesting up to 64 levels, so a debug log still
 * shows the full payload.
 */
export function sanitizeLogValue(
  value: unknown,
  secrets: ReadonlyArray<string | undefined> = [],
): unknown {
  const present = secrets.filter(
    (secret): secret is string => !!secret && secret.length >= MIN_SECRET_LENGTH,
  );
  // Longest first, so a secret that contains another is masked whole.
  present.sort((a, b) => b.length - a.length);
  return sanitizeAt(value, 0, {
    maxDepth: LOG_DEPTH,
    maxItems: Infinity,
    secrets: present,
    parseJSON: true,
  });
}
