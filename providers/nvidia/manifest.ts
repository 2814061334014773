import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * NVIDIA NIM (build.nvidia.com): hosted inference microservices for open models, used with free
 * developer credits, so the cards carry no prices. Ids are `publisher/model`.
 */
export const manifest = {
  id: 'nvidia',
  name: 'NVIDIA NIM',
  description:
    'NVIDIA-hosted inference microservices for Llama, Nemotron, DeepSeek, Qwen and more.',
  homepage: 'https://build.nvidia.com',
  apiKeyUrl: 'https://build.nvidia.com/settings/api-keys',
  sdkType: 'openai',
  enabled: false,
  sort: 83,
  keyVault: apiKeyAndBaseURL('https://integrate.api.nvidia.com/v1', 'nvapi-...'),
  defaultBaseURL: 'https://integrate.api.nvidia.com/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'meta/llama-3.3-70b-instruct',
      displayName: 'Llama 3.3 70B Instruct',
      description: 'Meta Llama 3.3 70B, multilingual dialogue and tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2024-12-06',
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'nvidia/llama-3.1-nemotron-ultra-253b-v1',
      displayName: 'Llama 3.1 Nemotron Ultra 253B',
      description:
        'NVIDIA Nemotron Ultra: reasoning, tool use and chat, thinking toggled by prompt.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'deepseek-ai/deepseek-r1',
      displayName: 'DeepSeek R1',
      description: 'DeepSeek R1 reasoning model for math, code and logic.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-01-20',
      abilities: { reasoning: true },
      source: 'builtin',
    },
    {
      id: 'qwen/qwen3-235b-a22b',
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
      id: 'meta/llama-4-maverick-17b-128e-instruct',
      displayName: 'Llama 4 Maverick (17Bx128E)',
      description: 'Meta Llama 4 Maverick: multimodal MoE with image input.',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-04-05',
      abilities: { functionCall: true, vision: true },
      source: 'builtin',
    },
    {
      id: 'openai/gpt-oss-120b',
      displayName: 'GPT OSS 120B',
      description: "OpenAI's open-weight 120B reasoning model.",
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-08-05',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
