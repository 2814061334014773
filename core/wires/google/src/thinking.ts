import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';
import type { GoogleThinkingConfig } from './types.js';

/**
 * The thinking-budget range of one model family (SPEC §5, https://ai.google.dev/gemini-api/docs/thinking):
 * values in `keep` pass as they are (-1 = dynamic, 0 = off where the family allows it), any other
 * value is held in `[min, max]`; `defaultBudget` is sent when the request names none.
 */
export interface ThinkingFamily {
  name: string;
  models: RegExp;
  keep: readonly number[];
  min: number;
  max: number;
  defaultBudget?: number;
}

/** Families in match order: the first whose pattern matches the model id applies. */
export const THINKING_FAMILIES: readonly ThinkingFamily[] = [
  { name: 'flash-lite', models: /flash-lite/, keep: [0, -1], min: 512, max: 24_576 },
  { name: 'pro', models: /-pro(-|$)/, keep: [-1], min: 128, max: 32_768, defaultBudget: -1 },
  { name: 'flash', models: /flash/, keep: [-1], min: 0, max: 24_576, defaultBudget: -1 },
  { name: 'other', models: /./, keep: [-1], min: 0, max: 24_576 },
];

/** The range rule of each family, made once so `applyClamps` validates it once. */
const RULES = new Map<ThinkingFamily, ClampRule[]>(
  THINKING_FAMILIES.map((family) => [
    family,
    [{ op: 'range', param: 'thinkingBudget', min: family.min, max: family.max }],
  ]),
);

/** Models that take a thinking budget: 2.5 and later Gemini generations and the `-latest` aliases. */
const BUDGET_MODELS = /gemini-(2\.5|[3-9])|gemini-(pro|flash|flash-lite)-latest/;

/** Models that think: those that take a budget, and the earlier experimental `*thinking*` models. */
export const isThinkingModel = (model: string): boolean =>
  BUDGET_MODELS.test(model) || model.includes('thinking');

/** The budget the request asks for: `thinkingBudget`, else Anthropic-style `thinking` (enabled → its budget, default 1024; disabled → 0). */
export function requestedBudget(request: ChatRequest): number | undefined {
  if (request.thinkingBudget !== undefined) return request.thinkingBudget;
  if (request.thinking?.type === 'enabled') return request.thinking.budget_tokens ?? 1024;
  if (request.thinking?.type === 'disabled') return 0;
  return undefined;
}

/** The family of a model id. */
export const thinkingFamily = (model: string): ThinkingFamily =>
  THINKING_FAMILIES.find((family) => family.models.test(model)) ?? THINKING_FAMILIES.at(-1)!;

/**
 * The thinking config of a request for a thinking model, and what the family's range changed:
 * `includeThoughts` unless the budget is 0, the budget held in the family's range (or its default).
 * Undefined for models that do not think; earlier `*thinking*` models get `includeThoughts` only.
 */
export function resolveThinking(
  model: string,
  request: ChatRequest,
): { config?: GoogleThinkingConfig; changes: ClampChange[] } {
  if (!isThinkingModel(model)) return { changes: [] };
  if (!BUDGET_MODELS.test(model)) return { config: { includeThoughts: true }, changes: [] };
  const family = thinkingFamily(model);
  let budget = requestedBudget(request) ?? family.defaultBudget;
  let changes: ClampChange[] = [];
  if (budget !== undefined && !family.keep.includes(budget)) {
    const clamped = applyClamps({ thinkingBudget: budget }, RULES.get(family)!, { model });
    budget = clamped.params.thinkingBudget;
    changes = clamped.changes;
  }
  const config: GoogleThinkingConfig = {};
  if (budget !== 0) config.includeThoughts = true;
  if (budget !== undefined) config.thinkingBudget = budget;
  return { config, changes };
}
