import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { apiKeyAndBaseURL } from '@manifold/core/contract/key-vault-form';

/** InternLM (Shanghai AI Laboratory) on the Puyu API; its models are free to call. */
export const manifest = {
  id: 'internlm',
  name: 'InternLM',
  description:
    'Shanghai AI Lab InternLM3, InternLM2.5 and the Intern-S1 scientific multimodal model.',
  homepage: 'https://internlm.intern-ai.org.cn',
  apiKeyUrl: 'https://internlm.intern-ai.org.cn/api/tokens',
  sdkType: 'openai',
  enabled: false,
  sort: 57,
  keyVault: apiKeyAndBaseURL('https://internlm-chat.intern-ai.org.cn/puyu/api/v1', 'eyJ...'),
  defaultBaseURL: 'https://internlm-chat.intern-ai.org.cn/puyu/api/v1',
  settings: { disableBrowserRequest: true, showModelFetcher: true },
  models: [
    {
      id: 'intern-s1',
      displayName: 'Intern-S1',
      description: 'Open multimodal reasoning model strong in science, with image input.',
      type: 'chat',
      enabled: true,
      releasedAt: '2025-07-26',
      abilities: { functionCall: true, vision: true, reasoning: true },
      pricing: { input: 0, output: 0, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'internlm3-latest',
      displayName: 'InternLM3',
      description: 'Latest InternLM3 model: strong reasoning and knowledge at low training cost.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: true,
      releasedAt: '2025-01-15',
      abilities: { functionCall: true },
      pricing: { input: 0, output: 0, currency: 'CNY' },
      source: 'builtin',
    },
    {
      id: 'internlm2.5-latest',
      displayName: 'InternLM2.5',
      description: 'InternLM2.5 for complex scenarios, with tool use.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: false,
      abilities: { functionCall: true },
      pricing: { input: 0, output: 0, currency: 'CNY' },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
