import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Infini-AI (GenStudio) differs from OpenAI: a 429 (rate or balance limit) is
 * QuotaLimitReached rather than a provider error; 401 stays the factory's invalid key.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://cloud.infini-ai.com/maas/v1',
  errors: { status: { 429: 'QuotaLimitReached' } },
};
