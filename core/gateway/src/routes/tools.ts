import { Type, type Static } from 'typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import { isManifoldError, ManifoldError } from '@manifold/core/errors/manifold-error';
import { toolFunctionName } from '@manifold/core/tools/function-names';
import type { SpanHandle } from '../tracing/tracer.js';
import {
  mergeSettings,
  settingsFromHeader,
  type PluginSettings,
} from '../tools/plugin-settings.js';
import { callPluginUrl, pluginManifest } from '../tools/plugin-source.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { toolFailed, toolTimeout, type ToolCallContext, type ToolSource } from '../tools/types.js';
import { checkAgainst } from '../tools/validate.js';
import { clientAbortSignal } from './chat.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every tool the server offers (CONTRACT §8). */
    tools: ToolRegistry;
  }
}

/** The body of `POST /webapi/plugin/gateway` (CONTRACT §8). */
const PluginCallSchema = Type.Object({
  identifier: Type.String({ minLength: 1, maxLength: 256 }),
  apiName: Type.String({ minLength: 1, maxLength: 256 }),
  /** The arguments as the model wrote them: a JSON string. */
  arguments: Type.String({ maxLength: 1024 * 1024 }),
  type: Type.Optional(Type.String({ maxLength: 64 })),
  /** A person's own plugin manifest (not offered by the server). */
  manifest: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** Options of the tool routes. */
export interface ToolRouteOptions {
  authenticate: preHandlerAsyncHookHandler;
  /** The server's default settings by tool (`PLUGIN_SETTINGS`). */
  pluginSettings: PluginSettings;
  /** How long a tool may take: a plugin or built-in tool, and an MCP tool (CONTRACT §8: 30 s, 60 s). */
  timeouts: { tool: number; mcp: number };
  /** The fetches a tool call gets. */
  fetch: ToolCallContext['fetch'];
  /** A person's own tool sources, from their request (their MCP servers). */
  userSources(request: FastifyRequest): ToolSource[];
  /** Connect a person's sources before listing them (with a time budget). */
  startUserSources?(sources: readonly ToolSource[]): Promise<void>;
}

/** A person's plugin from the request body, as a one-tool source (always a `user` plugin). */
function userPlugin(manifest: ToolManifest): ToolSource {
  return {
    manifests: () => [manifest],
    call: (_identifier, apiName, args, context) => callPluginUrl(manifest, apiName, args, context),
  };
}

/** The longest tool answer passed on, in characters (the plugin URLs' 1 MiB). */
const TOOL_ANSWER_LIMIT = 1024 * 1024;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `GET /tools`, `GET /webapi/tools` and `POST /webapi/plugin/gateway` (CONTRACT §8). */
export function registerToolRoutes(app: FastifyInstance, options: ToolRouteOptions): void {
  app.get('/tools', async () => ({ tools: app.tools.manifests() }));

  app.get('/webapi/tools', { preHandler: options.authenticate }, async (request) => {
    const own = options.userSources(request);
    await options.startUserSources?.(own);
    return { tools: app.tools.manifests(own) };
  });

  /**
   * The span of a traced tool call (CONTRACT §10), `execute_tool <name>` with the function name
   * the model called: a child of the caller's `traceparent` (send the chat's
   * `00-<X-Manifold-Trace-Id>-<X-Manifold-Observation-Id>-01` to hang it under the chat's span).
   */
  function toolSpan(request: FastifyRequest, startedAt: number): SpanHandle | undefined {
    const tracer = app.chatService.tracer;
    const trace = request.trace;
    if (!tracer || !trace) return undefined;
    const { identifier, apiName } = request.body as Static<typeof PluginCallSchema>;
    const name = toolFunctionName(identifier, apiName);
    return tracer.startRequestSpan(
      `execute_tool ${name}`,
      { traceId: trace.traceId, spanId: trace.observationId, parent: trace.parent },
      {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.type': 'function',
        'manifold.tool.identifier': identifier,
        'manifold.tool.api': apiName,
        'session.id': trace.sessionId,
        'gen_ai.conversation.id': trace.topicId,
      },
      startedAt,
    );
  }

  app.post(
    '/webapi/plugin/gateway',
    { schema: { body: PluginCallSchema }, preHandler: options.authenticate },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const span = toolSpan(request, Date.now());
      try {
        return await callTool(request, reply);
      } catch (error) {
        span?.fail(
          isManifoldError(error) ? error.errorType : 'AgentRuntimeError',
          error instanceof Error ? error.message : undefined,
        );
        throw error;
      } finally {
        span?.end();
      }
    },
  );

  /** `POST /webapi/plugin/gateway`: find the tool, check the arguments and settings, call it. */
  async function callTool(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as Static<typeof PluginCallSchema>;
    const { identifier, apiName } = body;
    const own = options.userSources(request);
    if (own.some((source) => source.manifests().some((m) => m.identifier === identifier)))
      await options.startUserSources?.(own);
    let found = app.tools.find(identifier, own);
    if (!found && body.manifest) {
      const manifest = pluginManifest(body.manifest, 'user');
      if (manifest.identifier !== identifier) {
        throw new ManifoldError('BadRequest', {
          message: `manifest.identifier "${manifest.identifier}" is not the identifier called ("${identifier}")`,
          field: 'manifest.identifier',
        });
      }
      found = { manifest, source: userPlugin(manifest) };
    }
    const api = found?.manifest.api.find((each) => each.name === apiName);
    if (found && !api && found.manifest.state === 'error') {
      // a tool that could not start (an MCP server): its own call says why (a refused URL is 400)
      const context = {
        signal: clientAbortSignal(reply),
        settings: {},
        logger: request.log,
        fetch: options.fetch,
      };
      await found.source.call(identifier, apiName, {}, context);
      throw toolFailed(identifier, found.manifest.error ?? `${identifier} is not available`);
    }
    if (!found || !api) {
      throw new ManifoldError('PluginApiNotFound', {
        identifier,
        apiName,
        message: found
          ? `${identifier} has no api "${apiName}"`
          : `No tool "${identifier}" on this server`,
      });
    }
    const { manifest, source } = found;

    let args: unknown;
    try {
      args = body.arguments.trim() === '' ? {} : JSON.parse(body.arguments);
    } catch (error) {
      throw new ManifoldError('PluginFailToTransformArguments', {
        identifier,
        apiName,
        message: `arguments is not JSON: ${(error as Error).message}`,
        field: 'arguments',
      });
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new ManifoldError('PluginApiParamsError', {
        identifier,
        apiName,
        message: 'arguments must be a JSON object',
        field: 'arguments',
      });
    }
    if (api.parameters) {
      const problems = checkAgainst(api.parameters, args);
      if (problems instanceof Error)
        throw toolFailed(
          identifier,
          `the parameters schema of ${apiName} is invalid: ${problems.message}`,
        );
      if (problems.length > 0) {
        throw new ManifoldError('PluginApiParamsError', {
          identifier,
          apiName,
          message: `arguments do not fit ${identifier}.${apiName}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
          errors: problems,
          field: 'arguments',
        });
      }
    }

    const settings = mergeSettings(
      options.pluginSettings,
      identifier,
      settingsFromHeader(request.headers['x-manifold-plugin-settings'] as string | undefined),
    );
    if (manifest.settings) {
      const problems = checkAgainst(manifest.settings, settings);
      if (problems instanceof Error)
        throw toolFailed(
          identifier,
          `the settings schema of ${identifier} is invalid: ${problems.message}`,
        );
      if (problems.length > 0) {
        throw new ManifoldError('PluginSettingsInvalid', {
          identifier,
          message: `settings of ${identifier} are invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
          errors: problems,
        });
      }
    }

    const limit = manifest.type === 'mcp' ? options.timeouts.mcp : options.timeouts.tool;
    const client = clientAbortSignal(reply);
    const timer = AbortSignal.timeout(limit);
    const signal = AbortSignal.any([client, timer]);
    let result;
    try {
      result = await source.call(identifier, apiName, args as Record<string, unknown>, {
        signal,
        settings,
        logger: request.log,
        fetch: options.fetch,
      });
    } catch (error) {
      if (client.aborted) return reply.hijack();
      if (timer.aborted) throw toolTimeout(identifier, limit);
      if (isManifoldError(error)) throw error;
      throw toolFailed(identifier, error instanceof Error ? error.message : String(error));
    }
    if (result.grounding) reply.header('x-manifold-grounding', b64url(result.grounding));
    // a tool's answer is capped like a plugin's (1 MiB); a model reads far less of it anyway
    const text =
      result.text.length > TOOL_ANSWER_LIMIT
        ? `${result.text.slice(0, TOOL_ANSWER_LIMIT)}\n[… the rest of the tool's answer was cut]`
        : result.text;
    if (request.trace) reply.header('x-manifold-trace-id', request.trace.traceId);
    return reply.type('text/plain; charset=utf-8').send(text);
  }
}
