import type { LedgerEntry } from './api.js';

/** Credits spent, as the Usage page charts them. */
export interface UsageSeries {
  /** Each day with spending, as its local midnight in seconds (uPlot's x values), ascending. */
  days: number[];
  /** The day's key (`YYYY-MM-DD`, local time) of each `days` value. */
  dayKeys: string[];
  /** Total credits spent per day. */
  totals: number[];
  /** The models with spending, most spent first: their credits per day (aligned with `days`). */
  models: Array<{ model: string; perDay: number[]; total: number }>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of a moment, `YYYY-MM-DD`. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The label of a ledger row's model: `provider/model`, or the model alone. */
export const modelLabel = (entry: Pick<LedgerEntry, 'provider' | 'model'>): string =>
  entry.provider && entry.model ? `${entry.provider}/${entry.model}` : (entry.model ?? '—');

/**
 * Credits spent per day and per model from ledger rows: every negative change (chats and other
 * metered calls) counts, grants and sign-up credits do not. Days without spending in between are
 * filled with zeros so the chart's axis is continuous, and the days run back to at least `minDays`
 * before the last one.
 */
export function usageSeries(
  entries: readonly LedgerEntry[],
  maxModels = 6,
  minDays = 7,
): UsageSeries {
  const byDay = new Map<string, Map<string, number>>();
  const modelTotals = new Map<string, number>();
  for (const entry of entries) {
    if (!(entry.delta < 0)) continue;
    const date = new Date(entry.createdAt);
    if (Number.isNaN(date.getTime())) continue;
    const key = dayKey(date);
    const model = modelLabel(entry);
    const spent = -entry.delta;
    const day = byDay.get(key) ?? new Map<string, number>();
    day.set(model, (day.get(model) ?? 0) + spent);
    byDay.set(key, day);
    modelTotals.set(model, (modelTotals.get(model) ?? 0) + spent);
  }
  if (byDay.size === 0) return { days: [], dayKeys: [], totals: [], models: [] };
  const sortedKeys = [...byDay.keys()].sort();
  const last = new Date(`${sortedKeys[sortedKeys.length - 1]}T00:00:00`);
  const first = new Date(`${sortedKeys[0]}T00:00:00`);
  const earliest = new Date(last);
  earliest.setDate(earliest.getDate() - (minDays - 1));
  if (earliest < first) first.setTime(earliest.getTime());
  const dayKeys: string[] = [];
  const days: number[] = [];
  for (let d = new Date(first); d <= last; d.setDate(d.getDate() + 1)) {
    dayKeys.push(dayKey(d));
    days.push(Math.round(d.getTime() / 1000));
  }
  const ranked = [...modelTotals.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = ranked.slice(0, maxModels).map(([model]) => model);
  const other = ranked.length > maxModels ? 'other' : undefined;
  const models = [...shown, ...(other ? [other] : [])].map((model) => {
    const perDay = dayKeys.map((key) => {
      const day = byDay.get(key);
      if (!day) return 0;
      if (model === other)
        return [...day.entries()]
          .filter(([name]) => !shown.includes(name))
          .reduce((sum, [, value]) => sum + value, 0);
      return day.get(model) ?? 0;
    });
    return { model, perDay, total: perDay.reduce((a, b) => a + b, 0) };
  });
  const totals = dayKeys.map((key) =>
    [...(byDay.get(key)?.values() ?? [])].reduce((a, b) => a + b, 0),
  );
  return { days, dayKeys, totals, models };
}
