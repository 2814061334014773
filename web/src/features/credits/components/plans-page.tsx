import { useStore } from '@nanostores/react';
import { Check, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { $locale } from '../../../app/locale.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Skeleton } from '../../../components/ui/spinner.js';
import { messageErrorOf } from '../../../lib/api-error.js';
import { fetchPlans, openPortal, startCheckout, type Plan, type PlansAnswer } from '../api.js';
import { $creditLabels, fill, formatCredits, planName, type CreditLabels } from '../labels.js';
import { $credits, $edition, refreshCredits } from '../stores/credits.js';
import { BalanceBadge } from './balance-badge.js';

/** A plan's model allow-list as people read it. */
function modelsText(models: string[], label: CreditLabels): string[] {
  return models.map((model) =>
    model === '*'
      ? label.allModels
      : model.endsWith('/*')
        ? fill(label.allModelsOf, { provider: model.slice(0, -2) })
        : model,
  );
}

const ORDER = ['free', 'basic', 'advanced', 'professional'];

/** Go to a Stripe page the gateway made (checkout or the customer portal). */
function go(url: string): void {
  globalThis.location.assign(url);
}

/**
 * The Plans page: the free plan and the paid ones with their monthly credits and models, the
 * current one marked; upgrade (Stripe checkout) and manage the subscription (Stripe's portal).
 */
export function PlansPage() {
  const label = useStore($creditLabels);
  const locale = useStore($locale);
  const me = useStore($credits);
  const edition = useStore($edition);
  const [plans, setPlans] = useState<PlansAnswer | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | undefined>();

  useEffect(() => {
    void refreshCredits();
    fetchPlans().then(setPlans, (failure: unknown) =>
      setError(messageErrorOf(failure).message ?? String(failure)),
    );
  }, []);

  const run = async (key: string, action: () => Promise<{ url: string }>) => {
    setBusy(key);
    setError('');
    try {
      go((await action()).url);
    } catch (failure) {
      setError(messageErrorOf(failure).message ?? String(failure));
      setBusy(undefined);
    }
  };

  const current = me?.plan;
  const rank = (plan: string | undefined) => ORDER.indexOf(plan ?? 'free');
  const cards: Array<{ id: string; credits: string; models: string[]; plan?: Plan }> = [
    { id: 'free', credits: label.freePlanCredits, models: [label.allModels] },
    ...(plans?.plans ?? []).map((plan) => ({
      id: plan.id,
      credits: fill(label.monthlyCredits, { credits: formatCredits(plan.monthlyCredits, locale) }),
      models: modelsText(plan.models, label),
      plan,
    })),
  ];

  return (
    <section className="plans-page mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="m-0 text-xl font-semibold tracking-tight">{label.plansTitle}</h1>
        <BalanceBadge />
        {plans?.billing && current && current !== 'free' ? (
          <Button
            variant="outline"
            size="sm"
            name="manage-subscription"
            className="ml-auto"
            disabled={busy !== undefined}
            onClick={() => void run('portal', () => openPortal())}
          >
            <ExternalLink aria-hidden="true" />
            {busy === 'portal' ? label.redirecting : label.manageSubscription}
          </Button>
        ) : null}
      </header>
      <p className="m-0 text-sm text-muted-foreground">
        {edition && edition !== 'cloud' ? label.notCloud : label.plansIntro}
      </p>
      {error && edition === 'cloud' ? (
        <p className="plans-error m-0 text-sm text-danger" role="alert">
          {fill(label.loadFailed, { message: error })}
        </p>
      ) : null}
      {plans && !plans.billing ? (
        <p className="billing-unavailable m-0 rounded-lg border border-border bg-surface-muted/50 p-3 text-sm text-muted-foreground">
          {label.billingUnavailable}
        </p>
      ) : null}
      <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 lg:grid-cols-4">
        {plans
          ? cards.map((card) => {
              const isCurrent = current === card.id;
              const higher = rank(card.id) > rank(current);
              return (
                <li
                  key={card.id}
                  className={cn(
                    'plan-card flex flex-col gap-3 rounded-xl border bg-surface p-4 shadow-xs',
                    isCurrent ? 'border-accent ring-1 ring-accent' : 'border-border',
                  )}
                  data-plan={card.id}
                  data-current={isCurrent ? '' : undefined}
                  aria-current={isCurrent ? 'true' : undefined}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="m-0 text-base font-semibold">{planName(card.id, label)}</h2>
                    {isCurrent ? <Badge tone="accent">{label.currentPlan}</Badge> : null}
                  </div>
                  <p className="plan-credits m-0 text-sm font-medium tabular-nums">
                    {card.credits}
                  </p>
                  <ul className="plan-models m-0 flex list-none flex-col gap-1 p-0 text-sm text-muted-foreground">
                    {card.models.map((model) => (
                      <li key={model} className="flex items-start gap-1.5 [overflow-wrap:anywhere]">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        {model}
                      </li>
                    ))}
                  </ul>
                  {card.plan && higher && card.plan.purchasable ? (
                    <Button
                      variant="primary"
                      size="sm"
                      name={`upgrade-${card.id}`}
                      className="mt-auto"
                      disabled={busy !== undefined}
                      onClick={() => void run(card.id, () => startCheckout(card.plan!.id))}
                    >
                      {busy === card.id
                        ? label.redirecting
                        : fill(label.upgrade, { plan: planName(card.id, label) })}
                    </Button>
                  ) : null}
                </li>
              );
            })
          : edition && edition !== 'cloud'
            ? null
            : [0, 1, 2, 3].map((key) => (
                <li key={key}>
                  <Skeleton className="h-48 w-full rounded-xl" />
                </li>
              ))}
      </ul>
    </section>
  );
}
