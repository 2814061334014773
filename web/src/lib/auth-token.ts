import {
  canSignTokens,
  encodeUnsignedToken,
  signToken,
  type TokenPayload,
} from '@manifold/core/auth/token';

export type { TokenPayload };

/** Name of the auth header every `/webapi/*` request carries (CONTRACT §2), lower-cased as fetch sends it. */
export const AUTH_HEADER = 'x-manifold-auth';

/** Milliseconds to add to the local clock so tokens carry the server's time (0 until corrected). */
let serverClockOffset = 0;

/**
 * Set the correction added to `Date.now()` when tokens are signed: `serverTime - Date.now()` after
 * a `SystemTimeNotMatchError` answer (whose `body.serverTime` is the server's clock in ms).
 */
export function setServerClockOffset(ms: number): void {
  serverClockOffset = Number.isFinite(ms) ? ms : 0;
}

/** The current clock correction in ms (see `setServerClockOffset`). */
export function getServerClockOffset(): number {
  return serverClockOffset;
}

/**
 * Correct the clock from a server's time: sets the offset to `serverTime - now` (`now` defaults to
 * `Date.now()`). Returns false (and changes nothing) when `serverTime` is not a finite number.
 */
export function syncServerClock(serverTime: unknown, now: number = Date.now()): boolean {
  if (typeof serverTime !== 'number' || !Number.isFinite(serverTime)) return false;
  setServerClockOffset(serverTime - now);
  return true;
}

/** Options of `createAuthToken` / `authHeaders`, mainly for tests. */
export interface AuthTokenOptions {
  /** Local clock in ms (default `Date.now()`); the server clock offset is added to it. */
  now?: number;
  /** Force the signed (true) or unsigned (false) form; default: signed when WebCrypto exists. */
  signed?: boolean;
}

/**
 * The `X-Manifold-Auth` token for a payload: a signed JWT (HS256, iat = corrected now) when
 * `globalThis.crypto.subtle` exists, else the unsigned `nosafe.` form for plain-http pages.
 */
export async function createAuthToken(
  payload: TokenPayload,
  options: AuthTokenOptions = {},
): Promise<string> {
  const signed = options.signed ?? canSignTokens();
  if (!signed) return encodeUnsignedToken(payload);
  return signToken(payload, { now: (options.now ?? Date.now()) + serverClockOffset });
}

/**
 * Headers for a `/webapi/*` JSON request: `x-manifold-auth` with a fresh token (see
 * `createAuthToken`) and `content-type: application/json`.
 */
export async function authHeaders(
  payload: TokenPayload,
  options: AuthTokenOptions = {},
): Promise<Record<string, string>> {
  return {
    [AUTH_HEADER]: await createAuthToken(payload, options),
    'content-type': 'application/json',
  };
}
