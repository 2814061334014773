import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatRequest, ChatTool } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { MAX_TOOLS, toolFunctionName } from '@manifold/core/tools/function-names';
import type { ToolRegistry } from './tool-registry.js';
import type { ToolSource } from './types.js';

/** The built-in search tool's identifier (CONTRACT §8). */
export const WEB_SEARCH = 'web-search';

/** Longest function description sent to a model (some providers refuse longer ones). */
const MAX_DESCRIPTION = 1024;

/** What the chat route knows when it turns plugins into function tools. */
export interface PluginToolsContext {
  tools: ToolRegistry;
  /** A person's own tool sources (their MCP servers). */
  extra: readonly ToolSource[];
  /** The provider's manifest and the model's card, when the model has one. */
  provider: ProviderManifest | undefined;
  card: ModelCard | undefined;
  logger: RuntimeLogger;
}

/**
 * True when the model searches by itself (SPEC §4): its card's `searchImpl` is `internal` or
 * `params`, or the provider has a `searchMode`.
 */
const searchesByItself = (context: PluginToolsContext): boolean =>
  context.card?.settings?.searchImpl === 'internal' ||
  context.card?.settings?.searchImpl === 'params' ||
  context.provider?.settings.searchMode !== undefined;

/**
 * The chat request with its `plugins` as function tools (CONTRACT §8), in one place:
 * - `enabledSearch` for a model that does not search by itself adds `web-search` to the plugins
 *   (when the server offers it) and turns `enabledSearch` off, so nothing searches twice;
 * - each plugin's apis become `{type: "function"}` tools named by `toolFunctionName`
 *   (`<identifier>____<apiName>`, or its stable short form), only for a model whose card says
 *   `functionCall` (a model without a card is taken at its word); plugins this server does not
 *   offer are left out (logged);
 * - the tools' `systemRole`s are added as one system message after the conversation's own;
 * - more than 128 function tools in all → 400 BadRequest naming `tools`.
 */
export function withPluginTools(request: ChatRequest, context: PluginToolsContext): ChatRequest {
  const plugins = [...new Set(request.plugins ?? [])];
  let enabledSearch = request.enabledSearch;
  if (
    request.enabledSearch &&
    !searchesByItself(context) &&
    context.tools.find(WEB_SEARCH, context.extra)
  ) {
    if (!plugins.includes(WEB_SEARCH)) plugins.push(WEB_SEARCH);
    enabledSearch = false;
  }
  const callsFunctions = context.card === undefined || context.card.abilities.functionCall === true;
  const tools: ChatTool[] = [...(request.tools ?? [])];
  const names = new Set(tools.map((tool) => tool.function.name));
  const roles: string[] = [];
  if (callsFunctions) {
    for (const identifier of plugins) {
      const found = context.tools.find(identifier, context.extra);
      if (!found) {
        context.logger.debug({ plugin: identifier }, 'plugin not offered by this server; left out');
        continue;
      }
      const { manifest } = found;
      for (const api of manifest.api) {
        const name = toolFunctionName(manifest.identifier, api.name);
        if (names.has(name)) continue;
        names.add(name);
        tools.push({
          type: 'function',
          function: {
            name,
            description: api.description.slice(0, MAX_DESCRIPTION),
            parameters: api.parameters ?? { type: 'object', properties: {} },
          },
        });
      }
      if (manifest.systemRole) roles.push(manifest.systemRole);
    }
  }
  if (tools.length > MAX_TOOLS) {
    throw new ManifoldError('BadRequest', {
      message: `A request may offer at most ${MAX_TOOLS} function tools; this one offers ${tools.length}`,
      field: 'tools',
    });
  }
  if (tools.length === (request.tools?.length ?? 0) && enabledSearch === request.enabledSearch)
    return request;
  const messages: ChatMessage[] = [...request.messages];
  if (roles.length > 0) {
    const at = messages.findIndex((message) => message.role !== 'system');
    const system: ChatMessage = { role: 'system', content: roles.join('\n\n') };
    messages.splice(at === -1 ? messages.length : at, 0, system);
  }
  return {
    ...request,
    messages,
    ...(tools.length > 0 && { tools }),
    ...(enabledSearch !== undefined && { enabledSearch }),
  };
}
