import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { $locale } from '../../../app/locale.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/spinner.js';
import { messageErrorOf } from '../../../lib/api-error.js';
import { fetchLedger, type LedgerEntry } from '../api.js';
import { $creditLabels, fill, formatCredits, type CreditLabels } from '../labels.js';
import { $edition, $isCloud, refreshCredits } from '../stores/credits.js';
import { modelLabel, usageSeries } from '../usage-data.js';
import { BalanceBadge } from './balance-badge.js';

// uPlot comes with the chart, when the page has something to draw.
const UsageChart = lazy(() => import('./usage-chart.js'));

function reasonText(reason: string, label: CreditLabels): string {
  switch (reason) {
    case 'signup':
      return label.reasonSignup;
    case 'grant':
      return label.reasonGrant;
    case 'chat':
      return label.reasonChat;
    case 'admin':
      return label.reasonAdmin;
    default:
      return reason;
  }
}

const tokensOf = (entry: LedgerEntry): string => {
  const u = entry.usage;
  if (!u) return '';
  return `${u.totalInputTokens ?? 0} / ${u.totalOutputTokens ?? 0}`;
};

/**
 * The Usage page: the balance, credits per day and per model (uPlot, loaded on demand) and the
 * ledger as a table, a page at a time (`cursor`).
 */
export function UsagePage() {
  const label = useStore($creditLabels);
  const locale = useStore($locale);
  const cloud = useStore($isCloud);
  const edition = useStore($edition);
  const [entries, setEntries] = useState<LedgerEntry[]>([]);
  const [next, setNext] = useState<string | undefined>();
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');

  const load = useCallback(async (cursor?: string) => {
    setStatus('loading');
    try {
      const page = await fetchLedger(cursor);
      setEntries((current) => (cursor ? [...current, ...page.entries] : page.entries));
      setNext(page.next);
      setStatus('ready');
    } catch (failure) {
      setError(messageErrorOf(failure).message ?? String(failure));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void refreshCredits();
    void load();
  }, [load]);

  const series = useMemo(() => usageSeries(entries), [entries]);
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [locale],
  );
  const number = (value: number) => formatCredits(value, locale);

  return (
    <section className="usage-page mx-auto flex w-full max-w-4xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="m-0 text-xl font-semibold tracking-tight">{label.usageTitle}</h1>
        <BalanceBadge />
        <Link
          href="/plans"
          className={`ml-auto ${buttonClasses({ variant: 'outline', size: 'sm' })}`}
        >
          {label.plans}
        </Link>
      </header>
      <p className="m-0 text-sm text-muted-foreground">
        {edition && !cloud ? label.notCloud : label.usageIntro}
      </p>

      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs">
        <h2 className="m-0 text-base font-semibold">{label.usagePerDay}</h2>
        {series.days.length ? (
          <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
            <UsageChart
              series={series}
              totalLabel={label.credits}
              dateLabel={label.ledgerDate}
              locale={locale === 'zh' ? 'zh-CN' : 'en-US'}
            />
          </Suspense>
        ) : status === 'loading' ? (
          <Skeleton className="h-[260px] w-full" />
        ) : (
          <p className="usage-empty m-0 py-8 text-center text-sm text-muted-foreground">
            {label.usageNoData}
          </p>
        )}
        {series.models.length ? (
          <>
            <h2 className="m-0 mt-2 text-base font-semibold">{label.usagePerModel}</h2>
            <ul className="usage-models m-0 flex list-none flex-col gap-2 p-0">
              {series.models.map((model) => {
                const max = series.models[0]!.total || 1;
                return (
                  <li
                    key={model.model}
                    className="usage-model grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm"
                    data-model={model.model}
                    data-credits={model.total}
                  >
                    <span className="truncate font-mono text-xs">{model.model}</span>
                    <span className="tabular-nums">{number(model.total)}</span>
                    <span className="col-span-2 h-1.5 overflow-hidden rounded-full bg-surface-muted">
                      <span
                        className="block h-full rounded-full bg-accent"
                        style={{ width: `${Math.max(2, (model.total / max) * 100)}%` }}
                      />
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="m-0 text-base font-semibold">{label.ledger}</h2>
        {status === 'error' ? (
          <p className="ledger-error m-0 text-sm text-danger" role="alert">
            {fill(label.loadFailed, { message: error })}
          </p>
        ) : null}
        <div className="overflow-x-auto rounded-xl border border-border bg-surface shadow-xs">
          <table className="ledger w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-border text-left text-xs text-muted-foreground">
                <th className="px-3 py-2 font-medium">{label.ledgerDate}</th>
                <th className="px-3 py-2 font-medium">{label.ledgerReason}</th>
                <th className="px-3 py-2 font-medium">{label.ledgerModel}</th>
                <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                  {label.ledgerTokens}
                </th>
                <th className="px-3 py-2 text-right font-medium">{label.ledgerCredits}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="ledger-row border-b border-border last:border-0"
                  data-reason={entry.reason}
                  data-delta={entry.delta}
                >
                  <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                    {dateFormat.format(new Date(entry.createdAt))}
                  </td>
                  <td className="px-3 py-2">
                    <span className="inline-flex items-center gap-1.5">
                      {reasonText(entry.reason, label)}
                      {entry.estimated ? (
                        <Badge tone="warning">{label.ledgerEstimated}</Badge>
                      ) : null}
                    </span>
                  </td>
                  <td className="max-w-[10rem] truncate px-3 py-2 font-mono text-xs sm:max-w-none">
                    {entry.model ? modelLabel(entry) : ''}
                  </td>
                  <td className="hidden px-3 py-2 text-right text-muted-foreground tabular-nums sm:table-cell">
                    {tokensOf(entry)}
                  </td>
                  <td
                    className={`px-3 py-2 text-right font-medium tabular-nums ${entry.delta < 0 ? '' : 'text-success'}`}
                  >
                    {entry.delta > 0 ? '+' : ''}
                    {number(entry.delta)}
                  </td>
                </tr>
              ))}
              {status === 'ready' && entries.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                    {label.ledgerEmpty}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        {next ? (
          <Button
            variant="outline"
            size="sm"
            name="load-more"
            className="self-center"
            disabled={status === 'loading'}
            onClick={() => void load(next)}
          >
            {status === 'loading' ? label.loading : label.loadMore}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
