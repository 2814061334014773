import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { isManifoldError, ManifoldError } from '@manifold/core/errors/manifold-error';
import type { TraceRequest } from './auth.js';
import type { GatewayMetrics } from './metrics/metrics.js';
import { ChatObservation } from './observe/chat-observation.js';
import { retryDelay, verdictOf } from './resilience/retry-policy.js';
import {
  chatTargets,
  targetLabel,
  type ChatTarget,
  type FallbackTable,
} from './resilience/targets.js';
import { withPluginTools } from './tools/chat-tools.js';
import type { ToolSource } from './tools/types.js';
import { assertToolSchemaDepth } from './tool-schema-depth.js';
import type { Tracer } from './tracing/tracer.js';
import { usesOwnKey, type MeterRun } from './credits/metering.js';

/** One chat to start, whatever route it came by (`/webapi/chat`, `/v1/chat/completions`, `/v1/messages`). */
export interface ChatCall {
  /** Provider id. */
  provider: string;
  request: ChatRequest;
  /** The caller's key-vault fields for `provider` (token credentials win over the server's). */
  vault: KeyVault;
  /** Aborted when the client leaves: stops the upstream call, and any retry at once. */
  signal: AbortSignal;
  /** `Date.now()` when the gateway received the request. */
  startedAt: number;
  userId?: string;
  /**
   * The signed-in person (session or personal API key) — never an id the caller wrote into a token
   * or body: credits are metered against it (cloud edition).
   */
  accountId?: string;
  log: FastifyBaseLogger;
  /** A person's own tool sources (their MCP servers), and how to connect them. */
  userSources?: readonly ToolSource[];
  startUserSources?(sources: readonly ToolSource[]): Promise<void>;
  /** The route the chat came by, the `route` label of `manifold_requests_total` (`request.routeOptions.url`). */
  endpoint?: string;
  /** The caller allowed tracing (`request.trace`): the chat is exported as a span when tracing is on. */
  trace?: TraceRequest;
  /**
   * Whether a fallback to another provider may use the server's credentials (the caller's are for
   * `provider` only). Default: when `vault` holds no credential of its own, since the caller then
   * already uses the server's. A caller who passed the access-code check only by bringing their own
   * key must not reach the server's keys through a fallback.
   */
  serverCredentials?: boolean;
  /** Counts the tokens the upstream reports against the caller's `RATE_LIMIT_TPM`. */
  countTokens?: (tokens: number) => void;
}

/** The events, with the tokens of their `usage` counted as they pass. */
async function* countingTokens(
  events: AsyncIterable<StreamEvent>,
  count: (tokens: number) => void,
): AsyncIterable<StreamEvent> {
  for await (const event of events) {
    if (event.event === 'usage') {
      const usage = event.data as { totalTokens?: number };
      if (typeof usage.totalTokens === 'number' && usage.totalTokens > 0) count(usage.totalTokens);
    }
    yield event;
  }
}

/** A started chat: its CONTRACT §4 events, and the `<provider>/<model>` that answers. */
export interface ChatAnswer {
  events: AsyncIterable<StreamEvent>;
  route: string;
}

/** What the chat path is configured with (`app.chatService`). */
export interface ChatServiceOptions {
  /** Retries of one model before the next fallback (`RETRY_MAX`). */
  retryMax: number;
  /** `FALLBACKS`. */
  fallbacks: FallbackTable;
  metrics: GatewayMetrics;
  tracer: Tracer | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatService: ChatServiceOptions;
  }
}

/** The price of a provider's model, from its card (a model without a card or price costs 0). */
function pricingOf(app: FastifyInstance, target: ChatTarget) {
  return app.registry.manifest(target.provider)?.models.find((card) => card.id === target.model)
    ?.pricing;
}

/** The request for one target: its model, its plugins as tools for that provider and model. */
function requestFor(
  app: FastifyInstance,
  call: ChatCall,
  target: ChatTarget,
  extra: readonly ToolSource[],
): ChatRequest {
  const { fallbacks: _fallbacks, resumable: _resumable, ...given } = call.request;
  const manifest = app.registry.manifest(target.provider);
  const request = withPluginTools(
    { ...given, provider: target.provider, model: target.model },
    {
      tools: app.tools,
      extra,
      provider: manifest,
      card: manifest?.models.find((card) => card.id === target.model),
      logger: call.log,
    },
  );
  // after the plugins became tools: their schemas (a person's MCP server's) are checked too
  assertToolSchemaDepth(request.tools);
  return request;
}

