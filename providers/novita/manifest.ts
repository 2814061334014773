import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'https://api.novita.ai/v3/openai';

/**
 * Novita AI (serverless inference of open-weight models). Prices in USD per million tokens and
 * context windows from novita.ai/pricing.
 */
export const manifest = {
  id: 'novita',
  name: 'Novita AI',
  description: 'Low-cost serverless inference of open-weight models: DeepSeek, Qwen3, Llama, Kimi.',
  homepage: 'https://novita.ai',
  apiKeyUrl: 'https://novita.ai/settings/key-management',
  sdkType: 'openai',
  enabled: false,
  sort: 73,
  keyVault: apiKeyAndBaseURL(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { disableBrowserRequest: true, showModelFetcher: true },
  models: [
    {
      id: 'deepseek/deepseek-v3.1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model: thinking and non-thinking modes, strong tool use.',
      type: 'chat',
      contextWindowTokens: 163_840,
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.55, output: 1.66 },
      source: 'builtin',
    },
    {
      id: 'meta-llama/llama-3.3-70b-instruct',
      displayName: 'Llama 3.3 70B Instruct',
      description:
        'Meta Llama 3.3 70B, multilingual instruction-tuned model for dialogue and tools.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2024-12-06',
      abilities: { functionCall: true },
      pricing: { input: 0.13, output: 0.39 },
      source: 'builtin',
    },
    {
      id: 'qwen/qwen3-235b-a22b-fp8',
      displayName: 'Qwen3 235B A22B FP8',
      description: 'Alibaba Qwen3 235B MoE (FP8) with switchable thinking.',
      type: 'chat',
      contextWindowTokens: 40_960,
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { reasoning: true },
      pricing: { input: 0.2, output: 0.8 },
      source: 'builtin',
    },
    {
      id: 'qwen/qwen3-235b-a22b-instruct-2507',
      displayName: 'Qwen3 235B A22B Instruct 2507',
      description: 'Alibaba Qwen3 235B MoE instruct (non-thinking) update with 256K context.',
      type: 'chat',
      contextWindowTokens: 262_144,
      enabled: true,
      releasedAt: '2025-07-21',
      abilities: { functionCall: true },
      pricing: { input: 0.15, output: 0.8 },
      source: 'builtin',
    },
    {
      id: 'moonshotai/kimi-k2-instruct',
      displayName: 'Kimi K2 Instruct',
      description: 'Moonshot Kimi K2 (1T MoE, 32B active) for agentic coding and tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-07-11',
      abilities: { functionCall: true },
      pricing: { input: 0.57, output: 2.3 },
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
      pricing: { input: 0.1, output: 0.5 },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
