import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

const gemini25 = {
  functionCall: true,
  reasoning: true,
  vision: true,
  search: true,
  files: true,
} as const;

/**
 * Vertex AI (Gemini on Google Cloud). Prices in USD per million tokens from
 * cloud.google.com/vertex-ai/generative-ai/pricing (standard, global endpoint); context windows
 * (input token limits) and output caps from the model pages.
 */
export const manifest = {
  id: 'vertexai',
  name: 'Vertex AI',
  description:
    'Gemini models on Google Cloud, authenticated with a service account: thinking, Google Search grounding and image generation.',
  homepage: 'https://cloud.google.com/vertex-ai',
  apiKeyUrl: 'https://console.cloud.google.com/iam-admin/serviceaccounts',
  sdkType: 'google',
  enabled: false,
  sort: 10,
  keyVault: [
    {
      field: 'apiKey',
      required: true,
      secret: true,
      label: 'Service account JSON key',
      placeholder: '{"type": "service_account", "project_id": "…", "private_key": "…", …}',
    },
    {
      field: 'region',
      required: false,
      secret: false,
      label: 'Location',
      placeholder: 'global',
    },
  ],
  defaultBaseURL: 'https://aiplatform.googleapis.com',
  settings: {
    disableBrowserRequest: true,
    searchMode: 'internal',
    responseAnimation: { speed: 50, text: 'smooth' },
  },
  models: [
    {
      id: 'gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      description:
        "Google's most capable thinking model for code, math and STEM. Prices shown are for prompts up to 200k tokens (longer prompts: input 2.5, output 15).",
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
      enabled: true,
      releasedAt: '2025-06-17',
      abilities: gemini25,
      pricing: { input: 1.25, output: 10, cachedInput: 0.31 },
      settings: { extendParams: ['thinkingBudget'], searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      description: 'Best price-performance thinking model. Output price includes thinking tokens.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
      enabled: true,
      releasedAt: '2025-06-17',
      abilities: gemini25,
      pricing: { input: 0.3, output: 2.5, cachedInput: 0.075 },
      settings: { extendParams: ['thinkingBudget'], searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'gemini-2.5-flash-lite',
      displayName: 'Gemini 2.5 Flash-Lite',
      description:
        'Smallest, most cost-efficient 2.5 model; thinking is off unless a budget is set.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
      enabled: true,
      releasedAt: '2025-07-22',
      abilities: gemini25,
      pricing: { input: 0.1, output: 0.4, cachedInput: 0.025 },
      settings: { extendParams: ['thinkingBudget'], searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'gemini-2.5-flash-image',
      displayName: 'Gemini 2.5 Flash Image',
      description:
        'Image generation and editing in conversation. Output price is for image tokens (about 0.039 USD per image); text output costs 2.5.',
      type: 'chat',
      contextWindowTokens: 32_768,
      maxOutput: 32_768,
      enabled: false,
      releasedAt: '2025-10-02',
      abilities: { vision: true, imageOutput: true },
      pricing: { input: 0.3, output: 30 },
      source: 'builtin',
    },
    {
      id: 'gemini-2.0-flash',
      displayName: 'Gemini 2.0 Flash',
      description: 'Second-generation workhorse with native tool use and a 1M-token context.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 8_192,
      enabled: false,
      releasedAt: '2025-02-05',
      abilities: { functionCall: true, vision: true, search: true, files: true },
      pricing: { input: 0.15, output: 0.6, cachedInput: 0.0375 },
      settings: { searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'gemini-2.0-flash-lite',
      displayName: 'Gemini 2.0 Flash-Lite',
      description: 'Second-generation small model optimised for cost and latency.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 8_192,
      enabled: false,
      releasedAt: '2025-02-25',
      abilities: { functionCall: true, vision: true },
      pricing: { input: 0.075, output: 0.3 },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
