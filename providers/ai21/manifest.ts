import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * AI21 Labs (Jamba hybrid SSM-Transformer models). Prices in USD per million tokens and the 256K
 * context from docs.ai21.com.
 */
export const manifest = {
  id: 'ai21',
  name: 'AI21 Labs',
  description: 'Jamba: long-context hybrid SSM-Transformer models for enterprise use.',
  homepage: 'https://studio.ai21.com',
  apiKeyUrl: 'https://studio.ai21.com/account/api-key',
  sdkType: 'openai',
  enabled: false,
  sort: 80,
  keyVault: apiKeyAndBaseURL('https://api.ai21.com/studio/v1', 'AI21 API key'),
  defaultBaseURL: 'https://api.ai21.com/studio/v1',
  settings: {},
  models: [
    {
      id: 'jamba-large',
      displayName: 'Jamba Large',
      description:
        'The most capable Jamba model, for complex enterprise tasks over long documents.',
      type: 'chat',
      contextWindowTokens: 256_000,
      maxOutput: 4_096,
      enabled: true,
      abilities: { functionCall: true },
      pricing: { input: 2, output: 8 },
      source: 'builtin',
    },
    {
      id: 'jamba-mini',
      displayName: 'Jamba Mini',
      description: 'Efficient, low-latency Jamba model with the same 256K context window.',
      type: 'chat',
      contextWindowTokens: 256_000,
      maxOutput: 4_096,
      enabled: true,
      abilities: { functionCall: true },
      pricing: { input: 0.2, output: 0.4 },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
