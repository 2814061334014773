import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { leanFetch } from '@manifold/transport';
import { matchesKeywords } from '@manifold/core/models/infer-abilities';

/** One backend of a router: a wire (runtime factory) and the models it serves. */
export interface RouterRoute {
  /** A name for logs, e.g. the wire (`anthropic`, `google`). */
  name: string;
  /** True when this backend serves `model` (the request's model id). */
  match(model: string): boolean;
  /** Build the backend's runtime; called once, on the first request the route takes. */
  createRuntime(options: RuntimeOptions): ProviderRuntime;
}

/** The backend that takes every model no route matches (the OpenAI-style wire, typically). */
export type RouterFallback = Omit<RouterRoute, 'match'>;

/** How a router runtime is put together. */
export interface RouterSettings {
  /** Tried in order; the first whose `match` accepts the model serves the request. */
  routes: readonly RouterRoute[];
  /** Serves what no route matches, and the model list unless `models` is given. */
  fallback: RouterFallback;
  /** The remote model list; default: the fallback backend's. */
  models?: (context: CallContext) => Promise<ModelCard[]>;
  /** Headers added to every upstream request of every backend (e.g. a client attribution). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A fetch that adds `headers` to every request, over the fetch the runtime would use (a guarded
 * one under `BASE_URL_POLICY=public`, else the lean transport), so the transport policy is kept.
 * It works below the SDKs, so any wire gets the headers without an option of its own.
 */
export function withHeaders(
  headers: Readonly<Record<string, string>>,
  inner: typeof fetch = leanFetch,
): typeof fetch {
  return (input, init = {}) => {
    const merged = new Headers(init.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return inner(input, { ...init, headers: Object.fromEntries(merged) });
  };
}

/**
 * A route that serves the ids matching an owner keyword list (`matchesKeywords`: a keyword
 * matches anywhere in the lower-cased id, `^kw` at its start or after an `owner/` prefix, `!kw`
 * excludes), e.g. `keywordRoute('anthropic', ['claude'], createAnthropicRuntime)`.
 */
export function keywordRoute(
  name: string,
  keywords: readonly string[],
  createRuntime: RouterRoute['createRuntime'],
): RouterRoute {
  return { name, match: (model) => matchesKeywords(model, keywords), createRuntime };
}

/**
 * A runtime that forwards each chat to one of several backend runtimes, chosen by the request's
 * model: the first matching route, else the fallback. Each backend is built from the same
 * options on its first use and kept, so an unused wire costs nothing (not even its SDK).
 */
export function createRouterRuntime(
  options: RuntimeOptions,
  settings: RouterSettings,
): ProviderRuntime {
  const backendOptions: RuntimeOptions = settings.headers
    ? { ...options, fetch: withHeaders(settings.headers, options.fetch) }
    : options;
  const built = new Map<RouterFallback, ProviderRuntime>();
  const runtimeOf = (backend: RouterFallback): ProviderRuntime => {
    let runtime = built.get(backend);
    if (!runtime) {
      runtime = backend.createRuntime(backendOptions);
      built.set(backend, runtime);
    }
    return runtime;
  };
  const backendFor = (model: string): RouterFallback =>
    settings.routes.find((route) => route.match(model)) ?? settings.fallback;

  return {
    async chat(request, context) {
      const backend = backendFor(request.model);
      options.logger.debug(
        { provider: options.providerId, model: request.model, backend: backend.name },
        'router backend',
      );
      return runtimeOf(backend).chat(request, context);
    },
    async models(context) {
      if (settings.models) return settings.models(context);
      return (await runtimeOf(settings.fallback).models?.(context)) ?? [];
    },
  };
}
