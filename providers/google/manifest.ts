import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/** The Gemini API's origin; the SDK adds the `/v1beta` version path. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

const gemini25 = {
  functionCall: true,
  reasoning: true,
  vision: true,
  search: true,
  files: true,
} as const;

/**
 * Google (Gemini API). Prices in USD per million tokens from ai.google.dev/gemini-api/docs/pricing
 * (paid tier); context windows (input token limits) and output caps from the model pages.
 */
export const manifest = {
  id: 'google',
  name: 'Google',
  description:
    'Gemini 2.5 Pro, Flash and Flash-Lite with thinking, Google Search grounding and image generation through the Gemini API.',
  homepage: 'https://ai.google.dev',
  apiKeyUrl: 'https://aistudio.google.com/app/apikey',
  sdkType: 'google',
  enabled: true,
  sort: 3,
  keyVault: apiKeyAndBaseURL(GEMINI_BASE_URL, 'AIza...'),
  defaultBaseURL: GEMINI_BASE_URL,
  settings: {
    searchMode: 'internal',
    showModelFetcher: true,
    responseAnimation: { speed: 50, text: 'smooth' },
  },
  models: [
    {
      id: 'gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      description:
        "Google's most capable thinking model for code, math and STEM, with long-context analysis. Prices shown are for prompts up to 200k tokens (longer prompts: input 2.5, output 15, cached 0.625).",
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
      description:
        'The best price-performance thinking model, for large-scale, low-latency work. Output price includes thinking tokens.',
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
        'The smallest, most cost-efficient 2.5 model, built for high volume; thinking is off unless a budget is set.',
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
        'Native image generation and editing in conversation ("Nano Banana"). Output price is for image tokens (about 0.039 USD per image); text output costs 2.5.',
      type: 'chat',
      contextWindowTokens: 32_768,
      maxOutput: 32_768,
      enabled: true,
      releasedAt: '2025-10-02',
      abilities: { vision: true, imageOutput: true },
      pricing: { input: 0.3, output: 30 },
      source: 'builtin',
    },
    {
      id: 'gemini-2.0-flash',
      displayName: 'Gemini 2.0 Flash',
      description:
        'Second-generation workhorse with native tool use and a one-million-token context.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 8_192,
      enabled: false,
      releasedAt: '2025-02-05',
      abilities: { functionCall: true, vision: true, search: true, files: true },
      pricing: { input: 0.1, output: 0.4, cachedInput: 0.025 },
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
    {
      id: 'gemini-flash-latest',
      displayName: 'Gemini Flash Latest',
      description: 'Alias of the newest Gemini Flash release (may change without notice).',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
      enabled: false,
      abilities: gemini25,
      pricing: { input: 0.3, output: 2.5, cachedInput: 0.075 },
      settings: { extendParams: ['thinkingBudget'], searchImpl: 'params' },
      source: 'builtin',
    },
    {
      id: 'gemma-3-27b-it',
      displayName: 'Gemma 3 27B',
      description:
        'Open Gemma 3 model served by the Gemini API free of charge; takes no system instruction (it is sent in the first user turn).',
      type: 'chat',
      contextWindowTokens: 131_072,
      maxOutput: 8_192,
      enabled: false,
      releasedAt: '2025-03-12',
      abilities: { vision: true },
      pricing: { input: 0, output: 0 },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
