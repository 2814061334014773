import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ConfigError } from './config.js';

interface PackageJSON {
  name?: string;
  main?: string;
  keywords?: string[];
  exports?: unknown;
  /**
   * `provider`: the file the gateway loads (builtin providers: `plugin.js`, which imports the
   * runtime on first use); `source`: its TypeScript source, loaded when running from sources.
   */
  manifold?: { provider?: string; source?: string };
}

/** A provider plugin to load: where it comes from and how to import it. */
export interface PluginSource {
  /** Folder name, package name or path, for logs. */
  label: string;
  source: 'builtin' | 'plugin';
  load: () => Promise<unknown>;
}

const readPackage = async (dir: string): Promise<PackageJSON | undefined> => {
  try {
    return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PackageJSON;
  } catch {
    return undefined;
  }
};

/** True when the gateway itself runs from TypeScript sources (tests), not from dist/. */
const RUNNING_FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * The file a provider package is loaded from: while the gateway runs from sources, the TypeScript
 * file of `manifold.source` (the source of `manifold.provider`), else its `manifold-source`
 * export; else `manifold.provider`, else `main`. Resolved from package.json by path: a
 * bare-specifier import would depend on the folder being linked into node_modules.
 */
export function providerEntry(dir: string, pkg: PackageJSON): string {
  const root = (pkg.exports as Record<string, unknown> | undefined)?.['.'];
  const sourceEntry =
    pkg.manifold?.source ?? (root as Record<string, unknown> | undefined)?.['manifold-source'];
  if (RUNNING_FROM_SOURCES && typeof sourceEntry === 'string') return join(dir, sourceEntry);
  return join(dir, pkg.manifold?.provider ?? pkg.main ?? 'index.js');
}

/** Folders under `providers/` whose package.json carries the `manifold-provider` keyword. */
export async function builtinSources(providersDir: string): Promise<PluginSource[]> {
  const names = await readdir(providersDir).catch(() => [] as string[]);
  const sources: PluginSource[] = [];
  for (const name of names.sort()) {
    const dir = join(providersDir, name);
    const pkg = await readPackage(dir);
    if (!pkg?.keywords?.includes('manifold-provider')) continue;
    const entry = providerEntry(dir, pkg);
    sources.push({ label: name, source: 'builtin', load: () => import(pathToFileURL(entry).href) });
  }
  return sources;
}

/** `MANIFOLD_PLUGINS` items: npm package names, or paths to a package folder or a file. */
export function pluginSources(items: readonly string[], cwd = process.cwd()): PluginSource[] {
  return items.map((item) => ({
    label: item,
    source: 'plugin' as const,
    load: async () => {
      if (!item.startsWith('.') && !isAbsolute(item)) return import(item);
      const path = resolve(cwd, item);
      if ((await stat(path)).isDirectory()) {
        return import(pathToFileURL(providerEntry(path, (await readPackage(path)) ?? {})).href);
      }
      return import(pathToFileURL(path).href);
    },
  }));
}

const pluginMeta = (plugin: unknown): { name?: string } | undefined =>
  (plugin as Record<symbol, { name?: string }> | undefined)?.[Symbol.for('plugin-meta')];

/**
 * Load every provider plugin; one that fails to import, is not a `provider-<id>` fastify-plugin,
 * or throws while registering (e.g. an invalid manifest) is logged and skipped. A configuration
 * error (a bad `<ID>_PROXY_URL`, `<ID>_MODEL_LIST`, `ENABLED_<ID>`) still stops the boot.
 */
export async function loadProviders(
  fastify: FastifyInstance,
  sources: readonly PluginSource[],
): Promise<void> {
  // Import everything first, then queue the registrations in one pass, so that avvio never starts
  // loading plugins while an import is still pending.
  const loaded = await Promise.all(
    sources.map(async (source) => {
      try {
        return { source, plugin: ((await source.load()) as { default?: unknown }).default };
      } catch (error) {
        fastify.log.error(
          { plugin: source.label, err: error },
          'provider plugin failed to load; skipped',
        );
        return undefined;
      }
    }),
  );
  for (const entry of loaded) {
    if (!entry) continue;
    const { source, plugin } = entry;
    const name = pluginMeta(plugin)?.name;
    if (typeof plugin !== 'function' || !name?.startsWith('provider-')) {
      fastify.log.error(
        { plugin: source.label },
        'provider plugin must default-export a fastify-plugin named provider-<id>; skipped',
      );
      continue;
    }
    fastify.register(
      fp(async () => {
        fastify.registry.loadingSource = source.source;
      }),
    );
    fastify.register(plugin as FastifyPluginAsync).after((error) => {
      if (!error) return;
      // thrown here it would escape the boot; buildApp raises it after ready()
      if (error instanceof ConfigError) return void fastify.registry.configErrors.push(error);
      fastify.log.error(
        { plugin: source.label, err: error },
        'provider plugin failed to register; skipped',
      );
    });
  }
}
