// @ts-check
/** Acme AI's manifest: pure data, checked against the manifest schema when the package loads. */
import { apiKeyAndBaseURL, defineManifest } from '@manifold/provider-kit/manifest';

export const manifest = defineManifest({
  id: 'acme',
  name: 'Acme AI',
  description: 'An example provider published outside the Manifold repository',
  sdkType: 'openai',
  keyVault: apiKeyAndBaseURL('https://api.acme.example/v1'),
  defaultBaseURL: 'https://api.acme.example/v1',
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'acme-large',
      displayName: 'Acme Large',
      type: 'chat',
      contextWindowTokens: 131072,
      maxOutput: 8192,
      enabled: true,
      abilities: { functionCall: true, reasoning: true },
      pricing: { input: 0.5, output: 1.5 },
      source: 'builtin',
    },
  ],
});
