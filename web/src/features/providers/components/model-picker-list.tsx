import { useStore } from '@nanostores/react';
import { Command } from 'cmdk';
import { Check, Search, Settings } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { $labels } from '../../../app/locale.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import {
  $pickerGroups,
  filterPickerGroups,
  parsePickerValue,
  pickerValue,
} from '../stores/picker.js';
import { $activeModel, $activeProvider, selectProviderModel } from '../stores/selection.js';
import { KeyStatusBadge } from './key-status-badge.js';
import { ProviderLogo, ModelLogo } from './logo.js';
import { AbilityIcons, ModelFacts } from './model-badges.js';

/**
 * The picker's content: a search box (focused; typing filters, ↑/↓ move, Enter picks, Escape
 * closes) over the usable providers' models, grouped by provider with its logo and key status;
 * each model with its logo, abilities, context window and price.
 */
export function ModelPickerList({
  onPicked,
  value,
  onChoose,
}: {
  onPicked: () => void;
  /** A chosen model other than the chat's (an agent's): shown as selected instead. */
  value?: { providerId: string; modelId: string } | undefined;
  /** Called with the choice instead of changing the chat's model. */
  onChoose?: ((providerId: string, modelId: string) => void) | undefined;
}) {
  const groups = useStore($pickerGroups);
  const activeProvider = useStore($activeProvider);
  const activeModel = useStore($activeModel);
  const provider = onChoose ? (value ? { id: value.providerId } : undefined) : activeProvider;
  const model = onChoose ? value?.modelId : activeModel;
  const label = useStore($labels);
  const [query, setQuery] = useState('');
  const active = provider && model ? pickerValue(provider.id, model) : '';
  const [highlighted, setHighlighted] = useState(active);
  const shown = useMemo(() => filterPickerGroups(groups, query), [groups, query]);
  const pick = (value: string) => {
    const { providerId, modelId } = parsePickerValue(value);
    if (onChoose) onChoose(providerId, modelId);
    else selectProviderModel(providerId, modelId);
    onPicked();
  };
  return (
    <Command
      shouldFilter={false}
      loop
      value={highlighted}
      onValueChange={setHighlighted}
      label={label.chooseModel}
      className="flex max-h-[min(30rem,var(--radix-popover-content-available-height))] flex-col"
    >
      <div className="flex items-center gap-2 border-b border-border px-3">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <Command.Input
          autoFocus
          name="model-search"
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            const first = filterPickerGroups(groups, value)[0];
            const firstModel = first?.models[0];
            if (first && firstModel) setHighlighted(pickerValue(first.provider.id, firstModel.id));
          }}
          placeholder={label.searchModels}
          className="h-11 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <Command.List className="model-picker-list min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5">
        <Command.Empty className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-muted-foreground">
          {groups.length ? (
            label.noModelsFound
          ) : (
            <>
              {label.noChatProviders}
              <Link
                href="/settings"
                onClick={onPicked}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                <Settings aria-hidden="true" />
                {label.openSettings}
              </Link>
            </>
          )}
        </Command.Empty>
        {shown.map((group) => (
          <Command.Group
            key={group.provider.id}
            className="picker-group [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1"
            data-provider={group.provider.id}
            heading={
              <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                <ProviderLogo provider={group.provider} size="sm" />
                <span className="truncate">{group.provider.name}</span>
                <KeyStatusBadge status={group.status} className="ml-auto" />
              </span>
            }
          >
            {group.models.map((card) => {
              const value = pickerValue(group.provider.id, card.id);
              const selected = value === active;
              return (
                <Command.Item
                  key={card.id}
                  value={value}
                  onSelect={pick}
                  data-provider={group.provider.id}
                  data-model={card.id}
                  data-active={selected || undefined}
                  className={cn(
                    'picker-item flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm select-none data-[selected=true]:bg-hover',
                    selected && 'font-medium',
                  )}
                >
                  <ModelLogo modelId={card.id} provider={group.provider} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{card.displayName ?? card.id}</span>
                    {card.displayName && card.displayName !== card.id ? (
                      <span className="truncate font-mono text-[0.7rem] text-muted-foreground">
                        {card.id}
                      </span>
                    ) : null}
                    {/* on a phone the facts go under the name */}
                    <ModelFacts card={card} className="text-[0.7rem] sm:hidden" />
                  </span>
                  <AbilityIcons card={card} tooltips={false} />
                  <ModelFacts
                    card={card}
                    className="hidden w-36 shrink-0 justify-end whitespace-nowrap sm:inline-flex"
                  />
                  <Check
                    aria-hidden="true"
                    className={cn('size-4 shrink-0', selected ? 'text-foreground' : 'invisible')}
                  />
                </Command.Item>
              );
            })}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  );
}
