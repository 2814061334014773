import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/**
 * Vercel v0 Model API: models tuned for building web apps (Next.js, React), with image input and
 * tool calls. Prices in USD per million tokens from vercel.com/docs/v0/api.
 */
export const manifest = {
  id: 'v0',
  name: 'Vercel (v0)',
  description: 'v0 models for generating and fixing modern web app code, with vision and tools.',
  homepage: 'https://v0.dev',
  apiKeyUrl: 'https://v0.dev/chat/settings/keys',
  sdkType: 'openai',
  enabled: false,
  sort: 87,
  keyVault: apiKeyAndBaseURL('https://api.v0.dev/v1', 'v1:...'),
  defaultBaseURL: 'https://api.v0.dev/v1',
  settings: { disableBrowserRequest: true },
  models: [
    {
      id: 'v0-1.5-md',
      displayName: 'v0-1.5-md',
      description: 'Everyday web-app generation and UI tasks, with image input.',
      type: 'chat',
      contextWindowTokens: 128_000,
      enabled: true,
      abilities: { functionCall: true, vision: true },
      pricing: { input: 3, output: 15 },
      source: 'builtin',
    },
    {
      id: 'v0-1.5-lg',
      displayName: 'v0-1.5-lg',
      description: 'Larger v0 model for advanced reasoning over big codebases, 512K context.',
      type: 'chat',
      contextWindowTokens: 512_000,
      enabled: true,
      abilities: { functionCall: true, vision: true },
      pricing: { input: 15, output: 75 },
      source: 'builtin',
    },
    {
      id: 'v0-1.0-md',
      displayName: 'v0-1.0-md',
      description: 'The first v0 model, kept for compatibility.',
      type: 'chat',
      contextWindowTokens: 128_000,
      enabled: false,
      abilities: { functionCall: true, vision: true },
      pricing: { input: 3, output: 15 },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
