import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type Attributes,
  type Span,
  type Tracer as OtelTracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  RandomIdGenerator,
  type IdGenerator,
} from '@opentelemetry/sdk-trace-node';
import type { SpanAttributes, SpanHandle, SpanPlacement, Tracer } from './tracer.js';
import type { TracingConfig } from './tracing-config.js';

/**
 * Random ids, except for a request's span: its ids were chosen when the request arrived (they
 * are in `X-Manifold-Trace-Id` / `X-Manifold-Observation-Id` before the span exists), and are
 * handed to the SDK for exactly one `startSpan` call.
 */
class ChosenIds implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  traceId: string | undefined;
  spanId: string | undefined;

  generateTraceId(): string {
    const id = this.traceId ?? this.random.generateTraceId();
    this.traceId = undefined;
    return id;
  }

  generateSpanId(): string {
    const id = this.spanId ?? this.random.generateSpanId();
    this.spanId = undefined;
    return id;
  }
}

function attributesOf(values: SpanAttributes): Attributes {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) attributes[key] = value;
  return attributes;
}

function handle(tracer: OtelTracer, span: Span): SpanHandle {
  return {
    setAttributes: (attributes) => span.setAttributes(attributesOf(attributes)),
    fail(errorType, message) {
      span.setAttribute('error.type', String(errorType));
      span.setStatus({ code: SpanStatusCode.ERROR, ...(message && { message }) });
    },
    child(name, kind, attributes) {
      const child = tracer.startSpan(
        name,
        {
          kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
          attributes: attributesOf(attributes),
        },
        trace.setSpan(ROOT_CONTEXT, span),
      );
      return handle(tracer, child);
    },
    end: () => span.end(),
  };
}

/**
 * The OpenTelemetry tracer: a tracer provider of its own (nothing registered globally, so nothing
 * else in the process is traced by it), spans batched to the OTLP/HTTP exporter (JSON), the
 * resource naming the service. Context is passed explicitly: no async-hooks context manager.
 */
export function createOtelTracer(config: TracingConfig, version: string): Tracer {
  const ids = new ChosenIds();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.serviceName,
      'service.version': version,
    }),
    idGenerator: ids,
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: config.url, headers: { ...config.headers } }),
      ),
    ],
  });
  const tracer = provider.getTracer('manifold-gateway', version);
  return {
    startRequestSpan(name, placement: SpanPlacement, attributes, startTime) {
      const parent = placement.parent
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: placement.parent.traceId,
            spanId: placement.parent.spanId,
            traceFlags: placement.parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
            isRemote: true,
          })
        : ROOT_CONTEXT;
      ids.traceId = placement.traceId;
      ids.spanId = placement.spanId;
      try {
        const span = tracer.startSpan(
          name,
          {
            kind: SpanKind.SERVER,
            attributes: attributesOf(attributes),
            ...(startTime !== undefined && { startTime }),
          },
          parent,
        );
        return handle(tracer, span);
      } finally {
        ids.traceId = undefined;
        ids.spanId = undefined;
      }
    },
    close: () => provider.shutdown(),
  };
}
