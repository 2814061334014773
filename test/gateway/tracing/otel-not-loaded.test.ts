/**
 * Boot stays light (issue 17): a gateway without `OTEL_EXPORTER_OTLP_ENDPOINT` never loads
 * OpenTelemetry; with it, the watch does see its modules.
 */
import t from 'tap';
import { bootModuleLoads } from '../../helpers/boot-modules.js';

t.test('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is loaded', async (t) => {
  const { off, on } = await bootModuleLoads(['/@opentelemetry/'], {
    off: {},
    on: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' },
  });
  t.equal(off, 0, 'tracing off: nothing of @opentelemetry loaded');
  t.ok(on > 0, 'tracing on: @opentelemetry modules loaded (the watch sees them)');
});
