import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ClampRule } from '@manifold/core/params/clamp';
import { search } from './search.js';

/** Grok models that reason and refuse penalties (matched anywhere in the id). */
export const REASONING_MODELS = ['grok-3-mini', 'grok-4', 'grok-code'] as const;

const reasons = (model: string): boolean => REASONING_MODELS.some((id) => model.includes(id));

/** Frequency and presence penalties are left out for the reasoning Grok models. */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'frequency_penalty', models: reasons },
  { op: 'drop', param: 'presence_penalty', models: reasons },
];

/**
 * How xAI differs from OpenAI: no penalties for reasoning models, Live Search through
 * `search_parameters`, and `completion_tokens` that leave reasoning tokens out.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.x.ai/v1',
  clamps,
  search,
  usage: { completionExcludesReasoning: true },
};
