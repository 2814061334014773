import { KEY_VAULT_FIELDS, type KeyVault } from '../contract/key-vault.js';
import { ManifoldError } from '../errors/manifold-error.js';

/** What the `X-Manifold-Auth` token carries (CONTRACT §2). */
export type TokenPayload = {
  /** One of the deployment's `ACCESS_CODE`s. */
  accessCode?: string;
  /** Caller's user id, forwarded to providers as `user`. */
  userId?: string;
} & KeyVault;

/** Prefix of the unsigned form, for pages without WebCrypto. */
export const UNSIGNED_TOKEN_PREFIX = 'nosafe.';
/** Token lifetime in seconds (SPEC §9). */
export const TOKEN_LIFETIME_SECONDS = 100;
/** The public string whose SHA-256 digest is the HMAC key: integrity and bounded replay, not secrecy. */
export const KEY_MATERIAL = 'Manifold client token v1';

const PAYLOAD_FIELDS = [
  'accessCode',
  'userId',
  ...KEY_VAULT_FIELDS,
] as const satisfies readonly (keyof TokenPayload)[];
// Fails to compile when KeyVault gains a field this list lacks.
const allFieldsListed: [Exclude<keyof TokenPayload, (typeof PAYLOAD_FIELDS)[number]>] extends [
  never,
]
  ? true
  : false = true;
void allFieldsListed;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

const invalid = (message: string) => new ManifoldError('InvalidAccessCode', { message });

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of a base64url (or, leniently, base64) string; undefined when it is not one. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9\-_+/]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The JSON object in a base64url segment, or undefined. */
function decodeObject(segment: string): Record<string, unknown> | undefined {
  const bytes = fromBase64Url(segment);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const encodeObject = (value: object): string => toBase64Url(encoder.encode(JSON.stringify(value)));

/** The known payload fields of an object; a known field that is not a string makes it malformed. */
function pickPayload(source: Record<string, unknown>): TokenPayload {
  const payload: Record<string, string> = {};
  for (const field of PAYLOAD_FIELDS) {
    const value = source[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw invalid(`Auth token field ${field} must be a string`);
    payload[field] = value;
  }
  return payload as TokenPayload;
}

/** Key-vault fields holding URLs: `new URL` takes any Unicode host and encodes it. */
const URL_VAULT_FIELDS: ReadonlySet<string> = new Set([
  'baseURL',
  'endpoint',
  'baseURLOrAccountID',
]);

/**
 * Refuse key-vault values an upstream call cannot carry (they end up in header values, SigV4
 * inputs or URLs): control characters (CR, LF, NUL, DEL…) anywhere, and characters above U+00FF
 * outside the URL fields. BadRequest naming the field, without echoing the value.
 */
function checkVaultValues(payload: TokenPayload): TokenPayload {
  for (const field of KEY_VAULT_FIELDS) {
    const value = payload[field];
    if (value === undefined) continue;
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      const problem =
        code < 0x20 || code === 0x7f
          ? 'a control character (line break, NUL or similar)'
          : code > 0xff && !URL_VAULT_FIELDS.has(field)
            ? 'a character outside Latin-1 (HTTP headers cannot carry it)'
            : undefined;
      if (problem) {
        throw new ManifoldError('BadRequest', {
          message: `Auth token field ${field} has ${problem} at position ${index}`,
          field,
        });
      }
    }
  }
  return payload;
}

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto (crypto.subtle) is not available; use encodeUnsignedToken');
  return api;
}

let signingKey: Promise<CryptoKey> | undefined;
function key(): Promise<CryptoKey> {
  signingKey ??= subtle()
    .digest('SHA-256', encoder.encode(KEY_MATERIAL))
    .then((digest) =>
      subtle().importKey('raw', digest, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]),
    );
  return signingKey;
}

/** True when this runtime can sign tokens (WebCrypto is missing on plain-http pages). */
export const canSignTokens = (): boolean => globalThis.crypto?.subtle !== undefined;

