import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'https://api.fireworks.ai/inference/v1';

/**
 * Fireworks AI (serverless inference of open-weight models). Prices in USD per million tokens
 * and context windows from fireworks.ai/models.
 */
export const manifest = {
  id: 'fireworksai',
  name: 'Fireworks AI',
  description:
    'Fast serverless inference of open-weight models: DeepSeek, Kimi K2, Qwen3, Llama 4.',
  homepage: 'https://fireworks.ai',
  apiKeyUrl: 'https://fireworks.ai/account/api-keys',
  sdkType: 'openai',
  enabled: false,
  sort: 71,
  keyVault: apiKeyAndBaseURL(BASE_URL, 'fw_...'),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'accounts/fireworks/models/deepseek-v3p1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model: thinking and non-thinking modes, strong tool use.',
      type: 'chat',
      contextWindowTokens: 163_840,
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.56, output: 1.68 },
      source: 'builtin',
    },
    {
      id: 'accounts/fireworks/models/kimi-k2-instruct',
      displayName: 'Kimi K2 Instruct',
      description: 'Moonshot Kimi K2 (1T MoE, 32B active) for agentic coding and tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-07-11',
      abilities: { functionCall: true },
      pricing: { input: 0.6, output: 2.5 },
      source: 'builtin',
    },
    {
      id: 'accounts/fireworks/models/qwen3-235b-a22b',
      displayName: 'Qwen3 235B A22B',
      description: 'Alibaba Qwen3 235B MoE with switchable thinking and tool use.',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.22, output: 0.88 },
      source: 'builtin',
    },
    {
      id: 'accounts/fireworks/models/llama4-maverick-instruct-basic',
      displayName: 'Llama 4 Maverick Instruct (Basic)',
      description: 'Meta Llama 4 Maverick: multimodal MoE with image input.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      enabled: false,
      releasedAt: '2025-04-05',
      abilities: { functionCall: true, vision: true },
      pricing: { input: 0.22, output: 0.88 },
      source: 'builtin',
    },
    {
      id: 'accounts/fireworks/models/gpt-oss-120b',
      displayName: 'GPT OSS 120B',
      description: "OpenAI's open-weight 120B reasoning model.",
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-08-05',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.15, output: 0.6 },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
