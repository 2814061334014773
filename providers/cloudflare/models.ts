import { enrichModelCards } from '@manifold/core/models/model-list';
import type { ModelCard, ModelPricing } from '@manifold/core/contract/model-card';
import { errorInBody, WorkersAIError } from './errors.js';

/** Models per page asked of `…/ai/models/search`, and the most pages read. */
export const MODELS_PER_PAGE = 100;
const MAX_PAGES = 20;
/** The task of chat models in the Workers AI catalogue. */
export const TEXT_GENERATION = 'Text Generation';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `properties: [{property_id, value}]` as a map. */
function propertiesOf(model: Json): Map<string, unknown> {
  const list = Array.isArray(model.properties) ? model.properties.filter(isObject) : [];
  return new Map(list.map((property) => [String(property.property_id), property.value]));
}

const isTrue = (value: unknown) => value === true || value === 'true';

function contextWindow(properties: Map<string, unknown>): number | undefined {
  for (const key of ['context_window', 'max_total_tokens', 'max_input_length']) {
    const value = Number(properties.get(key));
    if (Number.isInteger(value) && value > 0) return value;
  }
  return undefined;
}

/** `price: [{unit: "per M input tokens", price, currency}, {unit: "per M output tokens", …}]`. */
function pricingOf(value: unknown): ModelPricing | undefined {
  if (!Array.isArray(value)) return undefined;
  const pricing: ModelPricing = {};
  for (const entry of value.filter(isObject)) {
    const unit = typeof entry.unit === 'string' ? entry.unit.toLowerCase() : '';
    const price = Number(entry.price);
    if (!unit.includes('per m') || !Number.isFinite(price) || price < 0) continue;
    if (unit.includes('input')) pricing.input = price;
    else if (unit.includes('output')) pricing.output = price;
  }
  return pricing.input === undefined && pricing.output === undefined ? undefined : pricing;
}

/**
 * One catalogue entry as a card: context window, function calling, reasoning and vision from its
 * properties (names and descriptions as a fallback), prices in USD per million tokens, "(Beta)"
 * on beta models.
 */
export function toModelCard(model: Json): ModelCard | undefined {
  const id = typeof model.name === 'string' ? model.name : undefined;
  if (!id) return undefined;
  const properties = propertiesOf(model);
  const description = typeof model.description === 'string' ? model.description : undefined;
  const lower = `${id} ${description ?? ''}`.toLowerCase();
  const name = id.split('/').at(-1) ?? id;
  const card: ModelCard = {
    id,
    displayName: isTrue(properties.get('beta')) ? `${name} (Beta)` : name,
    type: 'chat',
    enabled: false,
    abilities: {
      functionCall: isTrue(properties.get('function_calling')),
      reasoning: isTrue(properties.get('reasoning')) || /deepseek-r1|qwq/.test(id.toLowerCase()),
      vision: isTrue(properties.get('vision')) || /vision|multimodal/.test(lower),
    },
    source: 'remote',
  };
  if (description) card.description = description;
  const context = contextWindow(properties);
  if (context !== undefined) card.contextWindowTokens = context;
  const pricing = pricingOf(properties.get('price'));
  if (pricing) card.pricing = pricing;
  return card;
}

/** How the list is fetched: the runtime's fetch, the search URL and headers. */
export interface ModelListRequest {
  fetch: typeof globalThis.fetch;
  /** `{apiBase}/accounts/{id}/ai/models/search`. */
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/**
 * The account's Workers AI catalogue (`GET …/ai/models/search`, read page by page until a short
 * page or `result_info.total_count`): only Text Generation models, as cards, ids filtered (SPEC §9)
 * and built-in cards preferred. A failure throws `WorkersAIError`.
 */
export async function fetchModelCards(
  request: ModelListRequest,
  builtin: readonly ModelCard[],
): Promise<ModelCard[]> {
  const entries: Json[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({
      task: TEXT_GENERATION,
      per_page: String(MODELS_PER_PAGE),
      page: String(page),
    });
    const response = await request.fetch(`${request.url}?${query}`, {
      headers: request.headers,
      signal: request.signal,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a non-JSON body is reported as text
    }
    if (!response.ok) throw new WorkersAIError(response.status, body);
    const failure = errorInBody(body);
    if (failure || !isObject(body) || !Array.isArray(body.result)) {
      throw failure ?? new WorkersAIError(response.status, { message: 'no model list in answer' });
    }
    entries.push(...body.result.filter(isObject));
    const total = isObject(body.result_info) ? Number(body.result_info.total_count) : NaN;
    if (body.result.length < MODELS_PER_PAGE || page * MODELS_PER_PAGE >= total) break;
  }
  const cards = entries
    .filter((entry) => isObject(entry.task) && entry.task.name === TEXT_GENERATION)
    .map(toModelCard)
    .filter((card): card is ModelCard => card !== undefined);
  return enrichModelCards(cards, builtin);
}
