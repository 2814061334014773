import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import type { ChatCompletionBody } from '@manifold/core/compat/options';
import type { ClampRule } from '@manifold/core/params/clamp';
import { manifest } from './manifest.js';

/**
 * MiniMax's temperature runs in (0, 1]: a value of 0 or less is left out (the model default
 * applies), others are halved. top_p must lie in (0, 1]; an excluded value cannot be held at its
 * bound, so 0 is left out. MiniMax refuses both penalties.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature', when: { lte: 0 } },
  { op: 'halve', param: 'temperature' },
  { op: 'range', param: 'top_p', min: 0, max: 1, minExclusive: true, outside: 'drop' },
  { op: 'drop', param: 'frequency_penalty' },
  { op: 'drop', param: 'presence_penalty' },
];

/**
 * Without a max_tokens MiniMax stops early, so the model's own output cap is sent: the card from
 * the runtime's effective list (`options.models`), else the built-in one.
 */
export function payload(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  if (body.max_tokens !== undefined) return body;
  const cards: readonly ModelCard[] = options.models ?? manifest.models;
  const maxOutput = cards.find((card) => card.id === body.model)?.maxOutput;
  return maxOutput === undefined ? body : { ...body, max_tokens: maxOutput };
}
