import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Gitee AI (Moli Ark serverless API): open models served in China. Ids are Gitee's model names;
 * prices are left out where they could not be confirmed.
 */
export const manifest = {
  id: 'giteeai',
  name: 'Gitee AI',
  description: 'Serverless API of open models on Gitee AI: Qwen3, DeepSeek, GLM.',
  homepage: 'https://ai.gitee.com',
  apiKeyUrl: 'https://ai.gitee.com/dashboard/settings/tokens',
  sdkType: 'openai',
  enabled: false,
  sort: 90,
  keyVault: apiKeyAndBaseURL('https://ai.gitee.com/v1', 'Gitee AI access token'),
  defaultBaseURL: 'https://ai.gitee.com/v1',
  settings: { disableBrowserRequest: true, showModelFetcher: true },
  models: [
    {
      id: 'Qwen3-235B-A22B',
      displayName: 'Qwen3 235B A22B',
      description: 'Flagship Qwen3 MoE with switchable thinking.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'DeepSeek-V3',
      displayName: 'DeepSeek V3',
      description: 'DeepSeek V3 MoE chat model.',
      type: 'chat',
      enabled: true,
      releasedAt: '2024-12-26',
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'DeepSeek-R1',
      displayName: 'DeepSeek R1',
      description: 'DeepSeek R1 reasoning model for math, code and logic.',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-01-20',
      abilities: { reasoning: true },
      source: 'builtin',
    },
    {
      id: 'GLM-4.5',
      displayName: 'GLM-4.5',
      description: 'Zhipu GLM-4.5 MoE for reasoning, coding and agents.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-07-28',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'Qwen3-32B',
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
