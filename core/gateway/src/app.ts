import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { createAuthHook } from './auth.js';
import apiKeysPlugin, { type ApiKeyVerifier } from './auth/api-keys.js';
import compatApi, { type SpeechHandler } from './compat-api/index.js';
import { configureUpstreamLimits } from '@manifold/core/protocol/limits';
import type { GatewayConfig } from './config.js';
import { builtinSources, loadProviders, pluginSources, type PluginSource } from './discovery.js';
import { installErrorHandling } from './error-handler.js';
import { buildLazyValidator } from './lazy-validators.js';
import { frameworkErrorOptions, installProtocolRefusals } from './framework-errors.js';
import registryPlugin from './registry.js';
import { registerAccountRoutes, registerAccountsConfigRoute } from './routes/account.js';
import { registerBuiltinAgentsRoute } from './routes/agents.js';
import { registerChatRoute } from './routes/chat.js';
import { registerProvidersRoute } from './routes/providers.js';
import { registerImageRoute } from './routes/images.js';
import { registerModelRoutes } from './routes/models.js';
import { registerPullRoute } from './routes/pull.js';
import { registerSpeechRoute } from './routes/speech.js';
import { registerStreamRoutes } from './routes/streams.js';
import { connectSharedState } from './shared/state.js';
import { installRateLimits } from './limits/rate-limits.js';
import { StreamHub } from './streams/hub.js';
import { registerToolRoutes } from './routes/tools.js';
import { createUserSources, startTools, toolFetches } from './tools/server-tools.js';
import { GatewayMetrics, startProcessMetrics } from './metrics/metrics.js';
import { registerMetricsRoute } from './metrics/route.js';
import { assertFallbackProviders } from './resilience/targets.js';
import { createTracer } from './tracing/tracer.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Repository root (core/gateway/src or core/gateway/dist → ../../..). */
export const REPO_ROOT = join(here, '..', '..', '..');

