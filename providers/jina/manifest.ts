import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Jina AI DeepSearch: an agentic search-read-reason loop behind an OpenAI-compatible chat API
 * (jina.ai/deepsearch). It always searches, so search is internal to the model.
 */
export const manifest = {
  id: 'jina',
  name: 'Jina AI',
  description: 'DeepSearch: iterative web search, reading and reasoning until it finds an answer.',
  homepage: 'https://jina.ai',
  apiKeyUrl: 'https://jina.ai/api-dashboard',
  sdkType: 'openai',
  enabled: false,
  sort: 81,
  keyVault: apiKeyAndBaseURL('https://deepsearch.jina.ai/v1', 'jina_...'),
  defaultBaseURL: 'https://deepsearch.jina.ai/v1',
  settings: { showModelFetcher: true, searchMode: 'internal' },
  models: [
    {
      id: 'jina-deepsearch-v1',
      displayName: 'Jina DeepSearch v1',
      description:
        'Searches the web, reads pages and reasons step by step until it can answer, with sources.',
      type: 'chat',
      enabled: true,
      abilities: { reasoning: true, search: true },
      settings: { searchImpl: 'internal' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
