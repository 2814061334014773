import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { frontendModelCards } from './model-list.js';

const BASE_URL = 'https://openrouter.ai/api/v1';

/** Thinking budget when the request enables thinking without one (SPEC §5). */
export const DEFAULT_REASONING_BUDGET = 1024;

/**
 * OpenRouter's unified `reasoning` parameter from the request's thinking: enabled becomes
 * `{max_tokens}` = the budget (default 1024), held below `max_tokens` so an answer still fits;
 * an explicit disabled becomes `{enabled: false}` (hybrid models such as DeepSeek V3.1 or
 * Gemini Flash think by default otherwise).
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  const thinking = request.thinking;
  if (!thinking) return body;
  if (thinking.type === 'disabled') return { ...body, reasoning: { enabled: false } };
  const budget = thinking.budget_tokens ?? DEFAULT_REASONING_BUDGET;
  const max = body.max_tokens;
  return {
    ...body,
    reasoning: { max_tokens: max === undefined ? budget : Math.max(1, Math.min(budget, max - 1)) },
  };
}

/** Web search: OpenRouter's `:online` model variant (web plugin with default settings). */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  return body.model.endsWith(':online') ? body : { ...body, model: `${body.model}:online` };
}

/**
 * How OpenRouter differs from OpenAI: `reasoning` from thinking, `:online` search, the app's
 * attribution headers, and the richer frontend model list (prices, caps, abilities).
 * Citations arrive as `delta.annotations` url_citation entries, which the factory reads.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: BASE_URL,
  headers: { 'HTTP-Referer': 'https://github.com/manifold', 'X-Title': 'Manifold' },
  payload,
  search,
  // the frontend list lives beside the API: base `…/api/v1` → `<origin>/api/frontend/models`
  models: { url: { fromOrigin: '/api/frontend/models' }, transform: frontendModelCards },
};
