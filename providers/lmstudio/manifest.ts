import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { localServerForm } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'http://127.0.0.1:1234/v1';

/**
 * LM Studio (desktop app serving local models over an OpenAI-compatible API). The cards are common
 * downloads from its catalog, off by default: the remote list shows what is actually loaded. Local
 * inference has no price.
 */
export const manifest = {
  id: 'lmstudio',
  name: 'LM Studio',
  description:
    'Desktop app that runs open-weight models locally behind an OpenAI-compatible server.',
  homepage: 'https://lmstudio.ai',
  sdkType: 'openai',
  enabled: false,
  sort: 5,
  keyVault: localServerForm(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true, defaultShowBrowserRequest: true },
  models: [
    {
      id: 'qwen/qwen3-8b',
      displayName: 'Qwen3 8B',
      description: 'Alibaba Qwen3 8B dense model with switchable thinking and tool use.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'openai/gpt-oss-20b',
      displayName: 'GPT OSS 20B',
      description: "OpenAI's compact open-weight 20B reasoning model.",
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-08-05',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['reasoningEffort'] },
      source: 'builtin',
    },
    {
      id: 'google/gemma-3-12b',
      displayName: 'Gemma 3 12B',
      description: 'Google Gemma 3 12B, multimodal open model with image input.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-03-12',
      abilities: { vision: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
