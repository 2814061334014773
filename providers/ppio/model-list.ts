import type { ModelCard } from '@manifold/core/contract/model-card';

/** One entry of PPIO's `/models` answer. */
interface PPIOModel {
  id?: unknown;
  title?: unknown;
  display_name?: unknown;
  description?: unknown;
  context_size?: unknown;
  input_token_price_per_m?: unknown;
  output_token_price_per_m?: unknown;
}

/** List prices are in units of 1/10,000 CNY (yuan) per million tokens. */
const PRICE_UNITS_PER_YUAN = 10_000;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

const price = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Number((value / PRICE_UNITS_PER_YUAN).toFixed(6))
    : undefined;

/**
 * PPIO's list as cards: title (else display name), description, `context_size` as the context
 * window, and prices in yuan per million tokens (the list's figures divided by 10,000). Abilities are
 * left to the id keywords, which the factory infers.
 */
export function ppioModelCards(raw: unknown): ModelCard[] {
  const data = (raw as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return (data as PPIOModel[]).flatMap((model): ModelCard[] => {
    if (typeof model?.id !== 'string' || !model.id) return [];
    const displayName = text(model.title) ?? text(model.display_name);
    const description = text(model.description);
    const context = model.context_size;
    const input = price(model.input_token_price_per_m);
    const output = price(model.output_token_price_per_m);
    return [
      {
        id: model.id,
        ...(displayName && { displayName }),
        ...(description && { description }),
        type: 'chat',
        ...(typeof context === 'number' &&
          Number.isInteger(context) &&
          context > 0 && { contextWindowTokens: context }),
        ...((input !== undefined || output !== undefined) && {
          pricing: {
            currency: 'CNY',
            ...(input !== undefined && { input }),
            ...(output !== undefined && { output }),
          },
        }),
        enabled: false,
        abilities: {},
        source: 'remote',
      },
    ];
  });
}
