import { useStore } from '@nanostores/react';
import type { Usage } from '@manifold/core/contract/usage';
import { $locale } from '../../../app/locale.js';
import { $providerModels } from '../../providers/stores/models.js';
import { $keyStatuses } from '../../providers/stores/key-status.js';
import { formatUsd, replyCost } from '../cost.js';
import { $creditLabels, fill, formatCredits } from '../labels.js';
import { $isCloud } from '../stores/credits.js';

/**
 * What a reply cost, next to its stats: credits (USD on hover), from the reply's usage and its
 * model card's prices with the gateway's own cost function. Cloud edition only, and only for a
 * provider called with the server's key (a person's own key is not metered).
 */
export function ReplyCostText({
  usage,
  provider,
  model,
}: {
  usage: Usage | undefined;
  provider: string | undefined;
  model: string | undefined;
}) {
  const cloud = useStore($isCloud);
  const label = useStore($creditLabels);
  const locale = useStore($locale);
  const statuses = useStore($keyStatuses);
  const models = useStore($providerModels);
  if (!cloud || !usage || !provider || !model || statuses[provider] === 'user') return null;
  const cost = replyCost(usage, models[provider]?.find((card) => card.id === model)?.pricing);
  if (!cost) return null;
  const credits = formatCredits(cost.credits, locale);
  return (
    <span
      className="reply-cost text-xs text-muted-foreground tabular-nums"
      data-credits={cost.credits}
      title={fill(label.replyCostTitle, { credits, usd: formatUsd(cost.usd) })}
    >
      {fill(label.replyCost, { credits })}
    </span>
  );
}
