/** What replaces a secret value. */
export const REDACTED = '****';

/** Nesting depth below which values are replaced by `[truncated]`; also stops cycles. */
const MAX_DEPTH = 8;
/** Array items kept per array; error bodies never need more. */
const MAX_ITEMS = 100;

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
  // Keys in query strings (`?key=…`, `&api_key=…`, `access_token=…`).
  [/([?&](?:key|api[_-]?key|access[_-]?token|token|secret|auth)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
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

function sanitizeAt(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return sanitizeText(value);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return undefined;
    return value;
  }
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) {
    return value.slice(0, MAX_ITEMS).map((item) => sanitizeAt(item, depth + 1));
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
    const sanitized = sanitizeAt(field, depth + 1);
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
  return sanitizeAt(value, 0);
}
