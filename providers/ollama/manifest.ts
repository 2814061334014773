import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

/** Where a local Ollama listens by default. */
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434';

type Card = Omit<ModelCard, 'type' | 'source' | 'abilities'> & Partial<ModelCard>;

const card = (model: Card): ModelCard => ({
  type: 'chat',
  abilities: {},
  source: 'builtin',
  ...model,
});

/**
 * Ollama: open-weight models on the user's own machine (or a proxied Ollama). No prices: local
 * models cost nothing per token. Context windows are the models' own (ollama.com/library); Ollama
 * itself runs them with a smaller `num_ctx` unless configured.
 */
export const manifest = {
  id: 'ollama',
  name: 'Ollama',
  description:
    'Run open-weight models (Llama, Qwen, DeepSeek-R1, Gemma, Mistral, gpt-oss…) on your own machine.',
  homepage: 'https://ollama.com',
  sdkType: 'ollama',
  enabled: false,
  sort: 4,
  keyVault: [
    {
      field: 'baseURL',
      required: false,
      secret: false,
      label: 'Ollama service address',
      placeholder: OLLAMA_DEFAULT_BASE_URL,
    },
    {
      field: 'apiKey',
      required: false,
      secret: true,
      label: 'API Key (only for an Ollama behind an authenticating proxy)',
      placeholder: 'Bearer token of your proxy',
    },
  ],
  defaultBaseURL: OLLAMA_DEFAULT_BASE_URL,
  settings: { showModelFetcher: true, showModelPull: true, defaultShowBrowserRequest: true },
  models: [
    card({
      id: 'llama3.2',
      displayName: 'Llama 3.2 3B',
      description: 'Meta Llama 3.2 3B: small multilingual model with tool use.',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2024-09-25',
      abilities: { functionCall: true },
    }),
    card({
      id: 'llama3.2-vision',
      displayName: 'Llama 3.2 Vision 11B',
      description: 'Meta Llama 3.2 Vision 11B: image reasoning and captioning.',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2024-11-06',
      abilities: { vision: true },
    }),
    card({
      id: 'llama3.1',
      displayName: 'Llama 3.1 8B',
      description: 'Meta Llama 3.1 8B: general chat and tool use.',
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2024-07-23',
      abilities: { functionCall: true },
    }),
    card({
      id: 'qwen3',
      displayName: 'Qwen3 8B',
      description: 'Alibaba Qwen3: switchable thinking, strong tool use and multilingual chat.',
      contextWindowTokens: 40_960,
      enabled: true,
      releasedAt: '2025-04-29',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['enableReasoning'] },
    }),
    card({
      id: 'deepseek-r1',
      displayName: 'DeepSeek R1 8B',
      description: 'DeepSeek-R1 (0528 distill): open reasoning model, thinking on by default.',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-05-28',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['enableReasoning'] },
    }),
    card({
      id: 'gpt-oss',
      displayName: 'gpt-oss 20B',
      description: "OpenAI's open-weight 20B reasoning model with adjustable reasoning effort.",
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-08-05',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['reasoningEffort'] },
    }),
    card({
      id: 'gpt-oss:120b',
      displayName: 'gpt-oss 120B',
      description: "OpenAI's open-weight 120B reasoning model (needs about 65 GB of memory).",
      contextWindowTokens: 131_072,
      enabled: false,
      releasedAt: '2025-08-05',
      abilities: { functionCall: true, reasoning: true },
      settings: { extendParams: ['reasoningEffort'] },
    }),
    card({
      id: 'gemma3',
      displayName: 'Gemma 3 4B',
      description: 'Google Gemma 3: single-GPU model with image input.',
      contextWindowTokens: 131_072,
      enabled: true,
      releasedAt: '2025-03-12',
      abilities: { vision: true },
    }),
    card({
      id: 'mistral',
      displayName: 'Mistral 7B',
      description: 'Mistral 7B v0.3: fast general model with function calling.',
      contextWindowTokens: 32_768,
      enabled: false,
      releasedAt: '2024-05-22',
      abilities: { functionCall: true },
    }),
    card({
      id: 'phi4',
      displayName: 'Phi-4 14B',
      description: 'Microsoft Phi-4: 14B model strong at reasoning and math.',
      contextWindowTokens: 16_384,
      enabled: false,
      releasedAt: '2024-12-12',
    }),
    card({
      id: 'qwen2.5-coder',
      displayName: 'Qwen2.5 Coder 7B',
      description: 'Qwen2.5 Coder: code generation, reasoning and repair.',
      contextWindowTokens: 32_768,
      enabled: false,
      releasedAt: '2024-11-12',
      abilities: { functionCall: true },
    }),
    card({
      id: 'nomic-embed-text',
      displayName: 'Nomic Embed Text',
      description: 'Text embeddings with a long context (for POST /webapi/embeddings/ollama).',
      type: 'embedding',
      contextWindowTokens: 8_192,
      enabled: false,
      releasedAt: '2024-02-15',
    }),
  ],
} satisfies ProviderManifestInput;
