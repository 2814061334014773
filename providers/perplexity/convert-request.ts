import type { ClampRule } from '@manifold/core/params/clamp';

/** Perplexity refuses a temperature of 2 (its range ends before it): such a value is left out. */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature', when: { gte: 2 } },
];
