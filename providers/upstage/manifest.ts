import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Upstage Solar models. The OpenAI-compatible API lives under `/v1/solar`; prices in USD per
 * million tokens.
 */
export const manifest = {
  id: 'upstage',
  name: 'Upstage',
  description: 'Solar: compact, efficient LLMs strong at Korean, English and Japanese.',
  homepage: 'https://upstage.ai',
  apiKeyUrl: 'https://console.upstage.ai/api-keys',
  sdkType: 'openai',
  enabled: false,
  sort: 86,
  keyVault: apiKeyAndBaseURL('https://api.upstage.ai/v1/solar', 'up_...'),
  defaultBaseURL: 'https://api.upstage.ai/v1/solar',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'solar-pro2',
      displayName: 'Solar Pro 2',
      description: 'Upstage flagship 31B model with optional reasoning and tool use.',
      type: 'chat',
      enabled: true,
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
    {
      id: 'solar-mini',
      displayName: 'Solar Mini',
      description: 'Small, fast Solar model for everyday tasks and tool use.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: true,
      abilities: { functionCall: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
