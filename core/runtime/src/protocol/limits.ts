import { UpstreamFault, formatBytes } from '../errors/upstream-fault.js';

/**
 * How much of an upstream answer the gateway holds, and how long it waits for one. Nothing an
 * upstream sends may grow memory without bound or hold a connection forever: a line (SSE, NDJSON)
 * or event-stream frame is capped, a body read whole is capped, and every call has a connect, a
 * first-byte, an idle and a total timeout.
 */
export interface UpstreamLimits {
  /** Longest line (SSE or NDJSON) or event-stream frame, in bytes. */
  maxLineBytes: number;
  /** Largest body read whole (JSON answers, error pages), and largest `?format=json` result. */
  maxBodyBytes: number;
  /** Time to open the connection (DNS and TCP/TLS). */
  connectTimeoutMs: number;
  /** Time from sending the request to the answer's headers. */
  firstByteTimeoutMs: number;
  /** Longest silence in an answer: no complete line of a stream, no byte of a body. */
  idleTimeoutMs: number;
  /** Longest a whole call may take, headers to last byte (0: no limit). */
  totalTimeoutMs: number;
}

/** The defaults (README, configuration table). */
export const DEFAULT_UPSTREAM_LIMITS: Readonly<UpstreamLimits> = Object.freeze({
  maxLineBytes: 8 * 1024 * 1024,
  maxBodyBytes: 64 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  firstByteTimeoutMs: 180_000,
  idleTimeoutMs: 180_000,
  totalTimeoutMs: 1_800_000,
});

let current: Readonly<UpstreamLimits> = DEFAULT_UPSTREAM_LIMITS;
let version = 0;

/** The limits in force (the gateway sets them from its configuration at boot). */
export const upstreamLimits = (): Readonly<UpstreamLimits> => current;

/** Bumped on every change, so that holders of derived state (connection pools) rebuild it. */
export const upstreamLimitsVersion = (): number => version;

/**
 * Set the process-wide limits (one gateway per process; browsers keep the defaults). Returns a
 * function that puts the previous ones back (the gateway calls it when it closes).
 */
export function configureUpstreamLimits(limits: Partial<UpstreamLimits>): () => void {
  const previous = current;
  current = Object.freeze({ ...current, ...limits });
  version++;
  return () => {
    current = previous;
    version++;
  };
}

/** The fault for a line or frame longer than `limit` bytes. */
export const lineTooLong = (limit: number): UpstreamFault =>
  new UpstreamFault(
    'line_too_long',
    `The provider sent a line longer than ${formatBytes(limit)}; the answer was cut off`,
    { limit, setting: 'UPSTREAM_MAX_LINE_BYTES' },
  );

/** The fault for a body larger than `limit` bytes. */
export const bodyTooLarge = (limit: number): UpstreamFault =>
  new UpstreamFault(
    'response_too_large',
    `The provider's answer is larger than ${formatBytes(limit)}; it was cut off`,
    { limit, setting: 'UPSTREAM_MAX_BODY_BYTES' },
  );
