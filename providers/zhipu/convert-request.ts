import type { ClampRule } from '@manifold/core/params/clamp';

const ALL_TOOLS = 'glm-4-alltools';

/**
 * Zhipu's temperature runs 0–1, so the request's 0–2 value is halved; glm-4-alltools refuses the
 * bounds themselves (temperature and top_p must lie strictly inside 0–1), and the vision and
 * glm-zero-preview models cap their output.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'halve', param: 'temperature' },
  { op: 'range', param: 'temperature', min: 0.01, max: 0.99, models: ALL_TOOLS },
  { op: 'range', param: 'top_p', min: 0.01, max: 0.99, models: ALL_TOOLS },
  { op: 'range', param: 'max_tokens', max: 1024, models: 'glm-4v' },
  { op: 'range', param: 'max_tokens', max: 15_300, models: 'glm-zero-preview' },
];

/** GLM-4.5 / 4.6 models (incl. -air, -flash, 4.5v) switch thinking with `thinking: {type}`. */
export const takesThinkingType = (model: string): boolean => /glm-4\.[56]/i.test(model);
