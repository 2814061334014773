import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { toolFailed, toolTimeout, type ToolResult, type ToolSource } from '../types.js';
import { mcpIdentifier, type McpServerConfig, type McpServersConfig } from './config.js';
import { resultText } from './result-text.js';
import {
  describeError,
  findManifoldError,
  isMcpError,
  MCP_CONNECTION_CLOSED,
  McpCallTimeout,
  McpUnavailable,
} from './errors.js';
import { McpServerConnection, type McpConnectionOptions } from './server-connection.js';

/** Options of an MCP tool source (CONTRACT §8: a 60 s call timeout). */
export type McpSourceOptions = Omit<McpConnectionOptions, 'label'>;

/** What a manifest says about where its server came from. */
export interface McpManifestInfo {
  identifier: string;
  /** The server's name as configured. */
  title: string;
  /** `mcp`: the operator's `MCP_SERVERS`; `user`: a person's own server. */
  source: 'mcp' | 'user';
}

/** Most characters of a server's description taken into its manifest. */
const MAX_DESCRIPTION = 300;

function description(connection: McpServerConnection, title: string): string {
  const info = connection.serverInfo;
  if (!info) return `MCP server ${title}`;
  const text = info.description ?? `${info.title ?? info.name} ${info.version}`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/**
 * The manifest of one MCP server as it is now: its tools as `api` (the tool's `inputSchema` as
 * `parameters`), the server's `instructions` as `systemRole`, and `state` with `error`.
 */
export function mcpManifest(connection: McpServerConnection, info: McpManifestInfo): ToolManifest {
  return {
    identifier: info.identifier,
    type: 'mcp',
    source: info.source,
    meta: { title: info.title, description: description(connection, info.title) },
    api: connection.tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? tool.title ?? tool.annotations?.title ?? '',
      parameters: tool.inputSchema as Record<string, unknown>,
    })),
    ...(connection.instructions && { systemRole: connection.instructions }),
    state: connection.state,
    ...(connection.state === 'error' && connection.error && { error: connection.error }),
  };
}

/** A call's failure as the gateway's error (CONTRACT §8: 502, 504; a refused user URL: 400). */
function gatewayError(identifier: string, apiName: string, error: unknown): Error {
  if (error instanceof McpCallTimeout) return toolTimeout(identifier, error.limit);
  const refused = findManifoldError(error);
  if (refused) return refused;
  if (error instanceof McpUnavailable)
    return toolFailed(identifier, `The MCP server is not available: ${error.message}`, {
      apiName,
    });
  if (isMcpError(error) && error.code === MCP_CONNECTION_CLOSED)
    return toolFailed(
      identifier,
      'The MCP server closed the connection during the call (it may have crashed); it is reconnected for the next call',
      { apiName },
    );
  return toolFailed(identifier, describeError(error), {
    apiName,
    ...(isMcpError(error) && { code: error.code }),
  });
}

/**
 * A tool source over one pooled MCP connection. `close` closes the connection unless the
 * connection belongs to someone else (`ownsConnection: false`: a pool's).
 */
export function mcpToolSource(
  connection: McpServerConnection,
  info: McpManifestInfo,
  ownsConnection = true,
): ToolSource {
  return {
    manifests: () => [mcpManifest(connection, info)],
    async call(identifier, apiName, args, context): Promise<ToolResult> {
      if (identifier !== info.identifier)
        throw new ManifoldError('PluginApiNotFound', {
          identifier,
          apiName,
          message: `No tool "${identifier}" here (this is ${info.identifier})`,
        });
      let result;
      try {
        result = await connection.callTool(apiName, args, context.signal);
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        throw gatewayError(identifier, apiName, error);
      }
      const text = resultText(result);
      if (result.isError === true)
        throw toolFailed(identifier, text || `${apiName} reported an error`, { apiName });
      return { text };
    },
    start: () => connection.start(),
    close: async () => {
      if (ownsConnection) await connection.close();
    },
  };
}

/**
 * The tool source of one operator-configured MCP server (`MCP_SERVERS`): one manifest
 * `mcp-<name>` (`type` and `source` `mcp`). `start()` connects and never throws (a server that
 * fails is listed with `state: "error"`); a call connects if needed; `close()` ends the
 * connection and stops a stdio server.
 */
export function createMcpSource(
  name: string,
  server: McpServerConfig,
  options: McpSourceOptions = {},
): ToolSource {
  const identifier = mcpIdentifier(name);
  const connection = new McpServerConnection(server, { ...options, label: identifier });
  return mcpToolSource(connection, { identifier, title: name, source: 'mcp' });
}

/** One source per server of a parsed `MCP_SERVERS`. */
export function createMcpSources(
  config: McpServersConfig,
  options: McpSourceOptions = {},
): ToolSource[] {
  return Object.entries(config.mcpServers).map(([name, server]) =>
    createMcpSource(name, server, options),
  );
}
