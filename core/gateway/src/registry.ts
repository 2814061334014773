import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { Compile } from 'typebox/compile';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import {
  ProviderManifestSchema,
  type ProviderManifest,
} from '@manifold/core/contract/provider-manifest';
import type { LazyProviderDefinition } from '@manifold/core/contract/provider-plugin';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createRedactingLogger } from '@manifold/core/errors/redacting-logger';
import {
  assertPublicURL,
  createPublicOnlyFetch,
  normalizeBaseURL,
  splitBaseQuery,
  withBaseQuery,
  type BaseQuery,
} from './base-url.js';
import { ConfigError, type GatewayConfig } from './config.js';
import type { SharedState } from './shared/state.js';
import { applyModelList, parseModelList } from './model-list-env.js';
import { probeURL } from './probe-url.js';
import {
  enabledOverride,
  envName,
  KeyPicker,
  modelListSetting,
  proxyURL,
  serverKeys,
} from './provider-env.js';
import type { ProviderRegistry } from './registry-types.js';
import './registry-types.js';

const checkManifest = Compile(ProviderManifestSchema);
const URL_FIELDS = ['baseURL', 'endpoint', 'baseURLOrAccountID'] as const;
const RUNTIME_CACHE_SIZE = 256;

interface Entry {
  /** `createRuntime` may return a promise (a runtime imported on first use); it is awaited. */
  definition: LazyProviderDefinition;
  manifest: ProviderManifest;
  keys: KeyPicker;
  proxyURL: string | undefined;
  /** Server-configured credentials besides the API key (`definition.serverVault`). */
  serverVault: KeyVault;
  /** A local server's probe URL, when its enabled state follows whether it answers. */
  probeURL?: string;
}

/** How long a local server has to answer the probe. */
/** `GET /providers` as sent: the JSON, its gzipped form and the ETag both share. */
export interface ManifestsPayload {
  json: string;
  gzip: Buffer;
  etag: string;
}

const PROBE_TIMEOUT_MS = 1000;
/** A `/providers` read this long after the last probe starts another. */
const PROBE_INTERVAL_MS = 60_000;

/** Server vault fields that are credentials (the rest only say where and how to call). */
const CREDENTIAL_FIELDS = ['apiKey', 'accessKeyId', 'secretAccessKey', 'sessionToken'] as const;

/** Fields of an access-key credential, filled from the server only all together. */
const KEY_PAIR_FIELDS = new Set<keyof KeyVault>(['accessKeyId', 'secretAccessKey', 'sessionToken']);

/** The non-empty, trimmed fields of a vault. */
function cleanVault(vault: KeyVault | undefined): KeyVault {
  const result: KeyVault = {};
  for (const [field, value] of Object.entries(vault ?? {}) as Array<[keyof KeyVault, unknown]>) {
    if (typeof value === 'string' && value.trim() !== '') result[field] = value.trim();
  }
  return result;
}

/**
 * Take the query off every URL field of a runtime's options, in place, and return the queries by
 * origin: a wire appends its paths to the bare base, `withBaseQuery` puts the query back on each
 * request (CONTRACT §1: `http://host/v1?api-version=x` → `…/v1/chat/completions?api-version=x`).
 */
function splitQueries(options: Partial<Record<(typeof URL_FIELDS)[number], string>>) {
  const queries = new Map<string, BaseQuery>();
  for (const field of URL_FIELDS) {
    const value = options[field];
    if (value === undefined) continue;
    const { url, query } = splitBaseQuery(value);
    if (query.length === 0) continue;
    options[field] = url;
    const origin = new URL(url).origin;
    const known = queries.get(origin) ?? [];
    const raws = new Set(known.map((parameter) => parameter.raw));
    queries.set(origin, [...known, ...query.filter((parameter) => !raws.has(parameter.raw))]);
  }
  return queries;
}

/**
 * The base URL query values a runtime's logs mask wherever they occur (a `?key=…` or `?sig=…` an
 * upstream echoes). Values shorter than 8 characters (`api-version=1`, `stream=true`) are flags,
 * not credentials; masking them would garble unrelated text.
 */
const queryValuesToMask = (queries: ReadonlyMap<string, BaseQuery>): string[] =>
  [...queries.values()].flat().flatMap(({ value }) => (value.length >= 8 ? [value] : []));

