import { useStore } from '@nanostores/react';
import { Coins } from 'lucide-react';
import { Link } from 'wouter';
import { $locale } from '../../../app/locale.js';
import { cn } from '../../../components/ui/cn.js';
import { $creditLabels, fill, formatCredits, planName } from '../labels.js';
import { $credits, $isCloud } from '../stores/credits.js';

/**
 * The balance as a small link to the Usage page: "500,000 credits · Free". Only in the cloud
 * edition, once `/webapi/me` answered; nothing otherwise.
 */
export function BalanceBadge({ className }: { className?: string }) {
  const me = useStore($credits);
  const cloud = useStore($isCloud);
  const label = useStore($creditLabels);
  const locale = useStore($locale);
  if (!cloud || !me) return null;
  const credits = formatCredits(me.credits.balance, locale);
  const plan = planName(me.plan, label);
  return (
    <Link
      href="/usage"
      className={cn(
        'balance-badge inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted-foreground tabular-nums transition-colors hover:bg-hover hover:text-foreground',
        me.credits.balance <= 0 && 'text-danger',
        className,
      )}
      title={fill(label.creditsLeft, { credits, plan })}
      aria-label={fill(label.creditsLeft, { credits, plan })}
      data-balance={me.credits.balance}
      data-plan={me.plan}
    >
      <Coins aria-hidden="true" className="size-4" />
      <span className="balance">{credits}</span>
      <span className="plan hidden text-xs text-muted-foreground sm:inline">· {plan}</span>
    </Link>
  );
}

/**
 * The balance as the account menu shows it: the credits left, the plan, and links to Usage and
 * Plans. Only in the cloud edition.
 */
export function AccountCredits({ className }: { className?: string }) {
  const me = useStore($credits);
  const cloud = useStore($isCloud);
  const label = useStore($creditLabels);
  const locale = useStore($locale);
  if (!cloud || !me) return null;
  return (
    <div
      className={cn('account-credits flex flex-col gap-1 text-sm', className)}
      data-balance={me.credits.balance}
    >
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted-foreground">{label.credits}</span>
        <span
          className={cn(
            'balance font-semibold tabular-nums',
            me.credits.balance <= 0 && 'text-danger',
          )}
        >
          {formatCredits(me.credits.balance, locale)}
        </span>
      </div>
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="plan">{planName(me.plan, label)}</span>
        <span className="flex gap-3">
          <Link href="/usage" className="text-accent hover:underline">
            {label.usage}
          </Link>
          <Link href="/plans" className="text-accent hover:underline">
            {label.plans}
          </Link>
        </span>
      </div>
    </div>
  );
}
