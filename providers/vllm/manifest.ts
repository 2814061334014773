import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { localServerForm } from '@manifold/core/contract/key-vault-form';

const BASE_URL = 'http://127.0.0.1:8000/v1';

/**
 * vLLM (self-hosted inference server, `vllm serve <hf-id>`). Models are served under their
 * Hugging Face ids; the cards are common choices, off by default: the remote list shows what the
 * server runs. Self-hosted inference has no price.
 */
export const manifest = {
  id: 'vllm',
  name: 'vLLM',
  description: 'High-throughput self-hosted inference server with an OpenAI-compatible API.',
  homepage: 'https://docs.vllm.ai',
  sdkType: 'openai',
  enabled: false,
  sort: 6,
  keyVault: localServerForm(BASE_URL),
  defaultBaseURL: BASE_URL,
  settings: { showModelFetcher: true },
  models: [
    {
      id: 'Qwen/Qwen3-8B',
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
      id: 'meta-llama/Llama-3.1-8B-Instruct',
      displayName: 'Llama 3.1 8B Instruct',
      description: 'Meta Llama 3.1 8B, multilingual instruction-tuned model with tool use.',
      type: 'chat',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2024-07-23',
      abilities: { functionCall: true },
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
  ],
} satisfies ProviderManifestInput;
