import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

/**
 * New API: a self-hosted gateway (QuantumNous/new-api) in front of many providers, serving each
 * model on its owner's wire (a router). It has no default URL (the key form requires the
 * deployment's), and its models are whatever the deployment routes, so the cards list a few
 * common ids without prices.
 */
export const manifest = {
  id: 'newapi',
  name: 'New API',
  description:
    'Your own New API gateway: OpenAI, Claude, Gemini and more through one key, each on its own wire.',
  homepage: 'https://github.com/QuantumNous/new-api',
  apiKeyUrl: 'https://docs.newapi.pro',
  sdkType: 'router',
  enabled: true,
  sort: 17,
  keyVault: [
    {
      field: 'apiKey',
      required: true,
      secret: true,
      label: 'API Key',
      placeholder: 'sk-...',
    },
    {
      field: 'baseURL',
      required: true,
      secret: false,
      label: 'New API URL',
      placeholder: 'https://your-new-api.example.com',
    },
  ],
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'gpt-5',
      displayName: 'GPT-5',
      description: 'OpenAI flagship reasoning model, through the gateway.',
      type: 'chat',
      contextWindowTokens: 400_000,
      maxOutput: 128_000,
      enabled: true,
      abilities: { functionCall: true, reasoning: true, vision: true },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
    {
      id: 'gpt-4o-mini',
      displayName: 'GPT-4o mini',
      description: 'Small, fast OpenAI model with image input, through the gateway.',
      type: 'chat',
      contextWindowTokens: 128_000,
      maxOutput: 16_384,
      enabled: true,
      abilities: { functionCall: true, vision: true },
      source: 'builtin',
    },
    {
      id: 'claude-sonnet-4-5-20250929',
      displayName: 'Claude Sonnet 4.5',
      description: 'Anthropic model for agents and coding, through the gateway.',
      type: 'chat',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      enabled: true,
      abilities: { functionCall: true, reasoning: true, vision: true },
      settings: {
        extendParams: ['enableReasoning', 'reasoningBudgetToken', 'disableContextCaching'],
      },
      source: 'builtin',
    },
    {
      id: 'gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      description: 'Google price-performance model with thinking, through the gateway.',
      type: 'chat',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
      enabled: true,
      abilities: { functionCall: true, reasoning: true, vision: true },
      settings: { extendParams: ['thinkingBudget'] },
      source: 'builtin',
    },
    {
      id: 'deepseek-chat',
      displayName: 'DeepSeek Chat',
      description: 'DeepSeek non-thinking chat model, through the gateway.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      abilities: { functionCall: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
