import {
  dropWhen,
  halve,
  holdInRange,
  isFiniteNumber,
  matchesModel,
  type ModelMatch,
} from './clamp-helpers.js';

export { dropWhen, halve, holdInRange, matchesModel, type ModelMatch } from './clamp-helpers.js';

/** Numeric conditions of a `drop` rule; the value is dropped when any of them holds. */
export interface DropCondition {
  lt?: number;
  lte?: number;
  gt?: number;
  gte?: number;
}

/**
 * One parameter rule a provider declares as data. Rules apply in order to the request parameters;
 * `models` limits a rule to matching model ids (absent: every model).
 * - `halve`: value / 2, then at least `min`.
 * - `range`: `outside: 'hold'` (default) clamps into `[min, max]`; `outside: 'drop'` removes a value
 *   outside the bounds, which may then be exclusive.
 * - `drop`: removes the parameter when any `when` condition holds; without `when`, always.
 * - `rename`: moves the value to `to` (overwriting a value already there).
 * - `default`: sets `value` when the parameter is absent.
 */
export type ClampRule =
  | { op: 'halve'; param: string; min?: number; models?: ModelMatch }
  | {
      op: 'range';
      param: string;
      min?: number;
      max?: number;
      minExclusive?: boolean;
      maxExclusive?: boolean;
      outside?: 'hold' | 'drop';
      models?: ModelMatch;
    }
  | { op: 'drop'; param: string; when?: DropCondition; models?: ModelMatch }
  | { op: 'rename'; param: string; to: string; models?: ModelMatch }
  | { op: 'default'; param: string; value: unknown; models?: ModelMatch };

/** What one rule changed: the value before and after (`undefined` after a drop). */
export interface ClampChange {
  param: string;
  op: ClampRule['op'];
  from: unknown;
  to: unknown;
  /** For `rename`: the new parameter name. */
  renamedTo?: string;
}

const OPS = new Set<string>(['halve', 'range', 'drop', 'rename', 'default']);
const validated = new WeakSet<readonly ClampRule[]>();

/** Why a rule is invalid, or undefined when it is fine. */
function ruleProblem(rule: ClampRule): string | undefined {
  if (!OPS.has(rule.op)) return `unknown op "${String(rule.op)}"`;
  if (typeof rule.param !== 'string' || !rule.param) return 'param must be a non-empty string';
  const { models } = rule;
  const validModels =
    models === undefined ||
    typeof models === 'string' ||
    typeof models === 'function' ||
    models instanceof RegExp ||
    (Array.isArray(models) && models.every((item) => typeof item === 'string'));
  if (!validModels) return 'models must be a string, RegExp, string array or function';
  const bad = (value: unknown) => value !== undefined && !isFiniteNumber(value);
  switch (rule.op) {
    case 'halve':
      return bad(rule.min) ? 'min must be a finite number' : undefined;
    case 'range': {
      if (rule.min === undefined && rule.max === undefined) return 'range needs min or max';
      if (bad(rule.min) || bad(rule.max)) return 'min and max must be finite numbers';
      if (rule.outside !== undefined && rule.outside !== 'hold' && rule.outside !== 'drop') {
        return 'outside must be "hold" or "drop"';
      }
      const exclusive = rule.minExclusive || rule.maxExclusive;
      if (exclusive && rule.outside !== 'drop') {
        return 'exclusive bounds need outside: "drop" (a value cannot be held at an excluded bound)';
      }
      if (rule.min !== undefined && rule.max !== undefined) {
        if (rule.min > rule.max || (rule.min === rule.max && exclusive)) return 'empty range';
      }
      return undefined;
    }
    case 'drop': {
      if (rule.when === undefined) return undefined;
      const bounds = [rule.when.lt, rule.when.lte, rule.when.gt, rule.when.gte];
      if (bounds.every((bound) => bound === undefined)) return 'when needs lt, lte, gt or gte';
      return bounds.some(bad) ? 'when bounds must be finite numbers' : undefined;
    }
    case 'rename':
      if (typeof rule.to !== 'string' || !rule.to) return 'to must be a non-empty string';
      return rule.to === rule.param ? 'to must differ from param' : undefined;
    case 'default':
      return rule.value === undefined ? 'value must not be undefined' : undefined;
  }
}

