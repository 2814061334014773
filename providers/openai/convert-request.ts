import type { ChatCompletionBody, ResponsesBody } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import type { ClampRule } from '@manifold/core/params/clamp';
import { webSearchOptions, webSearchTool } from './search.js';

/** Model id prefixes of OpenAI's reasoning families (SPEC §9, plus gpt-5 as in the reference). */
export const REASONING_PREFIXES = ['o1', 'o3', 'o4', 'codex', 'computer-use', 'gpt-5'] as const;

/** Reasoning models that take no `developer` role either: their system prompt becomes `user`. */
export const SYSTEM_TO_USER_MODELS: ReadonlySet<string> = new Set([
  'o1-preview',
  'o1-preview-2024-09-12',
  'o1-mini',
  'o1-mini-2024-09-12',
]);

/** Models served only by the Responses API (prefixes). */
export const RESPONSES_ONLY_PREFIXES = [
  'o1-pro',
  'o3-pro',
  'o3-deep-research',
  'o4-mini-deep-research',
  'codex-mini',
  'computer-use',
  'gpt-5-pro',
  'gpt-5-codex',
  'gpt-5.1-codex',
] as const;

/** Sampling parameters reasoning and search-preview models refuse. */
const SAMPLING = ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty'] as const;

/** A model of a reasoning family (o1, o3, o4, codex, computer-use, gpt-5…). */
export const isReasoningModel = (model: string): boolean =>
  REASONING_PREFIXES.some((prefix) => model.startsWith(prefix));

/** A reasoning model that takes a reasoning effort (the `-chat` variants do not). */
export const takesReasoningEffort = (model: string): boolean =>
  isReasoningModel(model) && !model.includes('-chat');

/** GPT-5 models (not the `-chat` ones) take a text verbosity. */
export const takesVerbosity = (model: string): boolean =>
  model.startsWith('gpt-5') && !model.includes('-chat');

/** A chat-completions model with built-in web search (`gpt-4o-search-preview`, …). */
export const isSearchPreviewModel = (model: string): boolean => model.includes('-search-');

/** A model only the Responses API serves. */
export const isResponsesOnlyModel = (model: string): boolean =>
  RESPONSES_ONLY_PREFIXES.some((prefix) => model.startsWith(prefix));

/**
 * OpenAI's parameter rules as data: reasoning and search-preview models get no sampling parameters
 * (dropped rather than set to their only allowed values, so OpenAI's defaults apply); reasoning
 * models take `max_completion_tokens` instead of `max_tokens`; only models that reason keep
 * `reasoning_effort`.
 */
export const clamps: readonly ClampRule[] = [
  ...SAMPLING.map((param): ClampRule => ({
    op: 'drop',
    param,
    models: (model) => isReasoningModel(model) || isSearchPreviewModel(model),
  })),
  { op: 'rename', param: 'max_tokens', to: 'max_completion_tokens', models: isReasoningModel },
  { op: 'drop', param: 'reasoning_effort', models: (model) => !takesReasoningEffort(model) },
];

/**
 * Chat-completions rules that are not clamps: reasoning models read the system prompt as
 * `developer` (`user` for o1-preview and o1-mini); search-preview models always search, so they
 * always get `web_search_options` when `OPENAI_SEARCH_CONTEXT_SIZE` is set; GPT-5 models get the
 * request's `verbosity`.
 */
export function chatPayload(
  body: ChatCompletionBody,
  request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  let result = body;
  if (request.verbosity && takesVerbosity(body.model)) {
    result = { ...result, verbosity: request.verbosity };
  }
  if (isReasoningModel(body.model)) {
    const role = SYSTEM_TO_USER_MODELS.has(body.model) ? 'user' : 'developer';
    result = {
      ...result,
      messages: result.messages.map((message) =>
        message.role === 'system' ? { ...message, role } : message,
      ),
    };
  }
  if (isSearchPreviewModel(body.model)) {
    const searchOptions = webSearchOptions(options);
    if (searchOptions) result = { ...result, web_search_options: searchOptions };
  }
  return result;
}

/** Requests that go through the Responses API: web search on other models, Responses-only models. */
export const usesResponses = (request: ChatRequest): boolean =>
  (request.enabledSearch === true && !isSearchPreviewModel(request.model)) ||
  isResponsesOnlyModel(request.model);

/**
 * Responses rules: the `web_search` tool when search is on; reasoning `{effort (default medium),
 * summary: 'auto'}` for models that reason, none for the others; `text: {verbosity}` for GPT-5
 * models; `store: false`.
 */
export function responsesPayload(
  body: ResponsesBody,
  request: ChatRequest,
  options: RuntimeOptions,
): ResponsesBody {
  const result: ResponsesBody = { ...body, store: false };
  if (request.enabledSearch) result.tools = [...(body.tools ?? []), webSearchTool(options)];
  if (takesReasoningEffort(body.model)) {
    result.reasoning = { effort: request.reasoning_effort ?? 'medium', summary: 'auto' };
  } else {
    delete result.reasoning;
  }
  if (request.verbosity && takesVerbosity(body.model))
    result.text = { verbosity: request.verbosity };
  return result;
}
