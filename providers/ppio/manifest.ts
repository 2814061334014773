import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'https://api.ppinfra.com/v3/openai';

/**
 * PPIO (派欧云, serverless inference of open-weight models in China, priced in CNY). Built-in
 * prices and context windows are left out: the remote list reports both per model.
 */
export const manifest = {
  id: 'ppio',
  name: 'PPIO',
  description:
    'PPIO cloud: serverless DeepSeek, Qwen3 and other open-weight models, priced in CNY.',
  homepage: 'https://ppio.com',
  sdkType: 'openai',
  enabled: false,
  sort: 74,
  keyVault: apiKeyAndBaseURL(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { disableBrowserRequest: true, showModelFetcher: true },
  models: [
    {
      id: 'deepseek/deepseek-v3.1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model: thinking and non-thinking modes, strong tool use.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'deepseek/deepseek-r1-0528',
      displayName: 'DeepSeek R1 0528',
      description: 'DeepSeek R1 May 2025 update: reasoning model with tool calls.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-05-28',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'qwen/qwen3-235b-a22b-fp8',
      displayName: 'Qwen3 235B A22B FP8',
      description: 'Alibaba Qwen3 235B MoE (FP8) with switchable thinking.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'deepseek/deepseek-v3-0324',
      displayName: 'DeepSeek V3 0324',
      description: 'DeepSeek V3 March 2025 update: 671B MoE chat model with tool use.',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-03-24',
      abilities: { functionCall: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
