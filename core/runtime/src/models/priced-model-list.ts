import type { ModelCard, ModelPricing } from '../contract/model-card.js';

/** One entry of a priced `/models` answer (the fields read here). */
interface PricedModel {
  id?: unknown;
  title?: unknown;
  display_name?: unknown;
  description?: unknown;
  context_size?: unknown;
  input_token_price_per_m?: unknown;
  output_token_price_per_m?: unknown;
}

/** List prices are in units of 1/10,000 of the currency per million tokens. */
const PRICE_UNITS_PER_CURRENCY_UNIT = 10_000;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

const price = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Number((value / PRICE_UNITS_PER_CURRENCY_UNIT).toFixed(6))
    : undefined;

/**
 * A transform for `models.transform` of lists shaped `{data: [{id, title, display_name,
 * description, context_size, input_token_price_per_m, output_token_price_per_m}]}`: title (else
 * display name), description, `context_size` as the context window, and prices per million tokens
 * (the list's figures divided by 10,000) in `currency` (absent: the card default, USD). Abilities
 * are left to the id keywords, which the factory infers.
 */
export function pricedModelListCards(
  currency?: ModelPricing['currency'],
): (raw: unknown) => ModelCard[] {
  return (raw) => {
    const data = (raw as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) return [];
    return (data as PricedModel[]).flatMap((model): ModelCard[] => {
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
              ...(currency && { currency }),
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
  };
}
