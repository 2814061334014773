import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'https://api.together.xyz/v1';

/**
 * Together AI (serverless inference of open-weight models). Prices in USD per million tokens and
 * context windows from Together's serverless model catalogue.
 */
export const manifest = {
  id: 'togetherai',
  name: 'Together AI',
  description: 'Serverless inference of open-weight models: Llama, DeepSeek, Qwen3, Kimi K2.',
  homepage: 'https://www.together.ai',
  apiKeyUrl: 'https://api.together.xyz/settings/api-keys',
  sdkType: 'openai',
  enabled: false,
  sort: 70,
  keyVault: apiKeyAndBaseURL(BASE_URL, 'tgp_v1_...'),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
      displayName: 'Llama 3.3 70B Instruct Turbo',
      description: 'Meta Llama 3.3 70B, multilingual instruction-tuned model, FP8 turbo endpoint.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2024-12-06',
      abilities: { functionCall: true },
      pricing: { input: 0.88, output: 0.88 },
      source: 'builtin',
    },
    {
      id: 'deepseek-ai/DeepSeek-V3.1',
      displayName: 'DeepSeek V3.1',
      description: 'DeepSeek V3.1 hybrid model: thinking and non-thinking modes, strong tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-08-21',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.6, output: 1.7 },
      source: 'builtin',
    },
    {
      id: 'Qwen/Qwen3-235B-A22B-Instruct-2507-tput',
      displayName: 'Qwen3 235B A22B Instruct 2507',
      description: 'Alibaba Qwen3 235B MoE instruct (non-thinking) update, throughput endpoint.',
      type: 'chat',
      contextWindowTokens: 262_144,
      enabled: true,
      releasedAt: '2025-07-21',
      abilities: { functionCall: true },
      pricing: { input: 0.2, output: 0.6 },
      source: 'builtin',
    },
    {
      id: 'moonshotai/Kimi-K2-Instruct',
      displayName: 'Kimi K2 Instruct',
      description: 'Moonshot Kimi K2 (1T MoE, 32B active) for agentic coding and tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-07-11',
      abilities: { functionCall: true },
      pricing: { input: 1, output: 3 },
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
