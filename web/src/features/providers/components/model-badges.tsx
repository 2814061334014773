import { useStore } from '@nanostores/react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { Brain, Eye, Globe, Paperclip, Wrench, type LucideIcon } from 'lucide-react';
import { $labels, type Labels } from '../../../app/locale.js';
import { cn } from '../../../components/ui/cn.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { formatPricing, formatTokens } from '../stores/models.js';

/** The abilities shown as icons, each with its label (tooltip and screen-reader text). */
export const ABILITY_ICONS: [keyof ModelCard['abilities'], LucideIcon, keyof Labels, string][] = [
  ['vision', Eye, 'abilityVision', 'text-success'],
  ['functionCall', Wrench, 'abilityFunctionCall', 'text-accent'],
  ['reasoning', Brain, 'abilityReasoning', 'text-[oklch(0.6_0.17_300)]'],
  ['search', Globe, 'abilitySearch', 'text-warning'],
  ['files', Paperclip, 'abilityFiles', 'text-muted-foreground'],
];

/** A model's ability icons (vision, tools, reasoning, search, files), each with a tooltip. */
export function AbilityIcons({
  card,
  tooltips = true,
}: {
  card: ModelCard;
  /** Tooltips on hover and focus (off inside a list whose rows take the focus). */
  tooltips?: boolean;
}) {
  const label = useStore($labels);
  const shown = ABILITY_ICONS.filter(([ability]) => card.abilities[ability]);
  if (!shown.length) return null;
  return (
    <span className="abilities inline-flex items-center gap-1">
      {shown.map(([ability, Icon, key, tone]) => {
        const icon = (
          <span
            key={ability}
            className={cn(
              'ability inline-flex size-5 items-center justify-center rounded-md bg-surface-muted',
              tone,
            )}
            data-ability={ability}
            role="img"
            aria-label={label[key]}
            title={tooltips ? undefined : label[key]}
          >
            <Icon aria-hidden="true" className="size-3" />
          </span>
        );
        return tooltips ? (
          <Tooltip key={ability} content={label[key]}>
            {icon}
          </Tooltip>
        ) : (
          icon
        );
      })}
    </span>
  );
}

/** The context window (`128K`) and price (`$2.5 / $10`) of a card, as small mono labels. */
export function ModelFacts({ card, className }: { card: ModelCard; className?: string }) {
  const label = useStore($labels);
  const price = formatPricing(card.pricing);
  if (!card.contextWindowTokens && !price) return null;
  return (
    <span
      className={cn(
        'model-facts inline-flex items-center gap-2 font-mono text-xs text-muted-foreground tabular-nums',
        className,
      )}
    >
      {card.contextWindowTokens ? (
        <span
          className="context"
          title={label.contextTokens.replace('{tokens}', card.contextWindowTokens.toLocaleString())}
        >
          {formatTokens(card.contextWindowTokens)}
        </span>
      ) : null}
      {price ? (
        <span className="price" title={label.pricePerMillion}>
          {price === 'free' ? label.priceFree : price}
        </span>
      ) : null}
    </span>
  );
}
