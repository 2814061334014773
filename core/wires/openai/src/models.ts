import type OpenAI from 'openai';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { defaultModelCards, enrichModelCards } from '@manifold/core/models/model-list';
import type { ModelListURL, OpenAICompatibleOptions } from './options.js';

/**
 * Where the model list is read: a path relative to the base URL (or an absolute URL) as it is, a
 * function's answer, or `fromOrigin`'s path on the origin of the base URL (the runtime's, else
 * `defaultBaseURL`), so that a proxy or test server still serves it.
 */
export function resolveModelListURL(
  url: ModelListURL | undefined,
  options: RuntimeOptions,
  defaultBaseURL: string,
): string {
  if (url === undefined) return '/models';
  if (typeof url === 'string') return url;
  if (typeof url === 'function') return url(options);
  return `${new URL(options.baseURL || defaultBaseURL).origin}${url.fromOrigin}`;
}

/**
 * The provider's remote model list: GET the list endpoint through the SDK client (bearer key,
 * base URL, error classes), map it to cards, filter and enrich them.
 */
export async function fetchModelCards(
  client: OpenAI,
  compat: OpenAICompatibleOptions,
  builtin: readonly ModelCard[],
  options: RuntimeOptions,
  request: { signal: AbortSignal; headers?: Record<string, string> },
): Promise<ModelCard[]> {
  if (compat.models === false) return [];
  const list = compat.models ?? {};
  const url = resolveModelListURL(list.url, options, compat.baseURL);
  const raw = await client.get<unknown>(url, request);
  const transform = list.transform ?? defaultModelCards;
  return enrichModelCards(transform(raw), builtin, { keywords: list.abilities });
}
