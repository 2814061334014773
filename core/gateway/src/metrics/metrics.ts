import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The label of a model beyond `MAX_MODEL_LABELS`, and of a provider this gateway does not have. */
export const OTHER_LABEL = '_other';

/**
 * Most `provider`/`model` pairs labelled one by one. Model ids come from callers (a custom or
 * remote model), so without a bound every typo would be a new series held for the process's life.
 */
export const MAX_MODEL_LABELS = 500;

/** The process's own metrics (CPU, memory, event loop, GC), collected once per process. */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The gateway's metrics (CONTRACT §10), one registry per gateway (so two in one process, as in
 * tests, count apart), served with the process's default metrics at `GET /metrics`.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'manifold_requests_total',
    help: 'Chat requests answered, by route, the provider and model that answered (or were asked, when none did) and the status',
    labelNames: ['route', 'provider', 'model', 'status'] as const,
    registers: [this.registry],
  });
  readonly ttft = new Histogram({
    name: 'manifold_ttft_seconds',
    help: 'Time from receiving a chat request to its first output (text, reasoning or tool call)',
    labelNames: ['provider', 'model'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'manifold_request_duration_seconds',
    help: 'Time from receiving a chat request to the end of its answer',
    labelNames: ['provider', 'model'] as const,
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160, 320, 640],
    registers: [this.registry],
  });
  readonly tokens = new Counter({
    name: 'manifold_tokens_total',
    help: 'Tokens the providers reported (input includes cached, output includes reasoning)',
    labelNames: ['provider', 'model', 'kind'] as const,
    registers: [this.registry],
  });
  readonly openStreams = new Gauge({
    name: 'manifold_open_streams',
    help: 'Chat answers being sent now (the upstream accepted them, their last event is not sent)',
    registers: [this.registry],
  });
  readonly upstreamErrors = new Counter({
    name: 'manifold_upstream_errors_total',
    help: 'Upstream failures by catalogue error type: every refused attempt (retries included) and every error event of a stream',
    labelNames: ['provider', 'type'] as const,
    registers: [this.registry],
  });
  readonly creditsSpent = new Counter({
    name: 'manifold_credits_spent_total',
    help: 'Credits spent by chats (the cloud edition; 0 otherwise)',
    registers: [this.registry],
  });

  private readonly models = new Set<string>();

  /**
   * The `model` label of a pair: the model id for the first `MAX_MODEL_LABELS` pairs seen, then
   * `_other` for new ones.
   */
  modelLabel(provider: string, model: string): string {
    const key = `${provider}\u0000${model}`;
    if (this.models.has(key)) return model;
    if (this.models.size >= MAX_MODEL_LABELS) return OTHER_LABEL;
    this.models.add(key);
    return model;
  }

  /** The Prometheus text exposition: the process's metrics, then the gateway's. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${process}\n${own}`;
  }

  /** The exposition's content type (text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Start collecting the process metrics now, so the first scrape has their samples. */
export function startProcessMetrics(): void {
  processMetrics();
}