/** The provider registry: effective manifests and per-credential runtimes. */
export class Registry implements ProviderRegistry {
  /** Set by discovery while it loads builtin folders or MANIFOLD_PLUGINS packages. */
  loadingSource: 'builtin' | 'plugin' = 'builtin';
  /** Configuration errors met while providers registered; the boot stops on the first. */
  readonly configErrors: ConfigError[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly runtimes = new Map<string, ProviderRuntime>();
  private manifestsCache: ManifestsPayload | undefined;
  private lastProbe = 0;
  private probing: Promise<void> | undefined;
  /** Guarded fetch for caller-supplied content URLs under `BASE_URL_POLICY=public`. */
  private userContentFetch: typeof globalThis.fetch | undefined;
  /** Shared state of several instances (`REDIS_URL`): the key rotation turn lives there. */
  shared: SharedState | undefined;

  constructor(
    private readonly config: GatewayConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(definition: LazyProviderDefinition): void {
    const input = definition?.manifest;
    const id = input?.id;
    if (typeof id !== 'string') throw new Error('provider manifest has no id');
    if (this.entries.has(id)) throw new Error(`provider "${id}" is already registered`);
    const env = this.config.env;
    // `<ID>_API_KEY` only means something to a provider whose key form has an API key.
    const takesApiKey = (input.keyVault ?? []).some((field) => field.field === 'apiKey');
    const keys = takesApiKey ? serverKeys(env, id) : [];
    const modelList = modelListSetting(env, id);
    const serverVault = cleanVault(definition.serverVault?.(env));
    const hasServerKey =
      keys.length > 0 || CREDENTIAL_FIELDS.some((field) => serverVault[field] !== undefined);
    // A provider that needs no secret (a local server) is configured by its address alone.
    const needsSecret = (input.keyVault ?? []).some((field) => field.required && field.secret);
    const configured = hasServerKey || (!needsSecret && proxyURL(env, id) !== undefined);
    const builtinCards = (input.models ?? []).map((card) => ({
      ...card,
      source: card.source ?? 'builtin',
    }));
    const manifest: ProviderManifest = {
      ...input,
      source: this.loadingSource,
      enabled: enabledOverride(env, id) ?? (configured || (input.enabled ?? false)),
      sort: input.sort ?? 100,
      serverKey: hasServerKey,
      models: modelList
        ? applyModelList(builtinCards, parseModelList(modelList, envName(id, 'MODEL_LIST')))
        : builtinCards,
    };
    if (!checkManifest.Check(manifest)) {
      const problems = [...checkManifest.Errors(manifest)]
        .slice(0, 3)
        .map((error) => `${error.instancePath || '/'} ${error.message}`);
      throw new Error(`provider "${id}" has an invalid manifest: ${problems.join('; ')}`);
    }
    const proxy = proxyURL(env, id);
    let normalizedProxy: string | undefined;
    if (proxy) {
      try {
        normalizedProxy = normalizeBaseURL(
          proxy,
          manifest.defaultBaseURL,
          envName(id, 'PROXY_URL'),
        );
      } catch {
        throw new ConfigError(envName(id, 'PROXY_URL'), `is not a valid http(s) URL: "${proxy}"`);
      }
    }
    const probeBase = splitBaseQuery(normalizedProxy ?? manifest.defaultBaseURL ?? '');
    const probeQuery = probeBase.query.map((parameter) => parameter.raw).join('&');
    const probe =
      definition.localServer && enabledOverride(env, id) === undefined && probeBase.url
        ? `${probeBase.url.replace(/\/+$/, '')}${definition.localServer.path ?? '/models'}${probeQuery && `?${probeQuery}`}`
        : undefined;
    this.entries.set(id, {
      definition,
      manifest,
      keys: new KeyPicker(keys, this.config.apiKeySelectMode),
      proxyURL: normalizedProxy,
      serverVault,
      ...(probe && { probeURL: probe }),
    });
    this.manifestsCache = undefined;
  }

  /** True when a provider of this id is registered. */
  has(providerId: string): boolean {
    return this.entries.has(providerId);
  }

  /** One provider's effective manifest (a map lookup: the chat path asks once per request). */
  manifest(providerId: string): ProviderManifest | undefined {
    return this.entries.get(providerId)?.manifest;
  }

  /** Effective manifests, enabled first, then by sort and id. */
  manifests(): ProviderManifest[] {
    return [...this.entries.values()]
      .map((entry) => entry.manifest)
      .sort(
        (a, b) =>
          Number(b.enabled) - Number(a.enabled) || a.sort - b.sort || a.id.localeCompare(b.id),
      );
  }

  /**
   * `GET /providers` body, serialised once (configuration does not change after boot; a local
   * server's probe result does, and clears it). Starts a new probe in the background when the last
   * one is over a minute old.
   */
  manifestsBody(): string {
    return this.manifestsPayload().json;
  }

  /**
   * The `GET /providers` body with its gzipped form and an ETag (a hash of the body), built once per
   * change of the body.
   */
  manifestsPayload(): ManifestsPayload {
    if (Date.now() - this.lastProbe > PROBE_INTERVAL_MS) void this.probeLocalServers();
    if (!this.manifestsCache) {
      const json = JSON.stringify({ providers: this.manifests() });
      const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
      this.manifestsCache = { json, gzip: gzipSync(json), etag: `"${hash}"` };
    }
    return this.manifestsCache;
  }

  /**
   * Probe every local server (`ProviderDefinition.localServer`) at once: one that answers with a 2xx
   * within a second is enabled, one that does not is disabled. Concurrent calls share one probe.
   */
  probeLocalServers(): Promise<void> {
    this.lastProbe = Date.now();
    this.probing ??= Promise.all(
      [...this.entries.values()]
        .filter((entry) => entry.probeURL)
        .map(async (entry) => {
          const up = await probeURL(entry.probeURL!, PROBE_TIMEOUT_MS);
          if (entry.manifest.enabled !== up) {
            entry.manifest = { ...entry.manifest, enabled: up };
            this.manifestsCache = undefined;
            this.log.info({ provider: entry.manifest.id, enabled: up }, 'local server probed');
          }
        }),
    ).then(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /**
   * The runtime for one call: credentials from the caller's token win over the server's env.
   * Throws ManifoldError: unknown provider (404), a refused URL (400), or the runtime's own
   * construction error (e.g. InvalidProviderAPIKey).
   */
  async runtimeFor(providerId: string, vault: KeyVault = {}): Promise<ProviderRuntime> {
    const entry = this.entries.get(providerId);
    if (!entry)
      throw new ManifoldError(404, {
        message: `Unknown provider "${providerId}"`,
        provider: providerId,
      });
    const options: Omit<RuntimeOptions, 'env' | 'logger'> = { providerId, ...cleanVault(vault) };
    let userURLField: (typeof URL_FIELDS)[number] | undefined;
    for (const field of URL_FIELDS) {
      const value = options[field];
      if (value === undefined || (field === 'baseURLOrAccountID' && !/^https?:/i.test(value)))
        continue;
      options[field] = normalizeBaseURL(value, entry.manifest.defaultBaseURL, field);
      userURLField ??= field;
    }
    if (options.baseURL !== undefined || options.endpoint !== undefined)
      options.customBaseURL = true;
    if (options.baseURL === undefined && entry.proxyURL) {
      options.baseURL = entry.proxyURL;
      options.customBaseURL = true;
    }
    options.apiKey ??= await entry.keys.next(
      this.shared && ((name) => this.shared!.next(name)),
      providerId,
    );
    // Server-configured fields fill what the token left out; their URLs are trusted (not guarded).
    // A key pair is one credential: a caller's own pair never gets the server's session token.
    const ownPair = vault.accessKeyId !== undefined || vault.secretAccessKey !== undefined;
    for (const [field, value] of Object.entries(entry.serverVault) as Array<
      [keyof KeyVault, string]
    >) {
      if (options[field] !== undefined) continue;
      if (ownPair && KEY_PAIR_FIELDS.has(field)) continue;
      options[field] = value;
      if (field === 'baseURL' || field === 'endpoint') options.customBaseURL = true;
    }
    const guard = this.config.baseURLPolicy === 'public' && userURLField !== undefined;
    if (guard) await assertPublicURL(options[userURLField!]!, userURLField!);

    const cacheKey = guard ? undefined : JSON.stringify(options);
    const cached = cacheKey === undefined ? undefined : this.runtimes.get(cacheKey);
    if (cached) {
      // refresh its place in the LRU order
      this.runtimes.delete(cacheKey!);
      this.runtimes.set(cacheKey!, cached);
      return cached;
    }
    const queries = splitQueries(options);
    const guarded = guard ? createPublicOnlyFetch(userURLField!) : undefined;
    const fetch = queries.size > 0 ? withBaseQuery(queries, guarded) : guarded;
    const runtime = await entry.definition.createRuntime({
      ...options,
      env: this.config.env,
      logger: createRedactingLogger(this.log.child({ provider: providerId }), [
        ...CREDENTIAL_FIELDS.map((field) => options[field]),
        ...queryValuesToMask(queries),
      ]),
      models: entry.manifest.models,
      ...(fetch ? { fetch } : {}),
      ...(this.config.baseURLPolicy === 'public'
        ? { fetchUserContent: (this.userContentFetch ??= createPublicOnlyFetch('imageList')) }
        : {}),
    });
    if (cacheKey !== undefined) {
      this.runtimes.set(cacheKey, runtime);
      if (this.runtimes.size > RUNTIME_CACHE_SIZE)
        this.runtimes.delete(this.runtimes.keys().next().value!);
    }
    return runtime;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The concrete registry, for the gateway's own routes. */
    registry: Registry;
  }
}

const registryPlugin: FastifyPluginAsync<{ config: GatewayConfig }> = async (
  fastify,
  { config },
) => {
  const registry = new Registry(config, fastify.log);
  registry.shared = fastify.shared;
  fastify.decorate('registry', registry);
  fastify.decorate('providerRegistry', registry);
};

export default fp(registryPlugin, { name: 'provider-registry', fastify: '5.x' });
