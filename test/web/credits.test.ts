// The credits feature's logic: per-day and per-model series from the ledger, a reply's cost with
// the gateway's cost function, exact USD, and the plan-limit errors' fix.
import t from 'tap';
import { errorFix } from '../../web/src/lib/api-error.js';
import { formatUsd, replyCost } from '../../web/src/features/credits/cost.js';
import { dayKey, usageSeries } from '../../web/src/features/credits/usage-data.js';
import type { LedgerEntry } from '../../web/src/features/credits/api.js';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: Math.random().toString(36),
  delta: -1,
  reason: 'chat',
  createdAt: new Date(2026, 10, 20, 12).toISOString(),
  ...over,
});

t.test('usage series: spending per day and per model, grants left out, gaps filled', async (t) => {
  const series = usageSeries(
    [
      entry({
        delta: 500_000,
        reason: 'signup',
        createdAt: new Date(2026, 10, 18, 9).toISOString(),
      }),
      entry({ delta: -345, provider: 'openai', model: 'gpt-4o-mini' }),
      entry({ delta: -100, provider: 'openai', model: 'gpt-4o-mini' }),
      entry({
        delta: -50,
        provider: 'anthropic',
        model: 'claude',
        createdAt: new Date(2026, 10, 22, 23, 30).toISOString(),
      }),
    ],
    6,
    1,
  );
  t.same(series.dayKeys, ['2026-11-20', '2026-11-21', '2026-11-22'], 'days from first to last');
  t.same(series.totals, [445, 0, 50]);
  t.same(
    series.models.map((m) => [m.model, m.perDay, m.total]),
    [
      ['openai/gpt-4o-mini', [445, 0, 0], 445],
      ['anthropic/claude', [0, 0, 50], 50],
    ],
    'most spent first',
  );
  t.equal(series.days[1]! - series.days[0]!, 86_400, 'x values one day apart, in seconds');
  t.same(usageSeries([entry({ delta: 500_000, reason: 'signup' })]).days, [], 'nothing spent');
  t.same(
    usageSeries([entry({ delta: -5 })]).dayKeys,
    [
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ],
    'a week at least',
  );
});

t.test('usage series: models beyond the shown ones add up as "other"', async (t) => {
  const entries = ['a', 'b', 'c'].map((model, index) =>
    entry({ provider: 'p', model, delta: -(10 - index) }),
  );
  const series = usageSeries(entries, 2, 1);
  t.same(
    series.models.map((m) => [m.model, m.total]),
    [
      ['p/a', 10],
      ['p/b', 9],
      ['other', 8],
    ],
  );
  t.equal(dayKey(new Date(2026, 0, 5)), '2026-01-05');
});

t.test('reply cost: creditCost of the usage at the card prices, USD exact', async (t) => {
  const pricing = { input: 0.15, cachedInput: 0.075, output: 0.6 };
  t.same(
    replyCost({ totalInputTokens: 1200, inputCachedTokens: 200, totalOutputTokens: 300 }, pricing),
    { credits: 345, usd: 0.000345 },
  );
  t.equal(replyCost(undefined, pricing), undefined, 'no usage, no cost');
  t.equal(replyCost({ totalInputTokens: 1 }, undefined), undefined, 'no price, no cost');
  t.same(
    replyCost({ totalInputTokens: 1_000_000 }, { input: 7.2, currency: 'CNY' }),
    { credits: 1_000_000, usd: 1 },
    'a CNY price at the default rate (7.2 per USD)',
  );
  t.equal(formatUsd(0.000345), '0.000345');
  t.equal(formatUsd(1.5), '1.5');
  t.equal(formatUsd(0), '0');
});

t.test('plan limits point to the plans, not to the provider billing', async (t) => {
  t.same(errorFix({ errorType: 'FreePlanLimit', status: 402 }), ['plans']);
  t.same(errorFix({ errorType: 'SubscriptionPlanLimit', status: 402 }), ['plans']);
  t.same(errorFix({ errorType: 'InsufficientQuota', status: 429 }), ['quota']);
});