/**
 * Check rules where they are defined; throws an Error naming the first invalid rule (e.g. an
 * exclusive bound with `outside: 'hold'`, `min > max`, a rename onto itself).
 */
export function validateClampRules(rules: readonly ClampRule[]): void {
  rules.forEach((rule, index) => {
    const problem = ruleProblem(rule);
    if (problem) {
      throw new Error(`Invalid clamp rule #${index} (${rule.op} ${rule.param}): ${problem}`);
    }
  });
  validated.add(rules);
}

function isOutside(value: number, rule: Extract<ClampRule, { op: 'range' }>): boolean {
  const { min, max } = rule;
  if (min !== undefined && (rule.minExclusive ? value <= min : value < min)) return true;
  return max !== undefined && (rule.maxExclusive ? value >= max : value > max);
}

function meets(value: number, when: DropCondition): boolean {
  return (
    (when.lt !== undefined && value < when.lt) ||
    (when.lte !== undefined && value <= when.lte) ||
    (when.gt !== undefined && value > when.gt) ||
    (when.gte !== undefined && value >= when.gte)
  );
}

/** The new value of `rule.param` and whether it changed; a value of `undefined` removes it. */
function step(value: unknown, rule: ClampRule): { value: unknown; changed: boolean } {
  switch (rule.op) {
    case 'halve':
      return halve(value, rule.min);
    case 'range':
      if (rule.outside === 'drop') {
        return dropWhen(value, (item) => isFiniteNumber(item) && isOutside(item, rule));
      }
      return holdInRange(value, rule);
    case 'drop': {
      const { when } = rule;
      return dropWhen(value, (item) => !when || (isFiniteNumber(item) && meets(item, when)));
    }
    default:
      return { value, changed: false };
  }
}

/**
 * Apply rules in order to a copy of `params` for `context.model`, returning the new parameters and
 * what changed. Absent (undefined) parameters are only touched by `default`; non-numeric values are
 * left alone by numeric ops; results are rounded to 6 decimals. Never mutates `params`. Rules are
 * validated on first use (`validateClampRules`).
 */
export function applyClamps<T extends Record<string, unknown>>(
  params: T,
  rules: readonly ClampRule[],
  context: { model: string },
): { params: T; changes: ClampChange[] } {
  if (!validated.has(rules)) validateClampRules(rules);
  const result: Record<string, unknown> = { ...params };
  const changes: ClampChange[] = [];
  for (const rule of rules) {
    if (!matchesModel(context.model, rule.models)) continue;
    const current = result[rule.param];
    if (rule.op === 'default') {
      if (current !== undefined) continue;
      const value =
        typeof rule.value === 'object' && rule.value !== null
          ? structuredClone(rule.value)
          : rule.value;
      result[rule.param] = value;
      changes.push({ param: rule.param, op: rule.op, from: undefined, to: value });
      continue;
    }
    if (current === undefined) continue;
    if (rule.op === 'rename') {
      delete result[rule.param];
      result[rule.to] = current;
      changes.push({
        param: rule.param,
        op: rule.op,
        from: current,
        to: current,
        renamedTo: rule.to,
      });
      continue;
    }
    const next = step(current, rule);
    if (!next.changed) continue;
    if (next.value === undefined) delete result[rule.param];
    else result[rule.param] = next.value;
    changes.push({ param: rule.param, op: rule.op, from: current, to: next.value });
  }
  return { params: result as T, changes };
}

const show = (value: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/**
 * One line for the debug log, e.g. `temperature 0.7 → 0.35 (halve); top_p 0 dropped (drop);
 * max_tokens → max_completion_tokens (rename)`. Empty string when nothing changed.
 */
export function describeChanges(changes: ClampChange[]): string {
  return changes
    .map((change) => {
      if (change.op === 'rename') return `${change.param} → ${change.renamedTo} (rename)`;
      if (change.op === 'default') return `${change.param} set to ${show(change.to)} (default)`;
      if (change.to === undefined) {
        return `${change.param} ${show(change.from)} dropped (${change.op})`;
      }
      return `${change.param} ${show(change.from)} → ${show(change.to)} (${change.op})`;
    })
    .join('; ');
}
