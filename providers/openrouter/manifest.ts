import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';
import { models } from './models.js';

/** OpenRouter (one API for hundreds of models, `vendor/model` ids, `:free` and `:online` variants). */
export const manifest = {
  id: 'openrouter',
  name: 'OpenRouter',
  description: 'One API for hundreds of models from every major vendor, with free variants.',
  homepage: 'https://openrouter.ai',
  apiKeyUrl: 'https://openrouter.ai/keys',
  sdkType: 'openai',
  enabled: false,
  sort: 12,
  keyVault: apiKeyAndBaseURL('https://openrouter.ai/api/v1', 'sk-or-v1-...'),
  defaultBaseURL: 'https://openrouter.ai/api/v1',
  settings: { disableBrowserRequest: true, showModelFetcher: true, searchMode: 'params' },
  models,
} satisfies ProviderManifestInput;
