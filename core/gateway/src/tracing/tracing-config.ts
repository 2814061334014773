import { ConfigError } from '../config.js';

/** Where and how traces are exported (OpenTelemetry over OTLP/HTTP, CONTRACT §10). */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL (`…/v1/traces`). */
  url: string;
  /** Headers sent with every export (an API key of the tracing backend). */
  headers: Readonly<Record<string, string>>;
  /** `service.name` of the gateway's spans. */
  serviceName: string;
}

function httpURL(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  return url;
}

/**
 * OpenTelemetry's `key=value,key2=value2` header list (values percent-encoded), as every OTel SDK
 * reads `OTEL_EXPORTER_OTLP_HEADERS`.
 */
function parseHeaders(name: string, value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of (value ?? '').split(',')) {
    if (item.trim() === '') continue;
    const equals = item.indexOf('=');
    if (equals <= 0) throw new ConfigError(name, `has an item without "key=": "${item.trim()}"`);
    try {
      headers[item.slice(0, equals).trim()] = decodeURIComponent(item.slice(equals + 1).trim());
    } catch {
      throw new ConfigError(name, `has a value that is not percent-encoded: "${item.trim()}"`);
    }
  }
  return headers;
}

/**
 * Tracing is on when `OTEL_EXPORTER_OTLP_ENDPOINT` (the collector's base URL, `/v1/traces`
 * appended as OTel specifies) or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full traces URL, which
 * wins) is set; off (undefined) otherwise. `OTEL_EXPORTER_OTLP_HEADERS` and
 * `OTEL_EXPORTER_OTLP_TRACES_HEADERS` (which win per header) are sent with each export;
 * `OTEL_SERVICE_NAME` names the service (default `manifold-gateway`).
 */
export function parseTracing(env: Record<string, string | undefined>): TracingConfig | undefined {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  let url: string;
  if (traces) url = httpURL('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', traces).href;
  else if (base) {
    const parsed = httpURL('OTEL_EXPORTER_OTLP_ENDPOINT', base);
    parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}/v1/traces`;
    url = parsed.href;
  } else return undefined;
  return {
    url,
    headers: {
      ...parseHeaders('OTEL_EXPORTER_OTLP_HEADERS', env.OTEL_EXPORTER_OTLP_HEADERS),
      ...parseHeaders('OTEL_EXPORTER_OTLP_TRACES_HEADERS', env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    },
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'manifold-gateway',
  };
}
