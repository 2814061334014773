import t from 'tap';
import { loadConfig } from '@manifold/gateway/config';
import { asOtelTraceId, parseTraceparent } from '@manifold/gateway/tracing/trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

t.test('a W3C traceparent is read; an invalid one is ignored', async (t) => {
  t.same(parseTraceparent(`00-${TRACE}-${SPAN}-01`), {
    traceId: TRACE,
    spanId: SPAN,
    sampled: true,
  });
  t.same(parseTraceparent(`00-${TRACE.toUpperCase()}-${SPAN}-00`), {
    traceId: TRACE,
    spanId: SPAN,
    sampled: false,
  });
  t.ok(parseTraceparent(`01-${TRACE}-${SPAN}-01-future`), 'a later version may add fields');
  for (const bad of [
    undefined,
    '',
    `ff-${TRACE}-${SPAN}-01`,
    `00-${'0'.repeat(32)}-${SPAN}-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `00-${TRACE}-${SPAN}-01-extra`,
    `00-${TRACE.slice(1)}-${SPAN}-01`,
  ])
    t.equal(parseTraceparent(bad), undefined, String(bad));
});

t.test('a UUID or 32 hex digits can be an OpenTelemetry trace id', async (t) => {
  t.equal(
    asOtelTraceId('0AF76519-16CD-43DD-8448-EB211C80319C'),
    '0af7651916cd43dd8448eb211c80319c',
  );
  t.equal(asOtelTraceId(TRACE), TRACE);
  for (const bad of [undefined, 'trace-1', '0'.repeat(32), `${TRACE}00`])
    t.equal(asOtelTraceId(bad), undefined, String(bad));
});

t.test('the OTLP endpoint variables', async (t) => {
  t.equal(loadConfig({}).tracing, undefined, 'no endpoint, no tracing');
  t.same(
    loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team = core',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=traces',
    }).tracing,
    {
      url: 'https://otel.example.com/otlp/v1/traces',
      headers: { 'x-api-key': 'abc==', 'x-team': 'traces' },
      serviceName: 'manifold-gateway',
    },
  );
  t.match(
    loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9999/custom',
      OTEL_SERVICE_NAME: 'edge-1',
    }).tracing,
    { url: 'http://127.0.0.1:9999/custom', serviceName: 'edge-1' },
    'the traces endpoint is used as it is and wins',
  );
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }), {
    message: /^Invalid configuration: OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
  });
  t.throws(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }), {
    message: /OTEL_EXPORTER_OTLP_ENDPOINT is not a URL/,
  });
  t.throws(
    () =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x',
        OTEL_EXPORTER_OTLP_HEADERS: 'novalue',
      }),
    { message: /OTEL_EXPORTER_OTLP_HEADERS has an item without "key="/ },
  );
});
