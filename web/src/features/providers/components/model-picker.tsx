import { useStore } from '@nanostores/react';
import { ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { $labels } from '../../../app/locale.js';
import { cn } from '../../../components/ui/cn.js';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { findModelCard } from '../stores/models.js';
import { $providers } from '../stores/providers.js';
import { $activeModelCard, $activeProvider } from '../stores/selection.js';
import { ModelLogo } from './logo.js';

// The list (cmdk, ability badges) loads with the first opening, not with the page.
const ModelPickerList = lazy(() =>
  import('./model-picker-list.js').then((module) => ({ default: module.ModelPickerList })),
);

/**
 * The chat header's model picker: a button naming the active model and its provider, opening one
 * searchable, keyboard-navigable list of every usable provider's models (`./model-picker-list.tsx`).
 */
export function ModelPicker({
  className,
  value,
  onChoose,
  emptyLabel,
}: {
  className?: string;
  /** Controlled use (an agent's model): the model shown, instead of the chat's. */
  value?: { providerId: string; modelId: string } | undefined;
  /** Controlled use: called with the choice; the chat's model is left alone. */
  onChoose?: ((providerId: string, modelId: string) => void) | undefined;
  /** Controlled use: what the button says with no model chosen. */
  emptyLabel?: string | undefined;
}) {
  const activeProvider = useStore($activeProvider);
  const activeCard = useStore($activeModelCard);
  const providers = useStore($providers);
  const label = useStore($labels);
  const [open, setOpen] = useState(false);
  const controlled = onChoose !== undefined;
  const provider = controlled ? providers.find((p) => p.id === value?.providerId) : activeProvider;
  const card = controlled
    ? value &&
      (findModelCard(value.providerId, value.modelId) ?? {
        id: value.modelId,
        displayName: value.modelId,
      })
    : activeCard;
  const name = card
    ? (card.displayName ?? card.id)
    : controlled && emptyLabel
      ? emptyLabel
      : label.noModelChosen;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          name="model-picker"
          className={cn(
            'model-picker-trigger inline-flex h-9 min-w-0 items-center gap-2 rounded-lg px-2.5 text-left text-sm font-medium transition-colors hover:bg-hover focus-visible:outline-3 focus-visible:outline-ring/30 data-[state=open]:bg-hover',
            className,
          )}
          aria-label={`${label.chooseModel}: ${name}${provider ? ` (${provider.name})` : ''}`}
          data-provider={provider?.id ?? ''}
          data-model={card?.id ?? ''}
        >
          {provider && card ? <ModelLogo modelId={card.id} provider={provider} /> : null}
          <span className="min-w-0 truncate">{name}</span>
          {provider ? (
            <span className="hidden truncate font-normal text-muted-foreground sm:inline">
              {provider.name}
            </span>
          ) : null}
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="model-picker w-[min(32rem,calc(100vw-1rem))] overflow-hidden p-0"
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Suspense
          fallback={
            <div className="flex h-40 items-center justify-center">
              <Spinner label={label.chooseModel} />
            </div>
          }
        >
          <ModelPickerList onPicked={() => setOpen(false)} value={value} onChoose={onChoose} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
