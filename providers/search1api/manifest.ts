import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Search1API: DeepSeek R1 models served with Search1API's own web search (`-online` ids). Context
 * sizes and prices are not published per model, so they are left out.
 */
export const manifest = {
  id: 'search1api',
  name: 'Search1API',
  description: 'DeepSeek R1 models with Search1API real-time web search built in.',
  homepage: 'https://www.search1api.com',
  apiKeyUrl: 'https://www.search1api.com/dashboard',
  sdkType: 'openai',
  enabled: false,
  sort: 63,
  keyVault: apiKeyAndBaseURL('https://api.search1api.com/v1', 'Search1API key'),
  defaultBaseURL: 'https://api.search1api.com/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'deepseek-r1-online',
      displayName: 'DeepSeek R1 (online)',
      description: 'Full DeepSeek R1 (671B) reasoning model with real-time web search.',
      type: 'chat',
      enabled: true,
      abilities: { reasoning: true, search: true },
      settings: { searchImpl: 'internal' },
      source: 'builtin',
    },
    {
      id: 'deepseek-r1-70b-online',
      displayName: 'DeepSeek R1 70B (online)',
      description: 'DeepSeek R1 distilled 70B with real-time web search.',
      type: 'chat',
      enabled: true,
      abilities: { reasoning: true, search: true },
      settings: { searchImpl: 'internal' },
      source: 'builtin',
    },
    {
      id: 'deepseek-r1-70b-fast-online',
      displayName: 'DeepSeek R1 70B Fast (online)',
      description: 'Faster DeepSeek R1 distilled 70B with real-time web search.',
      type: 'chat',
      enabled: true,
      abilities: { reasoning: true, search: true },
      settings: { searchImpl: 'internal' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
