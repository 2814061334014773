import {
  convertAnthropicMessages,
  convertAnthropicTools,
} from '@manifold/wire-anthropic/convert-messages';
import type {
  AnthropicMessageParam,
  AnthropicTextBlock,
  AnthropicTool,
} from '@manifold/wire-anthropic/wire-types';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext, RuntimeOptions } from '@manifold/core/contract/runtime';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';
import { useBase64Images } from '@manifold/core/media/image';
import { webSearchTool, type WebSearchTool } from './search.js';

/** `max_tokens` when neither the request nor the model card gives one (SPEC §9). */
export const DEFAULT_MAX_TOKENS = 8192;
/** `max_tokens` default of the two older models that cannot output more (SPEC §9). */
export const SMALL_MODEL_MAX_TOKENS = 4096;
/** `max_tokens` default with thinking on (SPEC §9). */
export const THINKING_MAX_TOKENS = 32_000;
/** Thinking budget when the request gives none (SPEC §5). */
export const DEFAULT_THINKING_BUDGET = 1024;

/** claude-3-opus and claude-3-haiku: 4096 output tokens at most. */
export const isSmallOutputModel = (model: string): boolean =>
  /^claude-3-(opus|haiku)\b/.test(model);

/** `[major, minor]` of a `claude-<family>-<major>[-<minor>]` id; undefined for older id forms. */
function generation(model: string): [number, number] | undefined {
  const match = /^claude-[a-z]+-(\d+)(?:-(\d{1,2}))?(?=-|$)/.exec(model);
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : undefined;
}

/**
 * Models that refuse temperature and top_p together ("temperature and top_p cannot both be
 * specified for this model"): Opus 4.1 (SPEC §7) and every model from generation 4.5 on.
 */
export function takesOneSampler(model: string): boolean {
  if (model.startsWith('claude-opus-4-1')) return true;
  const version = generation(model);
  return version !== undefined && (version[0] > 4 || (version[0] === 4 && version[1] >= 5));
}

/** Sampling rules (SPEC §5): temperature halved; one sampler for some models; none with thinking. */
const HALVE: readonly ClampRule[] = [{ op: 'halve', param: 'temperature' }];
const HALVE_ONE_SAMPLER: readonly ClampRule[] = [...HALVE, { op: 'drop', param: 'top_p' }];
const NO_SAMPLING: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature' },
  { op: 'drop', param: 'top_p' },
];

/** The Messages API body Manifold sends. */
export interface AnthropicBody {
  model: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string | AnthropicTextBlock[];
  tools?: Array<AnthropicTool | WebSearchTool>;
  thinking?: { type: 'enabled'; budget_tokens: number };
  temperature?: number;
  top_p?: number;
  metadata?: { user_id: string };
  stream: boolean;
}

/** What the conversion needs from the runtime. */
export type ConvertOptions = Pick<
  RuntimeOptions,
  'providerId' | 'env' | 'logger' | 'fetchUserContent'
> & {
  /** The provider's effective cards (for `maxOutput`). */
  models: readonly ModelCard[];
};

/**
 * `max_tokens` (SPEC §9): the request's, else the model card's `maxOutput`, else 32000 with
 * thinking, 4096 for claude-3-opus/haiku, 8192 for the rest.
 */
export function maxTokens(request: ChatRequest, models: readonly ModelCard[], thinking: boolean) {
  if (request.max_tokens) return request.max_tokens;
  const card = models.find((model) => model.id === request.model);
  if (card?.maxOutput) return card.maxOutput;
  if (thinking) return THINKING_MAX_TOKENS;
  return isSmallOutputModel(request.model) ? SMALL_MODEL_MAX_TOKENS : DEFAULT_MAX_TOKENS;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * Our chat request as a Messages API body, with what the sampling rules changed (for the debug
 * log): system prompt apart (a cached text block unless `enabledContextCaching` is false), tools
 * (the last one a cache breakpoint too), the web search tool with `enabledSearch`, thinking
 * `{enabled, budget_tokens: min(budget || 1024, max_tokens − 1)}`, temperature halved,
 * `metadata.user_id`. Images are URL sources unless `LLM_VISION_IMAGE_USE_BASE64=1`.
 */
export async function convertAnthropicRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'signal' | 'userId'>,
  options: ConvertOptions,
): Promise<{ body: AnthropicBody; changes: ClampChange[] }> {
  const caching = request.enabledContextCaching !== false;
  const conversation = await convertAnthropicMessages(request.messages, {
    provider: options.providerId,
    fetch: options.fetchUserContent,
    signal: context.signal,
    imagesAsURL: !useBase64Images(options.env),
  });
  const thinking = request.thinking?.type === 'enabled';
  const body: AnthropicBody = {
    model: request.model,
    max_tokens: maxTokens(request, options.models, thinking),
    messages: conversation.messages,
    stream: request.stream ?? true,
  };
  if (conversation.system !== undefined) {
    body.system = caching
      ? [{ type: 'text', text: conversation.system, cache_control: EPHEMERAL }]
      : conversation.system;
  }
  const tools: Array<AnthropicTool | WebSearchTool> = convertAnthropicTools(request.tools) ?? [];
  const last = tools.at(-1);
  if (caching && last) tools[tools.length - 1] = { ...last, cache_control: EPHEMERAL };
  if (request.enabledSearch) tools.push(webSearchTool(options));
  if (tools.length > 0) body.tools = tools;

  if (thinking) {
    const budget = request.thinking?.budget_tokens || DEFAULT_THINKING_BUDGET;
    body.thinking = { type: 'enabled', budget_tokens: Math.min(budget, body.max_tokens - 1) };
  }
  const sampling = { temperature: request.temperature, top_p: request.top_p };
  const rules = thinking
    ? NO_SAMPLING
    : takesOneSampler(request.model) && sampling.temperature !== undefined
      ? HALVE_ONE_SAMPLER
      : HALVE;
  const { params, changes } = applyClamps(sampling, rules, { model: request.model });
  if (params.temperature !== undefined) body.temperature = params.temperature;
  if (params.top_p !== undefined) body.top_p = params.top_p;

  const user = context.userId ?? request.user;
  if (user !== undefined) body.metadata = { user_id: user };
  return { body, changes };
}
