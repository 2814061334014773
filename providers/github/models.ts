import type { ModelCard } from '@manifold/core/contract/model-card';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { resolveModelListURL } from '@manifold/wire-openai/models';

/** GitHub Models' inference endpoint. */
export const GITHUB_BASE_URL = 'https://models.github.ai/inference';

/** The catalog is at `/catalog/models` on the inference endpoint's origin. */
export const CATALOG_URL = { fromOrigin: '/catalog/models' };

/** The catalog's full URL for runtime options, as the factory resolves it. */
export const catalogURL = (options: RuntimeOptions): string =>
  resolveModelListURL(CATALOG_URL, options, GITHUB_BASE_URL);

/** One entry of the GitHub Models catalog. */
interface CatalogModel {
  id?: unknown;
  name?: string;
  summary?: string;
  capabilities?: string[];
  tags?: string[];
  limits?: { max_input_tokens?: number; max_output_tokens?: number };
  supported_input_modalities?: string[];
  supported_output_modalities?: string[];
}

/**
 * The catalog's text models as cards: name, summary, context (input + output limits) and
 * abilities from its capabilities (`tool-calling`, `reasoning`), tags and input modalities.
 */
export function catalogModelCards(raw: unknown): ModelCard[] {
  if (!Array.isArray(raw)) return [];
  return (raw as CatalogModel[])
    .filter(
      (model) =>
        typeof model.id === 'string' &&
        (model.supported_output_modalities?.includes('text') ?? true),
    )
    .map((model) => {
      const input = model.limits?.max_input_tokens;
      const output = model.limits?.max_output_tokens;
      const has = (list: string[] | undefined, value: string) => list?.includes(value) === true;
      return {
        id: model.id as string,
        ...(model.name && { displayName: model.name }),
        ...(model.summary && { description: model.summary }),
        type: 'chat',
        enabled: false,
        ...(typeof input === 'number' && { contextWindowTokens: input + (output ?? 0) }),
        ...(typeof output === 'number' && { maxOutput: output }),
        abilities: {
          ...(has(model.capabilities, 'tool-calling') && { functionCall: true }),
          ...((has(model.capabilities, 'reasoning') || has(model.tags, 'reasoning')) && {
            reasoning: true,
          }),
          ...(has(model.supported_input_modalities, 'image') && { vision: true }),
        },
        source: 'remote',
      };
    });
}
