import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * DeepSeek. Both ids serve DeepSeek-V3.2 (non-thinking and thinking mode); USD list prices per
 * million tokens from api-docs.deepseek.com/quick_start/pricing (cache hit = cachedInput).
 */
export const manifest = {
  id: 'deepseek',
  name: 'DeepSeek',
  description:
    'DeepSeek-V3.2 in chat and thinking (reasoner) modes, with prompt-cache hit and miss accounting.',
  homepage: 'https://www.deepseek.com',
  apiKeyUrl: 'https://platform.deepseek.com/api_keys',
  sdkType: 'openai',
  enabled: false,
  sort: 10,
  keyVault: apiKeyAndBaseURL('https://api.deepseek.com/v1'),
  defaultBaseURL: 'https://api.deepseek.com/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'deepseek-chat',
      displayName: 'DeepSeek V3.2',
      description: 'DeepSeek-V3.2 in non-thinking mode: JSON output, tool calls, 128K context.',
      type: 'chat',
      contextWindowTokens: 131_072,
      maxOutput: 8_192,
      enabled: true,
      releasedAt: '2025-12-01',
      abilities: { functionCall: true },
      pricing: { input: 0.28, output: 0.42, cachedInput: 0.028, currency: 'USD' },
      source: 'builtin',
    },
    {
      id: 'deepseek-reasoner',
      displayName: 'DeepSeek V3.2 Thinking',
      description:
        'DeepSeek-V3.2 in thinking mode: a chain of thought (reasoning_content) before the answer.',
      type: 'chat',
      contextWindowTokens: 131_072,
      maxOutput: 65_536,
      enabled: true,
      releasedAt: '2025-12-01',
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.28, output: 0.42, cachedInput: 0.028, currency: 'USD' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
