/** Which models a rule applies to: a string is a case-insensitive prefix, an array any of its prefixes. */
export type ModelMatch = string | RegExp | readonly string[] | ((model: string) => boolean);

/** A value after a clamp step, and whether the step changed it. */
export interface ClampResult {
  value: unknown;
  changed: boolean;
}

/** Bounds for `holdInRange`; both inclusive. */
export interface Range {
  min?: number;
  max?: number;
}

/** A finite number, the only values numeric clamps touch. */
export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Round to 6 decimals so halving 0.7 gives 0.35, not 0.35000000000000003. */
export const roundValue = (value: number): number => Math.round(value * 1e6) / 1e6;

/** True when `model` matches; no matcher means every model. */
export function matchesModel(model: string, match: ModelMatch | undefined): boolean {
  if (match === undefined) return true;
  if (typeof match === 'function') return match(model);
  if (match instanceof RegExp) {
    // A global or sticky regex keeps state between calls; reset it so every call starts fresh.
    match.lastIndex = 0;
    return match.test(model);
  }
  const lower = model.toLowerCase();
  const prefixes: readonly string[] = typeof match === 'string' ? [match] : match;
  return prefixes.some((prefix) => lower.startsWith(prefix.toLowerCase()));
}

/** Half of a number, then at least `min`. Non-numbers are returned unchanged. */
export function halve(value: unknown, min?: number): ClampResult {
  if (!isFiniteNumber(value)) return { value, changed: false };
  let result = roundValue(value / 2);
  if (min !== undefined && result < min) result = min;
  return { value: result, changed: result !== value };
}

/** A number held inside `[min, max]`. Non-numbers are returned unchanged. */
export function holdInRange(value: unknown, range: Range): ClampResult {
  if (!isFiniteNumber(value)) return { value, changed: false };
  let result = value;
  if (range.min !== undefined && result < range.min) result = range.min;
  if (range.max !== undefined && result > range.max) result = range.max;
  return { value: result, changed: result !== value };
}

/** `undefined` (dropped) when `predicate` holds for the value, else the value unchanged. */
export function dropWhen(value: unknown, predicate: (value: unknown) => boolean): ClampResult {
  if (value !== undefined && predicate(value)) return { value: undefined, changed: true };
  return { value, changed: false };
}
