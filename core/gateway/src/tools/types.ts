import type { Grounding } from '@manifold/core/contract/grounding';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/** What a tool call runs with. */
export interface ToolCallContext {
  /** Aborted when the client leaves or the tool's time is up (30 s; 60 s for MCP). */
  signal: AbortSignal;
  /** The tool's settings: the server's `PLUGIN_SETTINGS` under the request's own. */
  settings: Readonly<Record<string, unknown>>;
  logger: RuntimeLogger;
  /**
   * The fetch for URLs a tool reaches (search backends, pages to crawl, plugin URLs): the
   * upstream transport, checking the address connected to under `BASE_URL_POLICY=public`.
   * `guarded` is that fetch for URLs that came from outside the operator's configuration (a page
   * to crawl, a user's plugin), `trusted` the plain transport for the operator's own endpoints.
   */
  fetch: { guarded: typeof globalThis.fetch; trusted: typeof globalThis.fetch };
}

/** A tool's answer: its text (what the model reads), and sources to show as citations. */
export interface ToolResult {
  text: string;
  /** Search results and crawled pages, sent to the client in `X-Manifold-Grounding`. */
  grounding?: Grounding;
}

/**
 * A set of tools the gateway offers (the built-in web search, one MCP server, the plugin
 * manifests): what `GET /tools` lists and `POST /webapi/plugin/gateway` calls.
 */
export interface ToolSource {
  /** The manifests, as they are now (an MCP server's `state` changes as it connects). */
  manifests(): readonly ToolManifest[];
  /**
   * Run one api with arguments already checked against its `parameters` schema. Resolves with the
   * answer; rejects with a ManifoldError: `PluginGatewayError` (the tool failed, its message in
   * `body.message`) or `504` (`toolTimeout`). An abort of `context.signal` rejects at once.
   */
  call(
    identifier: string,
    apiName: string,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ): Promise<ToolResult>;
  /** Connect or load (at boot; a failure must not throw: list the tool with `state: "error"`). */
  start?(): Promise<void>;
  /** Disconnect (at gateway close). */
  close?(): Promise<void>;
}

/** The error of a tool that failed, with its own message (CONTRACT §8: 502). */
export const toolFailed = (
  identifier: string,
  message: string,
  extra: Record<string, unknown> = {},
) => new ManifoldError('PluginGatewayError', { identifier, message, ...extra });

/** The error of a tool that did not answer within `ms` (CONTRACT §8: 504). */
export const toolTimeout = (identifier: string, ms: number) =>
  new ManifoldError(504, {
    identifier,
    reason: 'timeout',
    limit: ms,
    message: `The tool ${identifier} did not answer within ${Math.round(ms / 1000)} s`,
  });
