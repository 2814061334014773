import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { localServerForm } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'http://127.0.0.1:9997/v1';

/**
 * Xorbits Inference (self-hosted model serving). A launched model is addressed by its model uid,
 * which defaults to the built-in model name; the cards are common ones, off by default: the remote
 * list shows what is launched. Self-hosted inference has no price.
 */
export const manifest = {
  id: 'xinference',
  name: 'Xinference',
  description: 'Xorbits Inference: serve open-weight models on your own hardware.',
  homepage: 'https://inference.readthedocs.io',
  sdkType: 'openai',
  enabled: false,
  sort: 7,
  keyVault: localServerForm(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'qwen3',
      displayName: 'Qwen3',
      description: 'Alibaba Qwen3 with switchable thinking and tool use.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: false,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      source: 'builtin',
    },
    {
      id: 'qwen2.5-instruct',
      displayName: 'Qwen2.5 Instruct',
      description: 'Alibaba Qwen2.5 instruction-tuned model with tool use.',
      type: 'chat',
      contextWindowTokens: 32_768,
      enabled: false,
      releasedAt: '2024-09-19',
      abilities: { functionCall: true },
      source: 'builtin',
    },
    {
      id: 'llama-3.1-instruct',
      displayName: 'Llama 3.1 Instruct',
      description: 'Meta Llama 3.1 instruction-tuned model with tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2024-07-23',
      abilities: { functionCall: true },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
