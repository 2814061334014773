import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

type Card = Omit<ModelCard, 'type' | 'source' | 'enabled'> & { enabled?: boolean };

const REASONING: ModelCard['settings'] = {
  extendParams: ['enableReasoning', 'reasoningBudgetToken'],
};
const claude = (card: Card): ModelCard => ({
  type: 'chat',
  enabled: false,
  ...card,
  abilities: { functionCall: true, vision: true, ...card.abilities },
  source: 'builtin',
});
// Bedrock caps Llama's max_gen_len at 2048; Llama takes no tools or images here.
const llama = (card: Omit<Card, 'abilities' | 'maxOutput'>): ModelCard => ({
  type: 'chat',
  enabled: false,
  maxOutput: 2048,
  ...card,
  abilities: {},
  source: 'builtin',
});

/**
 * Amazon Bedrock (runtime API, SigV4). Prices in USD per million tokens, on-demand, from
 * aws.amazon.com/bedrock/pricing (`cachedInput` = cache reads, `writeCacheInput` = 5-minute cache
 * writes). Claude 4.5 models are only invocable through inference profiles: the `global.` ones
 * (any commercial region, ~10% below the geographic `us.`/`eu.` profiles); older ones through the
 * `us.` profiles or, where AWS still serves them on demand, their base ids. Context windows and
 * output caps from Anthropic's model overview and Bedrock's Meta Llama parameters page.
 */
