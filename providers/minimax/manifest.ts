import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

const CNY = 'CNY' as const;

/**
 * MiniMax (China platform). MiniMax has no model list endpoint, so these cards are the list.
 * Prices in CNY per million tokens from platform.minimaxi.com/document/price.
 */
export const manifest = {
  id: 'minimax',
  name: 'MiniMax',
  description: 'MiniMax M2 and M1 reasoning models and the 1M-context MiniMax-Text-01.',
  homepage: 'https://www.minimaxi.com',
  apiKeyUrl: 'https://platform.minimaxi.com/user-center/basic-information/interface-key',
  sdkType: 'openai',
  enabled: false,
  sort: 43,
  keyVault: apiKeyAndBaseURL('https://api.minimax.chat/v1', 'eyJhbGciOi...'),
  defaultBaseURL: 'https://api.minimax.chat/v1',
  settings: { searchMode: 'params' },
  models: [
    {
      id: 'MiniMax-M2',
      displayName: 'MiniMax M2',
      description: 'MoE model built for efficient coding and agent workflows.',
      type: 'chat',
      contextWindowTokens: 204_800,
      maxOutput: 131_072,
      enabled: true,
      releasedAt: '2025-10-27',
      abilities: { functionCall: true, reasoning: true, search: true },
      pricing: { input: 2.1, output: 8.4, currency: CNY },
      settings: { searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'MiniMax-M1',
      displayName: 'MiniMax M1',
      description: 'Reasoning model with an 80K chain of thought over a 1M-token input.',
      type: 'chat',
      contextWindowTokens: 1_000_192,
      maxOutput: 40_000,
      enabled: true,
      releasedAt: '2025-06-16',
      abilities: { functionCall: true, reasoning: true, search: true },
      pricing: { input: 1.2, output: 16, currency: CNY },
      settings: { searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'MiniMax-Text-01',
      displayName: 'MiniMax Text 01',
      description: 'Linear-attention 456B MoE with very long context.',
      type: 'chat',
      contextWindowTokens: 1_000_192,
      maxOutput: 40_000,
      enabled: true,
      releasedAt: '2025-01-15',
      abilities: { functionCall: true, search: true },
      pricing: { input: 1, output: 8, currency: CNY },
      settings: { searchImpl: 'params' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
