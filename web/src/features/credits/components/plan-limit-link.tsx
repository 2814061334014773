import { useStore } from '@nanostores/react';
import { ArrowUpCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button.js';
import { $creditLabels } from '../labels.js';

/** The error types of the cloud edition's credit and plan limits (402). */
export const PLAN_LIMIT_ERRORS: ReadonlySet<string> = new Set([
  'FreePlanLimit',
  'SubscriptionPlanLimit',
]);

/** A reply refused for credits or plan: the way to the Plans page. Nothing for other errors. */
export function PlanLimitLink({ errorType }: { errorType: string | number }) {
  const label = useStore($creditLabels);
  if (!PLAN_LIMIT_ERRORS.has(String(errorType))) return null;
  return (
    <Link
      href="/plans"
      className={`fix-plans-link ${buttonClasses({ variant: 'outline', size: 'sm' })}`}
    >
      <ArrowUpCircle aria-hidden="true" />
      {errorType === 'FreePlanLimit' ? label.upgradePlan : label.seePlans}
    </Link>
  );
}
