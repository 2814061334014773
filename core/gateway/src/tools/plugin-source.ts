import { readFile } from 'node:fs/promises';
import { Compile } from 'typebox/compile';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import { ToolManifestSchema, type ToolManifest } from '@manifold/core/contract/tool-manifest';
import { isManifoldError } from '@manifold/core/errors/manifold-error';
import { findUpstreamFault } from '@manifold/core/errors/upstream-fault';
import { sanitizeText } from '@manifold/core/errors/sanitize';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { toolFailed, type ToolCallContext, type ToolResult, type ToolSource } from './types.js';

/** The largest answer a plugin URL may give (CONTRACT §8). */
export const PLUGIN_ANSWER_LIMIT = 1024 * 1024;
/** The largest plugin manifest read at boot. */
const MANIFEST_LIMIT = 1024 * 1024;
/** Longest wait for a manifest at boot. */
const MANIFEST_TIMEOUT_MS = 10_000;

const checkManifest = Compile(ToolManifestSchema);

/** A manifest as a plugin declares it: `type` defaults to `default`, `source` is set here. */
export function pluginManifest(raw: unknown, source: 'plugin' | 'user'): ToolManifest {
  const given = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const manifest = { type: 'default', ...given, source };
  if (manifest.type === 'builtin' || manifest.type === 'mcp') {
    throw new ManifoldError(source === 'user' ? 'BadRequest' : 'PluginGatewayError', {
      message: `a plugin manifest cannot have type "${String(manifest.type)}"`,
      field: 'manifest.type',
    });
  }
  if (!checkManifest.Check(manifest)) {
    const problems = [...checkManifest.Errors(manifest)]
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new ManifoldError(source === 'user' ? 'BadRequest' : 'PluginGatewayError', {
      message: `the plugin manifest is invalid: ${problems.join('; ')}`,
      field: 'manifest',
    });
  }
  return manifest;
}

/**
 * Call a plugin's api URL (`type: "default"`): POST the arguments as JSON, the tool's settings in
 * `X-Manifold-Plugin-Settings` (base64url JSON, as the plugin gateway received them), through the
 * guarded fetch (`BASE_URL_POLICY`: address checked, no redirects), the answer capped at 1 MiB.
 * A plugin URL refused by the policy is the caller's to fix when the manifest is the user's
 * (400 BadRequest), the operator's when it came from `PLUGIN_MANIFESTS` (502).
 */
export async function callPluginUrl(
  manifest: ToolManifest,
  apiName: string,
  args: Record<string, unknown>,
  context: ToolCallContext,
): Promise<ToolResult> {
  const { identifier } = manifest;
  const api = manifest.api.find((each) => each.name === apiName);
  const url = api?.url;
  if (!url) throw toolFailed(identifier, `${identifier}.${apiName} has no url to call`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/plain, */*',
  };
  if (Object.keys(context.settings).length > 0)
    headers['x-manifold-plugin-settings'] = Buffer.from(JSON.stringify(context.settings)).toString(
      'base64url',
    );
  let response: Response;
  let text: string;
  try {
    response = await context.fetch.guarded(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: context.signal,
      upstream: { maxBodyBytes: PLUGIN_ANSWER_LIMIT },
    } as RequestInit);
    text = await response.text();
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason ?? error;
    throw pluginCallError(manifest, error);
  }
  if (!response.ok) {
    const detail = sanitizeText(text.trim().slice(0, 1000)) || response.statusText;
    throw toolFailed(identifier, `the plugin answered ${response.status}: ${detail}`, {
      status: response.status,
    });
  }
  return { text };
}

/** A failed plugin call as the catalogue error the gateway answers with. */
function pluginCallError(manifest: ToolManifest, error: unknown): ManifoldError {
  const { identifier } = manifest;
  const refusal = causeChain(error).find(isManifoldError);
  if (refusal?.errorType === 'BadRequest') {
    if (manifest.source === 'user')
      return new ManifoldError('BadRequest', { ...refusal.body, field: 'manifest.api.url' });
    return toolFailed(identifier, String(refusal.body.message ?? refusal.message));
  }
  const fault = findUpstreamFault(error);
  if (fault?.reason === 'response_too_large')
    return toolFailed(identifier, 'the plugin answered more than 1 MiB', { reason: fault.reason });
  if (fault) return toolFailed(identifier, fault.description, { reason: fault.reason });
  const message =
    error instanceof Error
      ? causeChain(error)
          .map((each) => (each as Error).message)
          .join(': ')
      : String(error);
  return toolFailed(identifier, `the plugin could not be reached: ${sanitizeText(message)}`);
}

const causeChain = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== undefined; depth++) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
};

/** Options of `createPluginManifestSource`. */
export interface PluginManifestSourceOptions {
  logger: RuntimeLogger;
  /** The transport for the operator's manifest URLs. */
  fetch: typeof globalThis.fetch;
}

/**
 * The plugin manifests named in `PLUGIN_MANIFESTS` (URLs or paths), loaded at boot; one that
 * cannot be read or is invalid is logged and left out, the gateway still starts.
 */
export function createPluginManifestSource(
  items: readonly string[],
  options: PluginManifestSourceOptions,
): ToolSource {
  let manifests: ToolManifest[] = [];
  const load = async (item: string): Promise<unknown> => {
    if (/^https?:\/\//i.test(item)) {
      const response = await options.fetch(item, {
        signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
        upstream: { maxBodyBytes: MANIFEST_LIMIT },
      } as RequestInit);
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return response.json();
    }
    return JSON.parse(await readFile(item, 'utf8'));
  };
  return {
    manifests: () => manifests,
    async start() {
      const loaded = await Promise.all(
        items.map(async (item) => {
          try {
            return pluginManifest(await load(item), 'plugin');
          } catch (error) {
            options.logger.error(
              { plugin: item, error: error instanceof Error ? error.message : String(error) },
              'plugin manifest could not be loaded; skipped',
            );
            return undefined;
          }
        }),
      );
      manifests = loaded.filter((manifest): manifest is ToolManifest => manifest !== undefined);
    },
    call(identifier, apiName, args, context) {
      const manifest = manifests.find((each) => each.identifier === identifier);
      if (!manifest) throw toolFailed(identifier, `${identifier} is not loaded`);
      return callPluginUrl(manifest, apiName, args, context);
    },
  };
}