/**
 * Sign the auth token (CONTRACT §2): a JWT, HS256, `iat` = now, `exp` = now + 100 s, keyed with the
 * SHA-256 digest of `Manifold client token v1`. Only the known payload fields are carried.
 * `options.now` is in ms (default `Date.now()`).
 */
export async function signToken(
  payload: TokenPayload,
  options: { now?: number } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const claims = { ...pickPayload(payload), iat, exp: iat + TOKEN_LIFETIME_SECONDS };
  const input = `${encodeObject({ alg: 'HS256', typ: 'JWT' })}.${encodeObject(claims)}`;
  const signature = await subtle().sign('HMAC', await key(), encoder.encode(input));
  return `${input}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The unsigned form for browsers without WebCrypto: `nosafe.` + base64url(JSON payload). */
export function encodeUnsignedToken(payload: TokenPayload): string {
  return `${UNSIGNED_TOKEN_PREFIX}${encodeObject(pickPayload(payload))}`;
}

/**
 * Read and check an auth token. Throws ManifoldError `InvalidAccessCode` when it is missing,
 * malformed, not HS256, wrongly signed, or unsigned while `allowUnsigned` is false; and
 * `SystemTimeNotMatchError` with `body.serverTime` (ms) when it has expired (no skew allowed past
 * `exp`) or was issued more than 100 s in the future; `BadRequest` naming the field when a
 * key-vault value holds a control character (or, outside the URL fields, one above U+00FF).
 * `options.now` is in ms.
 */
/** Checks an HS256 MAC in constant time; the server passes a synchronous node:crypto one. */
export type SignatureVerifier = (
  input: Uint8Array,
  signature: Uint8Array,
) => boolean | Promise<boolean>;

const webCryptoVerifier: SignatureVerifier = async (input, signature) =>
  // crypto.subtle.verify compares the MAC in constant time.
  subtle().verify(
    'HMAC',
    await key(),
    signature as Uint8Array<ArrayBuffer>,
    input as Uint8Array<ArrayBuffer>,
  );

export async function verifyToken(
  token: string,
  options: { now?: number; allowUnsigned: boolean; verifySignature?: SignatureVerifier },
): Promise<TokenPayload> {
  const now = options.now ?? Date.now();
  if (typeof token !== 'string' || !token) throw invalid('Auth token is missing');
  if (token.startsWith(UNSIGNED_TOKEN_PREFIX)) {
    if (!options.allowUnsigned) throw invalid('Unsigned auth tokens are not accepted');
    const payload = decodeObject(token.slice(UNSIGNED_TOKEN_PREFIX.length));
    if (!payload) throw invalid('Auth token is malformed');
    return checkVaultValues(pickPayload(payload));
  }
  const segments = token.split('.');
  if (segments.length !== 3) throw invalid('Auth token is malformed');
  const [headerSegment = '', claimsSegment = '', signatureSegment = ''] = segments;
  const header = decodeObject(headerSegment);
  if (!header) throw invalid('Auth token is malformed');
  if (header.alg !== 'HS256') throw invalid('Auth token must be signed with HS256');
  const signature = fromBase64Url(signatureSegment);
  if (!signature || signature.length === 0) throw invalid('Auth token is malformed');
  const input = encoder.encode(`${headerSegment}.${claimsSegment}`);
  if (!(await (options.verifySignature ?? webCryptoVerifier)(input, signature))) {
    throw invalid('Auth token signature is invalid');
  }
  const claims = decodeObject(claimsSegment);
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    throw invalid('Auth token is malformed');
  }
  const skewed = (message: string) =>
    new ManifoldError('SystemTimeNotMatchError', { serverTime: now, message });
  if (now >= claims.exp * 1000) throw skewed('Auth token has expired; check the system clock');
  if (typeof claims.iat === 'number' && claims.iat * 1000 - now > TOKEN_LIFETIME_SECONDS * 1000) {
    throw skewed('Auth token was issued in the future; check the system clock');
  }
  return checkVaultValues(pickPayload(claims));
}
