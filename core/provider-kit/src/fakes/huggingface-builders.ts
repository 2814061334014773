/**
 * Builders for Hugging Face wire objects: the two error forms (string `{"error":"…","error_type"?}`
 * of the Hub, TGI and the router; OpenAI object form of the providers behind the router), the
 * messages Hugging Face sends, and Hub `/api/models` entries. Chat chunks come from
 * `openai-builders.ts` (the router is OpenAI-compatible).
 */

/** Messages Hugging Face sends (quoted in public issue threads and the HF inference client tests). */
export const HF_MESSAGES = {
  proRequired:
    'Model requires a Pro subscription; check out hf.co/pricing to learn more. Make sure to include your HF token in your query.',
  tokenInvalid: 'Authorization header is correct, but the token seems invalid',
  badCredentials: 'Invalid username or password.',
  credits:
    'You have exceeded your monthly included credits for Inference Providers. Subscribe to PRO to get 20x more monthly included credits.',
  validation:
    'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 17 `inputs` tokens and 10000 `max_new_tokens`',
} as const;

/** The string error form: `{"error": "…", "error_type"?: "…"}`. */
export const stringError = (message: string, errorType?: string) => ({
  error: message,
  ...(errorType && { error_type: errorType }),
});

/** The OpenAI error form the providers behind the router send. */
export const objectError = (
  message: string,
  type = 'invalid_request_error',
  code: string | null = null,
) => ({
  error: { message, type, param: null, code },
});

/** One Hub list entry as `/api/models` returns it. */
export function hubModel(
  id: string,
  tags: readonly string[],
  pipeline = 'text-generation',
  downloads = 1000,
) {
  return {
    _id: `hub-${id}`,
    id,
    likes: Math.round(downloads / 100),
    trendingScore: 1,
    private: false,
    downloads,
    tags: [...tags, pipeline],
    pipeline_tag: pipeline,
    library_name: 'transformers',
    createdAt: '2025-01-01T00:00:00.000Z',
    modelId: id,
  };
}

/** A small realistic Hub list: chat models of each kind, a base model, a non-chat pipeline. */
export const DEFAULT_HUB_MODELS = [
  hubModel(
    'meta-llama/Llama-3.3-70B-Instruct',
    ['transformers', 'safetensors', 'conversational'],
    'text-generation',
    900_000,
  ),
  hubModel(
    'deepseek-ai/DeepSeek-R1',
    ['transformers', 'conversational', 'fp8'],
    'text-generation',
    800_000,
  ),
  hubModel(
    'Qwen/Qwen3-4B-Instruct-2507',
    ['transformers', 'conversational'],
    'text-generation',
    700_000,
  ),
  hubModel(
    'NousResearch/Hermes-3-Llama-3.1-8B',
    ['conversational', 'function-calling', 'tool-use'],
    'text-generation',
    600_000,
  ),
  hubModel(
    'zai-org/GLM-4.5V',
    ['conversational', 'image-text-to-text', 'reasoning'],
    'text-generation',
    500_000,
  ),
  hubModel('openai-community/gpt2', ['transformers', 'tflite'], 'text-generation', 400_000),
  hubModel(
    'Qwen/Qwen3-Embedding-8B',
    ['conversational', 'sentence-transformers'],
    'text-generation',
    300_000,
  ),
  hubModel('Qwen/Qwen2.5-VL-7B-Instruct', ['conversational'], 'image-text-to-text', 200_000),
];
