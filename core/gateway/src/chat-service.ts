import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { withPluginTools } from './tools/chat-tools.js';
import type { ToolSource } from './tools/types.js';
import { assertToolSchemaDepth } from './tool-schema-depth.js';

/** One chat to start, whatever route it came by (`/webapi/chat`, `/v1/chat/completions`, `/v1/messages`). */
export interface ChatCall {
  /** Provider id. */
  provider: string;
  request: ChatRequest;
  /** The caller's key-vault fields (token credentials win over the server's). */
  vault: KeyVault;
  /** Aborted when the client leaves. */
  signal: AbortSignal;
  /** `Date.now()` when the gateway received the request. */
  startedAt: number;
  userId?: string;
  log: FastifyBaseLogger;
  /** A person's own tool sources (their MCP servers), and how to connect them. */
  userSources?: readonly ToolSource[];
  startUserSources?(sources: readonly ToolSource[]): Promise<void>;
}

/** A started chat: its CONTRACT §4 events, and the `<provider>/<model>` that answers. */
export interface ChatAnswer {
  events: AsyncIterable<StreamEvent>;
  route: string;
}

/** The price of a provider's model, from its card (a model without a card or price costs 0). */
function pricingOf(app: FastifyInstance, answered: { provider: string; model: string }) {
  return app.registry
    .manifests()
    .find((each) => each.id === answered.provider)
    ?.models.find((card) => card.id === answered.model)?.pricing;
}

/**
 * The one chat path (CONTRACT §10 "one code path, translated at the edge"): the request's
 * plugins as function tools, the runtime for the caller's credentials, and the upstream call.
 * Resolves once the upstream accepted the request; a refusal throws a ManifoldError.
 */
export async function startChat(app: FastifyInstance, call: ChatCall): Promise<ChatAnswer> {
  const given: ChatRequest = { ...call.request, provider: call.provider };
  const extra = given.plugins?.length ? (call.userSources ?? []) : [];
  if (extra.length > 0) await call.startUserSources?.(extra);
  const manifest = app.registry.manifests().find((each) => each.id === call.provider);
  const request = withPluginTools(given, {
    tools: app.tools,
    extra,
    provider: manifest,
    card: manifest?.models.find((card) => card.id === given.model),
    logger: call.log,
  });
  // after the plugins became tools: their schemas (a person's MCP server's) are checked too
  assertToolSchemaDepth(request.tools);
  // cloud edition: credits and the plan are checked before anything goes upstream (402)
  const meter = await app.credits?.metering.admit({
    userId: call.userId,
    vault: call.vault,
    provider: call.provider,
    model: request.model,
  });
  const runtime = await app.registry.runtimeFor(call.provider, call.vault);
  const events = await runtime.chat(request, {
    signal: call.signal,
    startedAt: call.startedAt,
    ...(call.userId ? { userId: call.userId } : {}),
  });
  const answered = { provider: call.provider, model: request.model };
  return {
    events: meter
      ? meter.chat(events, { ...answered, pricing: pricingOf(app, answered) }, request)
      : events,
    route: `${call.provider}/${request.model}`,
  };
}
