import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * ModelScope API-Inference (Alibaba's model community): open-weight models served with a daily free
 * quota, so the cards carry no prices. Ids are the ModelScope repository names.
 */
export const manifest = {
  id: 'modelscope',
  name: 'ModelScope',
  description:
    'Free API inference of open-weight models hosted on ModelScope: Qwen3, DeepSeek, GLM.',
  homepage: 'https://modelscope.cn',
  apiKeyUrl: 'https://modelscope.cn/my/myaccesstoken',
  sdkType: 'openai',
  enabled: false,
  sort: 82,
  keyVault: apiKeyAndBaseURL('https://api-inference.modelscope.cn/v1', 'ms-...'),
  defaultBaseURL: 'https://api-inference.modelscope.cn/v1',
  settings: { disableBrowserRequest: true, showModelFetcher: true },
  models: [
    {
      id: 'deepseek-ai/DeepSeek-V3.1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model with thinking and non-thinking modes.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'deepseek-ai/DeepSeek-R1-0528',
      displayName: 'DeepSeek R1 0528',
      description: 'DeepSeek R1 reasoning model, May 2025 update.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-05-28',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'Qwen/Qwen3-235B-A22B',
      displayName: 'Qwen3 235B A22B',
      description: 'Flagship Qwen3 MoE with switchable thinking.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'Qwen/Qwen3-Coder-480B-A35B-Instruct',
      displayName: 'Qwen3 Coder 480B A35B',
      description: 'Qwen3 agentic coding model with a 256K context window.',
      type: 'chat',
      contextWindowTokens: 262_144,
      enabled: true,
      releasedAt: '2025-07-22',
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'Qwen/Qwen3-32B',
      displayName: 'Qwen3 32B',
      description: 'Dense Qwen3 32B with switchable thinking.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'ZhipuAI/GLM-4.5',
      displayName: 'GLM-4.5',
      description: 'Zhipu GLM-4.5 MoE for reasoning, coding and agents.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-07-28',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
