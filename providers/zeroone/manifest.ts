import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/** 01.AI (Lingyiwanwu) Yi models. Prices in CNY per million tokens from platform.lingyiwanwu.com. */
export const manifest = {
  id: 'zeroone',
  name: '01.AI',
  description: 'Yi models by 01.AI: fast bilingual chat and image understanding.',
  homepage: 'https://www.lingyiwanwu.com',
  apiKeyUrl: 'https://platform.lingyiwanwu.com/apikeys',
  sdkType: 'openai',
  enabled: false,
  sort: 88,
  keyVault: apiKeyAndBaseURL('https://api.lingyiwanwu.com/v1', 'sk-...'),
  defaultBaseURL: 'https://api.lingyiwanwu.com/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'yi-lightning',
      displayName: 'Yi Lightning',
      description: 'Fast, low-cost Yi flagship for chat, reasoning and Chinese/English tasks.',
      type: 'chat',
      contextWindowTokens: 16_384,
      enabled: true,
      abilities: {},
      pricing: { input: 0.99, output: 0.99, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'yi-vision-v2',
      displayName: 'Yi Vision v2',
      description: 'Yi image understanding: charts, documents and multi-image questions.',
      type: 'chat',
      contextWindowTokens: 16_384,
      enabled: true,
      abilities: { vision: true },
      pricing: { input: 6, output: 6, currency: 'CNY' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
