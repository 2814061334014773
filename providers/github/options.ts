import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { clamps, isPrunedReasoningModel, payload } from './convert-request.js';
import { CATALOG_URL, catalogModelCards, GITHUB_BASE_URL } from './models.js';

/**
 * How GitHub Models differs from OpenAI: a bad token is InvalidGithubToken, o1/o3 models are
 * pruned and not streamed, and models come from the catalog rather than `/models`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: GITHUB_BASE_URL,
  clamps,
  payload,
  // GitHub refuses streams for them
  noStreamModels: isPrunedReasoningModel,
  errors: { invalidAPIKey: 'InvalidGithubToken' },
  models: { url: CATALOG_URL, transform: catalogModelCards },
};
