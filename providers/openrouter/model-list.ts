import type { ModelCard } from '@manifold/core/contract/model-card';

/** One model of `GET /api/frontend/models` (the fields read here). */
interface FrontendModel {
  slug?: string;
  name?: string;
  short_name?: string;
  description?: string;
  context_length?: number;
  created_at?: string;
  input_modalities?: string[];
  endpoint?: {
    model_variant_slug?: string;
    context_length?: number;
    max_completion_tokens?: number | null;
    supports_tool_parameters?: boolean;
    supports_reasoning?: boolean;
    pricing?: { prompt?: string; completion?: string };
  } | null;
}

/** A per-token price string as USD per million tokens; `-1` (variable) and junk are unknown. */
export function perMillion(price: string | undefined): number | undefined {
  if (price === undefined || price === '-1') return undefined;
  const value = Number(price);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return Number((value * 1e6).toPrecision(5));
}

const day = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
};

/** One frontend model as a card; models without an endpoint (not served) are left out. */
function toCard(model: FrontendModel): ModelCard | undefined {
  const endpoint = model.endpoint;
  const id = endpoint?.model_variant_slug ?? model.slug;
  if (!endpoint || !id) return undefined;
  const input = perMillion(endpoint.pricing?.prompt);
  const output = perMillion(endpoint.pricing?.completion);
  const context = endpoint.context_length ?? model.context_length;
  const releasedAt = day(model.created_at);
  const card: ModelCard = {
    id,
    displayName: model.short_name ?? model.name ?? id,
    type: 'chat',
    enabled: false,
    abilities: {
      functionCall: endpoint.supports_tool_parameters === true,
      reasoning: endpoint.supports_reasoning === true,
      vision: model.input_modalities?.includes('image') === true,
    },
    source: 'remote',
  };
  if (model.description) card.description = model.description;
  if (typeof context === 'number') card.contextWindowTokens = context;
  if (typeof endpoint.max_completion_tokens === 'number') {
    card.maxOutput = endpoint.max_completion_tokens;
  }
  if (releasedAt) card.releasedAt = releasedAt;
  if (input !== undefined || output !== undefined) {
    card.pricing = {
      ...(input !== undefined && { input }),
      ...(output !== undefined && { output }),
    };
  }
  return card;
}

/**
 * Cards of OpenRouter's frontend list `{data: [{slug, name, context_length, input_modalities,
 * endpoint: {pricing, max_completion_tokens, supports_tool_parameters, supports_reasoning}}]}`:
 * abilities as the list reports them, prices per token turned into USD per million tokens.
 */
export function frontendModelCards(raw: unknown): ModelCard[] {
  const data = (raw as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .filter((item): item is FrontendModel => typeof item === 'object' && item !== null)
    .map(toCard)
    .filter((card): card is ModelCard => card !== undefined);
}
