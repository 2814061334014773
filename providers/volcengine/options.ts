import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** Models that take `thinking: {type}` (the vision reasoning models); others refuse the field. */
export const THINKING_SWITCH_MODEL = /thinking-vision-pro/i;

/**
 * How Volcengine Ark differs from OpenAI: a model is served under its deployment name
 * (`doubao-seed-1-6-250615`, the card's `config.deploymentName`), a thinking switch for the
 * thinking-vision-pro models; the API key lists no models.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://ark.cn-beijing.volces.com/api/v3',
  thinking: { style: 'type', models: THINKING_SWITCH_MODEL },
  deploymentNames: true,
  models: false,
};
