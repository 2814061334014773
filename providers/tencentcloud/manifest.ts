import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Tencent Cloud LKEAP (knowledge engine atomic capabilities): DeepSeek models behind an
 * OpenAI-compatible API. Prices in CNY per million tokens.
 */
export const manifest = {
  id: 'tencentcloud',
  name: 'Tencent Cloud',
  description: 'DeepSeek R1, V3 and V3.1 on Tencent Cloud LKEAP.',
  homepage: 'https://cloud.tencent.com/product/lkeap',
  apiKeyUrl: 'https://console.cloud.tencent.com/lkeap/api',
  sdkType: 'openai',
  enabled: false,
  sort: 85,
  keyVault: apiKeyAndBaseURL('https://api.lkeap.cloud.tencent.com/v1', 'sk-...'),
  defaultBaseURL: 'https://api.lkeap.cloud.tencent.com/v1',
  settings: { disableBrowserRequest: true },
  models: [
    {
      id: 'deepseek-v3.1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model with thinking and non-thinking modes.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 4, output: 12, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'deepseek-r1',
      displayName: 'DeepSeek R1',
      description: 'DeepSeek R1 reasoning model for math, code and logic.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-01-20',
      abilities: { reasoning: true },
      pricing: { input: 4, output: 16, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'deepseek-v3',
      displayName: 'DeepSeek V3',
      description: 'DeepSeek V3 MoE chat model.',
      type: 'chat',
      enabled: true,
      releasedAt: '2024-12-26',
      abilities: { functionCall: true },
      pricing: { input: 2, output: 8, currency: 'CNY' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