export const manifest = {
  id: 'bedrock',
  name: 'Amazon Bedrock',
  description:
    'Claude and Llama on AWS, signed with your IAM access key, plus Titan text embeddings.',
  homepage: 'https://aws.amazon.com/bedrock',
  apiKeyUrl: 'https://console.aws.amazon.com/iam/home#/security_credentials',
  sdkType: 'bedrock',
  enabled: false,
  sort: 8,
  keyVault: [
    {
      field: 'accessKeyId',
      required: true,
      secret: true,
      label: 'AWS Access Key ID',
      placeholder: 'AKIA...',
    },
    { field: 'secretAccessKey', required: true, secret: true, label: 'AWS Secret Access Key' },
    { field: 'sessionToken', required: false, secret: true, label: 'AWS Session Token' },
    {
      field: 'region',
      required: false,
      secret: false,
      label: 'AWS Region',
      placeholder: 'us-east-1',
    },
  ],
  settings: { disableBrowserRequest: true, showModelFetcher: false, responseAnimation: 'smooth' },
  models: [
    claude({
      id: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
      displayName: 'Claude Sonnet 4.5',
      description: 'Strong coding and agent model; the best balance of intelligence and speed.',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      enabled: true,
      releasedAt: '2025-09-29',
      abilities: { reasoning: true },
      pricing: { input: 3, output: 15, cachedInput: 0.3, writeCacheInput: 3.75 },
      settings: REASONING,
    }),
    claude({
      id: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
      displayName: 'Claude Haiku 4.5',
      description: 'Fastest current Claude with near-frontier intelligence and extended thinking.',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      enabled: true,
      releasedAt: '2025-10-15',
      abilities: { reasoning: true },
      pricing: { input: 1, output: 5, cachedInput: 0.1, writeCacheInput: 1.25 },
      settings: REASONING,
    }),
    claude({
      id: 'global.anthropic.claude-opus-4-5-20251101-v1:0',
      displayName: 'Claude Opus 4.5',
      description: 'Most capable Opus for complex agentic work and coding.',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      enabled: true,
      releasedAt: '2025-11-24',
      abilities: { reasoning: true },
      pricing: { input: 5, output: 25, cachedInput: 0.5, writeCacheInput: 6.25 },
      settings: REASONING,
    }),
    claude({
      id: 'us.anthropic.claude-opus-4-1-20250805-v1:0',
      displayName: 'Claude Opus 4.1',
      description: 'Opus 4 upgrade for agentic tasks, real-world coding and reasoning.',
      contextWindowTokens: 200_000,
      maxOutput: 32_000,
      releasedAt: '2025-08-05',
      abilities: { reasoning: true },
      pricing: { input: 15, output: 75, cachedInput: 1.5, writeCacheInput: 18.75 },
      settings: REASONING,
    }),
    claude({
      id: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
      displayName: 'Claude Sonnet 4',
      description: 'Balanced Claude 4 model with extended thinking.',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      releasedAt: '2025-05-22',
      abilities: { reasoning: true },
      pricing: { input: 3, output: 15, cachedInput: 0.3, writeCacheInput: 3.75 },
      settings: REASONING,
    }),
    claude({
      id: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
      displayName: 'Claude 3.7 Sonnet',
      description: 'The first Claude with extended thinking.',
      contextWindowTokens: 200_000,
      maxOutput: 64_000,
      releasedAt: '2025-02-24',
      abilities: { reasoning: true },
      pricing: { input: 3, output: 15, cachedInput: 0.3, writeCacheInput: 3.75 },
      settings: REASONING,
    }),
    claude({
      id: 'anthropic.claude-3-5-haiku-20241022-v1:0',
      displayName: 'Claude 3.5 Haiku',
      description: 'Fast, low-cost Claude (on demand in us-west-2; elsewhere through us.).',
      contextWindowTokens: 200_000,
      maxOutput: 8192,
      releasedAt: '2024-11-04',
      abilities: { vision: false },
      pricing: { input: 0.8, output: 4, cachedInput: 0.08, writeCacheInput: 1 },
    }),
    claude({
      id: 'anthropic.claude-3-haiku-20240307-v1:0',
      displayName: 'Claude 3 Haiku',
      description: 'Lowest-cost Claude, on demand in most Bedrock regions.',
      contextWindowTokens: 200_000,
      maxOutput: 4096,
      releasedAt: '2024-03-13',
      abilities: {},
      pricing: { input: 0.25, output: 1.25 },
    }),
    llama({
      id: 'us.meta.llama3-3-70b-instruct-v1:0',
      displayName: 'Llama 3.3 70B Instruct',
      description: 'Meta’s 70B instruct model with 3.1 405B-level quality on text tasks.',
      contextWindowTokens: 128_000,
      enabled: true,
      releasedAt: '2024-12-06',
      pricing: { input: 0.72, output: 0.72 },
    }),
    llama({
      id: 'meta.llama3-1-405b-instruct-v1:0',
      displayName: 'Llama 3.1 405B Instruct',
      description: 'Largest Llama 3.1 (on demand in us-west-2).',
      contextWindowTokens: 128_000,
      releasedAt: '2024-07-23',
      pricing: { input: 2.4, output: 2.4 },
    }),
    llama({
      id: 'us.meta.llama3-1-70b-instruct-v1:0',
      displayName: 'Llama 3.1 70B Instruct',
      contextWindowTokens: 128_000,
      releasedAt: '2024-07-23',
      pricing: { input: 0.72, output: 0.72 },
    }),
    llama({
      id: 'us.meta.llama3-1-8b-instruct-v1:0',
      displayName: 'Llama 3.1 8B Instruct',
      contextWindowTokens: 128_000,
      releasedAt: '2024-07-23',
      pricing: { input: 0.22, output: 0.22 },
    }),
    llama({
      id: 'us.meta.llama3-2-3b-instruct-v1:0',
      displayName: 'Llama 3.2 3B Instruct',
      contextWindowTokens: 128_000,
      releasedAt: '2024-09-25',
      pricing: { input: 0.15, output: 0.15 },
    }),
    llama({
      id: 'meta.llama3-70b-instruct-v1:0',
      displayName: 'Llama 3 70B Instruct',
      contextWindowTokens: 8192,
      releasedAt: '2024-04-18',
      pricing: { input: 2.65, output: 3.5 },
    }),
    llama({
      id: 'meta.llama3-8b-instruct-v1:0',
      displayName: 'Llama 3 8B Instruct',
      contextWindowTokens: 8192,
      releasedAt: '2024-04-18',
      pricing: { input: 0.3, output: 0.6 },
    }),
    {
      id: 'amazon.titan-embed-text-v2:0',
      displayName: 'Titan Text Embeddings V2',
      description: 'Text embeddings of 256, 512 or 1024 dimensions (default 1024), normalised.',
      type: 'embedding',
      contextWindowTokens: 8192,
      enabled: true,
      releasedAt: '2024-04-30',
      abilities: {},
      pricing: { input: 0.02 },
      source: 'builtin',
    },
  ],
} satisfies ProviderManifestInput;
