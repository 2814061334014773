import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Qiniu Cloud AI inference (qnaigc.com): open models served in China. Prices are left out where
 * they could not be confirmed.
 */
export const manifest = {
  id: 'qiniu',
  name: 'Qiniu',
  description: 'Qiniu Cloud AI inference of DeepSeek, Qwen and other open models.',
  homepage: 'https://www.qiniu.com',
  apiKeyUrl: 'https://portal.qiniu.com/ai-inference/api-key',
  sdkType: 'openai',
  enabled: false,
  sort: 89,
  keyVault: apiKeyAndBaseURL('https://api.qnaigc.com/v1', 'sk-...'),
  defaultBaseURL: 'https://api.qnaigc.com/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'deepseek-v3',
      displayName: 'DeepSeek V3',
      description: 'DeepSeek V3 MoE chat model.',
      type: 'chat',
      enabled: true,
      releasedAt: '2024-12-26',
      abilities: { functionCall: true },
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
      source: 'builtin',
    },
    {
      id: 'qwen3-235b-a22b',
      displayName: 'Qwen3 235B A22B',
      description: 'Flagship Qwen3 MoE with switchable thinking.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'qwen3-32b',
      displayName: 'Qwen3 32B',
      description: 'Dense Qwen3 32B with switchable thinking.',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
