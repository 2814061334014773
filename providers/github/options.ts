import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';
import { clamps, payload } from './convert-request.js';
import { catalogModelCards, catalogURL, GITHUB_BASE_URL } from './models.js';

/**
 * How GitHub Models differs from OpenAI: a bad token is InvalidGithubToken, o1/o3 models are
 * pruned and not streamed, and models come from the catalog rather than `/models`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: GITHUB_BASE_URL,
  clamps,
  payload,
  errors: { invalidAPIKey: 'InvalidGithubToken' },
  models: { url: catalogURL, transform: catalogModelCards },
};