/**
 * The one chat path (CONTRACT §10 "one code path, translated at the edge"): the request's plugins
 * as function tools, the runtime for the caller's credentials, the upstream call, and when that
 * call is refused before the first event, retries and fallbacks (the README's table): a retryable
 * refusal is tried again up to `RETRY_MAX` times after a backoff that honours `Retry-After`, then
 * (or at once for the others) the next model of the request's `fallbacks` or of `FALLBACKS`.
 * Resolves once an upstream accepted the request (nothing is retried after that); the last
 * refusal is thrown when every model failed. Metrics and the trace are counted here.
 */
export async function startChat(app: FastifyInstance, call: ChatCall): Promise<ChatAnswer> {
  const options = app.chatService;
  const known = (id: string) => app.registry.has(id);
  const primary: ChatTarget = { provider: call.provider, model: call.request.model };
  const observation = new ChatObservation(
    { metrics: options.metrics, tracer: options.tracer, known },
    {
      endpoint: call.endpoint ?? 'unknown',
      target: primary,
      request: call.request,
      trace: call.trace,
      startedAt: call.startedAt,
      signal: call.signal,
    },
  );
  let target = primary;
  try {
    if (!known(call.provider))
      throw new ManifoldError(404, {
        message: `Unknown provider "${call.provider}"`,
        provider: call.provider,
      });
    const targets = chatTargets(primary, call.request.fallbacks, options.fallbacks, known);
    const serverCredentials = call.serverCredentials ?? !usesOwnKey(call.vault);
    const extra = call.request.plugins?.length ? (call.userSources ?? []) : [];
    if (extra.length > 0) await call.startUserSources?.(extra);
    let attempts = 0;
    let refusal: unknown;
    for (const candidate of targets) {
      target = candidate;
      const own = candidate.provider === call.provider;
      if (!own && !serverCredentials) {
        call.log.info({ route: targetLabel(candidate) }, 'fallback skipped: no server credentials');
        continue;
      }
      // cloud edition: the plan and the credits are checked before anything goes upstream; a model
      // the plan refuses (402) leaves the next fallback to try
      let meter: MeterRun | undefined;
      try {
        meter = await app.credits?.metering.admit({
          userId: call.accountId,
          vault: own ? call.vault : {},
          provider: candidate.provider,
          model: candidate.model,
        });
      } catch (error) {
        refusal = error;
        continue;
      }
      for (let retry = 0; ; retry++) {
        const attempt = observation.attempt(candidate, ++attempts);
        let called = false;
        try {
          const request = requestFor(app, call, candidate, extra);
          const runtime = await app.registry.runtimeFor(candidate.provider, own ? call.vault : {});
          called = true;
          const events = await runtime.chat(request, {
            signal: call.signal,
            startedAt: call.startedAt,
            ...(call.userId ? { userId: call.userId } : {}),
          });
          const route = targetLabel(candidate);
          const billed = meter
            ? meter.chat(events, { ...candidate, pricing: pricingOf(app, candidate) }, request)
            : events;
          const answering = observation.answering(attempt, billed, route);
          return {
            events: call.countTokens ? countingTokens(answering, call.countTokens) : answering,
            route,
          };
        } catch (error) {
          observation.attemptFailed(attempt, error, called);
          refusal = error;
          if (call.signal.aborted) throw error;
          const verdict = verdictOf(error);
          if (verdict === 'stop') throw error;
          const details = {
            route: targetLabel(candidate),
            attempt: attempts,
            errorType: isManifoldError(error) ? error.errorType : undefined,
            status: isManifoldError(error) ? error.upstream?.status : undefined,
          };
          if (verdict === 'retry' && retry < options.retryMax) {
            const delayMs = retryDelay(
              retry,
              isManifoldError(error) ? error.upstream?.retryAfterMs : undefined,
            );
            call.log.info({ ...details, delayMs }, 'upstream refused the chat; retrying');
            // rejects at once when the client leaves
            await sleep(delayMs, undefined, { signal: call.signal });
            continue;
          }
          call.log.info(details, 'upstream refused the chat; giving this model up');
          break;
        }
      }
    }
    throw refusal;
  } catch (error) {
    observation.failed(error, target);
    throw error;
  }
}