const VERSION = (() => {
  try {
    return (
      JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return '0.0.0';
  }
})();

export interface BuildOptions {
  /** Where builtin providers live (default `<repo>/providers`). */
  providersDir?: string;
  /** Replace discovery with these sources (tests). */
  sources?: PluginSource[];
  /** How streams are written: straight to the socket (default) or through `@fastify/sse`. */
  sseWriter?: 'raw' | 'plugin';
  /** pino options override (tests pass `false` or a stream). */
  logger?: boolean | Record<string, unknown>;
  /**
   * More verifiers of `/v1/*` API keys, asked after `MANIFOLD_API_KEYS` (personal keys); more can
   * be added later with `app.apiKeys.add`.
   */
  apiKeyVerifiers?: readonly ApiKeyVerifier[];
  /** Text to speech for `POST /v1/audio/speech` (default: the provider runtimes' own). */
  speech?: SpeechHandler;
}

/** `up` when the database answers `select 1` within a second. */
async function databaseStatus(app: FastifyInstance): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), 1000);
  });
  try {
    return await Promise.race([app.database.rows('select 1').then(() => 'up' as const), late]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fastify's two lines per request ("incoming request", "request completed") at `debug` instead of
 * `info`: at the default level nothing is logged for a request that went well (issue 19: logging
 * off the hot path; the lines cost ~40 µs of a streamed chat's CPU). A request that errored is
 * still logged at `error`; `LOG_LEVEL=debug` brings the access lines back.
 */
class QuietRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Build the gateway (registry, discovered providers, auth, routes, web app) and make it ready to `listen()`. */
export async function buildApp(
  config: GatewayConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers["x-manifold-auth"]', 'req.headers.authorization'],
        remove: true,
      },
    },
    bodyLimit: config.bodyLimit,
    // Slow or silent clients cannot hold a connection forever (README, configuration).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Node checks request timeouts on this period (default 30 s): keep it finer than the timeout.
    // Its headers timeout (60 s) must not exceed the request timeout, or neither is enforced.
    http: {
      ...frameworkErrorOptions.http,
      requestTimeout: config.requestTimeoutMs,
      headersTimeout:
        config.requestTimeoutMs > 0 ? Math.min(60_000, config.requestTimeoutMs) : 60_000,
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(30_000, Math.floor(config.requestTimeoutMs / 4) || 30_000),
      ),
    },
    trustProxy: true,
    return503OnClosing: true,
    forceCloseConnections: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    logController: new QuietRequestLogs(),
    // the same Ajv validators, each compiled on its route's first request rather than at boot
    schemaController: { compilersFactory: { buildValidator: buildLazyValidator } },
    clientErrorHandler: frameworkErrorOptions.clientErrorHandler,
    frameworkErrors: frameworkErrorOptions.frameworkErrors,
    routerOptions: frameworkErrorOptions.routerOptions,
  });
  if (config.maxConnections > 0) app.server.maxConnections = config.maxConnections;
  // One gateway per process: its limits apply to every upstream call (restored when it closes).
  const restoreLimits = configureUpstreamLimits(config.upstream);
  app.addHook('onClose', async () => restoreLimits());
  installErrorHandling(app);
  installProtocolRefusals(app);
  // Redis (and ioredis) only with REDIS_URL: one process keeps its state in memory
  const shared = config.redisUrl ? await connectSharedState(config.redisUrl, app.log) : undefined;
  app.decorate('shared', shared);
  const streams = new StreamHub({
    ttlSeconds: config.streamResumeSeconds,
    memoryBytes: config.streamResumeMemoryMb * 1024 * 1024,
    shared,
    log: app.log,
  });
  app.decorate('streams', streams);
  app.addHook('onClose', async () => {
    streams.close();
    await shared?.close();
  });
  await app.register(registryPlugin, { config });
  // before the routes: the limits hook into each route as it is added
  await installRateLimits(app, {
    rpm: config.rateLimitRpm,
    tpm: config.rateLimitTpm,
    shared,
  });
  const sources = options.sources ?? [
    ...(await builtinSources(options.providersDir ?? join(REPO_ROOT, 'providers'))),
    ...pluginSources(config.plugins),
  ];
  await loadProviders(app, sources);

  const metrics = new GatewayMetrics();
  startProcessMetrics();
  // OpenTelemetry is loaded only when an OTLP endpoint is configured
  const tracer = config.tracing ? await createTracer(config.tracing, VERSION) : undefined;
  if (tracer) app.addHook('onClose', () => tracer.close());
  app.decorate('chatService', {
    retryMax: config.retryMax,
    fallbacks: config.fallbacks,
    metrics,
    tracer,
  });
  registerMetricsRoute(app, metrics, config.metricsToken);

  const sseWriter = options.sseWriter ?? config.sseWriter;
  if (sseWriter === 'plugin')
    // imported only for this writer: the default raw writer does not load it
    await app.register((await import('@fastify/sse')).fastifySSE, {
      heartbeatInterval: config.pingIntervalSeconds * 1000,
    });

  if (config.accounts !== 'off') {
    // Imported only with accounts: without them no database driver nor auth library is loaded,
    // and no database is opened.
    const { default: databasePlugin } = await import('./db/plugin.js');
    const { default: accountsPlugin } = await import('./accounts/plugin.js');
    await app.register(databasePlugin, { database: config.database });
    await app.register(accountsPlugin, { config });
  }
  if (config.credits) {
    const { default: creditsPlugin } = await import('./credits/plugin.js');
    await app.register(creditsPlugin, { config });
  } else app.decorate('credits', undefined);

  // `ok` stays true while chats can be served: Redis down only loses what is shared (CONTRACT §11)
  const database = config.accounts !== 'off' ? () => databaseStatus(app) : undefined;
  app.get('/health', async () => ({
    ok: true,
    version: VERSION,
    ...(database && { database: await database() }),
    ...(shared && { redis: shared.status() }),
  }));
  registerProvidersRoute(app);
  registerAccountsConfigRoute(app, config);

  const tools = await startTools(config, app.log);
  const userTools = createUserSources(config, app.log);
  app.decorate('tools', tools);
  app.addHook('onClose', () => Promise.all([tools.close(), userTools.pool.close()]));

  const authenticate = createAuthHook(config);
  registerChatRoute(app, {
    authenticate,
    accessCodes: config.accessCodes,
    sseWriter,
    pingMs: config.pingIntervalSeconds * 1000,
    userSources: userTools.of,
    startUserSources: userTools.started,
  });
  registerStreamRoutes(app, {
    authenticate,
    sseWriter,
    pingMs: config.pingIntervalSeconds * 1000,
  });
  registerToolRoutes(app, {
    authenticate,
    pluginSettings: config.pluginSettings,
    timeouts: { tool: config.pluginTimeoutMs, mcp: config.mcpTimeoutMs },
    fetch: toolFetches(config),
    userSources: userTools.of,
    startUserSources: userTools.started,
  });
  registerModelRoutes(app, { authenticate });
  registerPullRoute(app, { authenticate });
  registerImageRoute(app, { authenticate });
  registerSpeechRoute(app, { authenticate });
  registerBuiltinAgentsRoute(app, { authenticate, docsUrl: config.docsUrl });
  if (config.accounts !== 'off') {
    registerAccountRoutes(app);
    // the sync routes reach the database: imported with accounts only, as the accounts plugin
    const { registerSyncRoutes } = await import('./sync/routes.js');
    registerSyncRoutes(app, { keyVaultsSecret: config.keyVaultsSecret });
  }

  await app.register(apiKeysPlugin, { keys: config.apiKeys });
  for (const verifier of options.apiKeyVerifiers ?? []) app.apiKeys.add(verifier);
  // personal `mk-…` keys: the accounts plugin verified the key and set its owner before this
  if (config.accounts !== 'off')
    app.apiKeys.add((key, request) =>
      key.startsWith('mk-') && request.user
        ? { kind: 'personal', userId: request.user.id }
        : undefined,
    );
  await app.register(compatApi, {
    prefix: '/v1',
    config,
    ...(options.speech && { speech: options.speech }),
  });

  if (config.webRoot && existsSync(join(config.webRoot, 'index.html'))) {
    // The top-level files get a route each; Vite's bundles under assets/ (some 700 files) one
    // wildcard route: a route per file would be ~1,400 routes built at boot (~20 MiB of memory).
    await app.register(fastifyStatic, {
      root: config.webRoot,
      prefix: '/',
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    if (existsSync(join(config.webRoot, 'assets')))
      await app.register(fastifyStatic, {
        root: join(config.webRoot, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        decorateReply: false,
      });
    // Client-side routes (e.g. /settings): browsers asking for a page get index.html.
    app.get('/*', (request, reply) =>
      request.headers.accept?.includes('text/html')
        ? reply.sendFile('index.html')
        : reply.callNotFound(),
    );
  }
  await app.ready();
  const [configError] = app.registry.configErrors;
  if (configError) {
    await app.close();
    throw configError;
  }
  // providers register when the app is ready: only now can FALLBACKS be checked against them
  try {
    assertFallbackProviders(config.fallbacks, (id) => app.registry.has(id));
  } catch (error) {
    await app.close();
    throw error;
  }
  await app.registry.probeLocalServers();
  return app;
}
