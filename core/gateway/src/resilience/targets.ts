import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { ConfigError } from '../config.js';

/** One model a chat may be served by: a provider id and the model id as that provider knows it. */
export interface ChatTarget {
  provider: string;
  model: string;
}

/** `FALLBACKS`: the models to try, in order, when `<provider>/<model>` fails (CONTRACT §10). */
export type FallbackTable = ReadonlyMap<string, readonly ChatTarget[]>;

/** Most fallbacks one chat tries (each retried up to `RETRY_MAX` times). */
export const MAX_FALLBACKS = 5;

const PROVIDER_ID = /^[a-z0-9-]{1,64}$/;

/**
 * `<provider>/<model>` split at the first `/` (model ids may hold more: `openrouter/meta-llama/x`),
 * or undefined when it is not of that form.
 */
export function parseTarget(text: string): ChatTarget | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) return undefined;
  const provider = text.slice(0, slash);
  const model = text.slice(slash + 1);
  return PROVIDER_ID.test(provider) && model.trim() === model ? { provider, model } : undefined;
}

/** The `<provider>/<model>` label of a target (`X-Manifold-Route`). */
export const targetLabel = (target: ChatTarget): string => `${target.provider}/${target.model}`;

/**
 * `FALLBACKS` (CONTRACT §10): JSON `{"<provider>/<model>": ["<provider>/<model>", …]}`. Anything
 * else (not JSON, a key or entry not of that form, more than `MAX_FALLBACKS` entries) throws a
 * ConfigError naming the variable. Whether each provider exists is checked once providers loaded
 * (`assertFallbackProviders`).
 */
export function parseFallbacks(value: string | undefined): FallbackTable {
  const table = new Map<string, ChatTarget[]>();
  if (value === undefined || value.trim() === '') return table;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new ConfigError('FALLBACKS', `is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError('FALLBACKS', 'must be a JSON object {"<provider>/<model>": [...]}');
  for (const [key, list] of Object.entries(parsed)) {
    if (!parseTarget(key))
      throw new ConfigError('FALLBACKS', `has a key that is not "<provider>/<model>": "${key}"`);
    if (!Array.isArray(list) || list.length > MAX_FALLBACKS)
      throw new ConfigError(
        'FALLBACKS',
        `entry "${key}" must be an array of at most ${MAX_FALLBACKS} "<provider>/<model>" strings`,
      );
    table.set(
      key,
      list.map((entry) => {
        const target = typeof entry === 'string' ? parseTarget(entry) : undefined;
        if (!target)
          throw new ConfigError(
            'FALLBACKS',
            `entry "${key}" lists ${JSON.stringify(entry)}, not "<provider>/<model>"`,
          );
        return target;
      }),
    );
  }
  return table;
}

/** Stop the boot when `FALLBACKS` names a provider this gateway does not have. */
export function assertFallbackProviders(table: FallbackTable, known: (id: string) => boolean) {
  for (const [key, targets] of table) {
    for (const target of [parseTarget(key)!, ...targets]) {
      if (!known(target.provider))
        throw new ConfigError('FALLBACKS', `names an unknown provider "${target.provider}"`);
    }
  }
}

/**
 * The targets of one chat, in order: the requested one, then the request's `fallbacks` when it
 * has them (an empty list turns the configured ones off), else those `FALLBACKS` lists for it.
 * A target already in the list is left out. A request's entry that is not `<provider>/<model>` or
 * names an unknown provider is 400 `BadRequest` naming it, before any upstream call.
 */
export function chatTargets(
  primary: ChatTarget,
  requested: readonly string[] | undefined,
  table: FallbackTable,
  known: (id: string) => boolean,
): ChatTarget[] {
  const fallbacks =
    requested?.map((text, index) => {
      const target = parseTarget(text);
      const field = `fallbacks.${index}`;
      if (!target)
        throw new ManifoldError('BadRequest', {
          message: `${field} must be "<provider>/<model>", got "${text}"`,
          field,
        });
      if (!known(target.provider))
        throw new ManifoldError('BadRequest', {
          message: `${field} names an unknown provider "${target.provider}"`,
          field,
        });
      return target;
    }) ??
    table.get(targetLabel(primary)) ??
    [];
  const seen = new Set<string>();
  return [primary, ...fallbacks].filter((target) => {
    const label = targetLabel(target);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}
