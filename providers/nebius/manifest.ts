import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'https://api.studio.nebius.com/v1';

/**
 * Nebius AI Studio (serverless inference of open-weight models, EU-hosted). Prices in USD per
 * million tokens for the base (non-fast) flavours from nebius.com/prices-ai-studio; context
 * windows only where confirmed.
 */
export const manifest = {
  id: 'nebius',
  name: 'Nebius AI Studio',
  description: 'Serverless inference of open-weight models: DeepSeek, Qwen3, Llama, GPT-OSS.',
  homepage: 'https://nebius.com/ai-studio',
  apiKeyUrl: 'https://studio.nebius.com/settings/api-keys',
  sdkType: 'openai',
  enabled: false,
  sort: 72,
  keyVault: apiKeyAndBaseURL(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'deepseek-ai/DeepSeek-V3-0324',
      displayName: 'DeepSeek V3 0324',
      description: 'DeepSeek V3 March 2025 update: 671B MoE chat model with tool use.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-03-24',
      abilities: { functionCall: true },
      pricing: { input: 0.5, output: 1.5 },
      source: 'builtin',
    },
    {
      id: 'Qwen/Qwen3-235B-A22B',
      displayName: 'Qwen3 235B A22B',
      description: 'Alibaba Qwen3 235B MoE with switchable thinking and tool use.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.2, output: 0.6 },
      source: 'builtin',
    },
    {
      id: 'meta-llama/Llama-3.3-70B-Instruct',
      displayName: 'Llama 3.3 70B Instruct',
      description:
        'Meta Llama 3.3 70B, multilingual instruction-tuned model for dialogue and tools.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2024-12-06',
      abilities: { functionCall: true },
      pricing: { input: 0.13, output: 0.4 },
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
      pricing: { input: 0.15, output: 0.6 },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
