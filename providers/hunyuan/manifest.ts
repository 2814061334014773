import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Tencent Hunyuan, through its OpenAI-compatible endpoint. Prices in CNY per million tokens from
 * cloud.tencent.com/document/product/1729/97731; figures not confirmed there are left out.
 */
export const manifest = {
  id: 'hunyuan',
  name: 'Hunyuan',
  description:
    "Tencent Hunyuan models: T1 reasoning, TurboS, A13B and Lite, with Tencent's search.",
  homepage: 'https://hunyuan.tencent.com',
  apiKeyUrl: 'https://console.cloud.tencent.com/hunyuan/api-key',
  sdkType: 'openai',
  enabled: false,
  sort: 52,
  keyVault: apiKeyAndBaseURL('https://api.hunyuan.cloud.tencent.com/v1', 'sk-...'),
  defaultBaseURL: 'https://api.hunyuan.cloud.tencent.com/v1',
  settings: { disableBrowserRequest: true, searchMode: 'params' },
  models: [
    {
      id: 'hunyuan-t1-latest',
      displayName: 'Hunyuan T1',
      description: 'Hunyuan T1 deep-reasoning model on the hybrid Mamba-Transformer TurboS base.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-03-21',
      abilities: { reasoning: true, search: true },
      pricing: { input: 1, output: 4, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'hunyuan-turbos-latest',
      displayName: 'Hunyuan TurboS',
      description: 'Hunyuan TurboS flagship fast-thinking chat model.',
      type: 'chat',
      enabled: true,
      abilities: { functionCall: true, search: true },
      pricing: { input: 0.8, output: 2, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'hunyuan-a13b',
      displayName: 'Hunyuan A13B',
      description: 'Hunyuan MoE (80B total, 13B active) with switchable fast and slow thinking.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-06-27',
      abilities: { functionCall: true, reasoning: true, search: true },
      settings: { extendParams: ['enableReasoning'] },
      source: 'builtin',
    },
    {
      id: 'hunyuan-lite',
      displayName: 'Hunyuan Lite',
      description: 'Free lightweight Hunyuan model with a 256K context.',
      type: 'chat',
      contextWindowTokens: 256_000,
      enabled: false,
      abilities: {},
      pricing: { input: 0, output: 0, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'hunyuan-large',
      displayName: 'Hunyuan Large',
      description: 'Hunyuan Large open MoE model for general dialogue.',
      type: 'chat',
      enabled: false,
      abilities: { search: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
