import { randomBytes } from 'node:crypto';

/** The caller's span a request continues, from its W3C `traceparent` header. */
export interface RemoteParent {
  /** 32 lowercase hex digits. */
  traceId: string;
  /** 16 lowercase hex digits. */
  spanId: string;
  /** The caller's sampling decision (the `sampled` flag). */
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZEROS = /^0+$/;

/**
 * A W3C Trace Context `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header):
 * `version-traceid-parentid-flags`; version `ff`, all-zero ids, or extra fields on version `00`
 * make it invalid (undefined), as the recommendation says.
 */
export function parseTraceparent(header: string | string[] | undefined): RemoteParent | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ZEROS.test(traceId!) || ZEROS.test(spanId!)) return undefined;
  return { traceId: traceId!, spanId: spanId!, sampled: (parseInt(flags!, 16) & 1) === 1 };
}

/** A new OpenTelemetry trace id (16 random bytes, hex). */
export const newTraceId = (): string => randomBytes(16).toString('hex');

/** A new OpenTelemetry span id (8 random bytes, hex). */
export const newSpanId = (): string => randomBytes(8).toString('hex');

/**
 * The trace id a client gave (`X-Manifold-Trace` `traceId`) as an OpenTelemetry trace id, when it
 * can be one: 32 hex digits, dashes allowed (a UUID, as LobeChat sends), not all zeros. Then a
 * chat and the tool calls the client sends with the same `traceId` land in one trace.
 */
export function asOtelTraceId(given: string | undefined): string | undefined {
  const hex = given?.replace(/-/g, '').toLowerCase();
  return hex && /^[0-9a-f]{32}$/.test(hex) && !ZEROS.test(hex) ? hex : undefined;
}
