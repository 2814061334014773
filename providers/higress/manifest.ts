import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

/**
 * Higress: an open-source AI gateway the user runs in front of many providers. It has no default
 * base URL (the key form requires the gateway's), and the models are whatever routes the gateway
 * serves, so the cards list a few common routed ids without prices.
 */
export const manifest = {
  id: 'higress',
  name: 'Higress',
  description:
    'Your own Higress AI gateway: one OpenAI-compatible endpoint routing to many models.',
  homepage: 'https://higress.ai',
  apiKeyUrl: 'https://higress.ai/docs/latest/user/plugins/ai/api-provider/ai-proxy/',
  sdkType: 'openai',
  enabled: false,
  sort: 91,
  keyVault: [
    {
      field: 'apiKey',
      required: true,
      secret: true,
      label: 'API Key',
      placeholder: 'Consumer key of the Higress gateway',
    },
    {
      field: 'baseURL',
      required: true,
      secret: false,
      label: 'Gateway base URL',
      placeholder: 'https://your-higress-gateway.example.com/v1',
    },
  ],
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'qwen-max',
      displayName: 'Qwen Max',
      description: 'Alibaba Qwen flagship, routed through the gateway.',
      type: 'chat',
      enabled: true,
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'qwen-plus',
      displayName: 'Qwen Plus',
      description: 'Balanced Qwen model, routed through the gateway.',
      type: 'chat',
      enabled: true,
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'qwen-turbo',
      displayName: 'Qwen Turbo',
      description: 'Fast, low-cost Qwen model, routed through the gateway.',
      type: 'chat',
      enabled: false,
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'deepseek-chat',
      displayName: 'DeepSeek Chat',
      description: 'DeepSeek non-thinking chat model, routed through the gateway.',
      type: 'chat',
      enabled: true,
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'deepseek-reasoner',
      displayName: 'DeepSeek Reasoner',
      description: 'DeepSeek thinking model, routed through the gateway.',
      type: 'chat',
      enabled: false,
      abilities: { reasoning: true },
      source: 'builtin',
    },
    {
      id: 'gpt-4o',
      displayName: 'GPT-4o',
      description: 'OpenAI GPT-4o with image input, routed through the gateway.',
      type: 'chat',
      enabled: false,
      abilities: { functionCall: true, vision: true },
      source: 'builtin',
    },
    {
      id: 'gpt-4o-mini',
      displayName: 'GPT-4o mini',
      description: 'Small, fast GPT-4o with image input, routed through the gateway.',
      type: 'chat',
      enabled: false,
      abilities: { functionCall: true, vision: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
