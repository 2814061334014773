import type { RemoteParent } from './trace-context.js';
import type { TracingConfig } from './tracing-config.js';

/** Span attribute values (OpenTelemetry's primitive and string-array values); undefined is left out. */
export type SpanAttributes = Record<string, string | number | boolean | string[] | undefined>;

/** A span being recorded, without OpenTelemetry's types (they load only when tracing is on). */
export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  /** Mark the span failed: status ERROR, `error.type`, the message as the status description. */
  fail(errorType: string | number, message?: string): void;
  /** A span under this one, started now. */
  child(name: string, kind: 'client' | 'internal', attributes: SpanAttributes): SpanHandle;
  end(): void;
}

/** Where a request's span goes in its trace, and the ids it must have. */
export interface SpanPlacement {
  /** The trace id (the caller's when a `traceparent` came). */
  traceId: string;
  /** The span's own id (`X-Manifold-Observation-Id`). */
  spanId: string;
  /** The caller's span, from `traceparent`: the new span is its child. */
  parent?: RemoteParent;
}

/** The gateway's tracer: the spans of traced requests, exported over OTLP/HTTP. */
export interface Tracer {
  /** A request's span (kind server) with the given ids, started at `startTime` (ms since epoch). */
  startRequestSpan(
    name: string,
    placement: SpanPlacement,
    attributes: SpanAttributes,
    startTime?: number,
  ): SpanHandle;
  /** Export what is pending and stop. */
  close(): Promise<void>;
}

/**
 * The tracer for `config`, loading OpenTelemetry only now: a gateway without
 * `OTEL_EXPORTER_OTLP_ENDPOINT` never imports it.
 */
export async function createTracer(config: TracingConfig, version: string): Promise<Tracer> {
  const { createOtelTracer } = await import('./otel.js');
  return createOtelTracer(config, version);
}
