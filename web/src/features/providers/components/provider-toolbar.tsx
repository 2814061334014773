import { useStore } from '@nanostores/react';
import { Plus, Search, X } from 'lucide-react';
import { useState } from 'react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { $labels, type Labels } from '../../../app/locale.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Input, Select } from '../../../components/ui/input.js';
import { $filteredProviders, $providerFilter, type ProviderFilter } from '../stores/key-status.js';
import { $orderedProviders } from '../stores/providers.js';
import { CustomProviderDialog } from './custom-provider-dialog.js';

const CHIPS: [keyof ProviderFilter & ('enabled' | 'hasKey' | 'local'), keyof Labels][] = [
  ['enabled', 'filterEnabled'],
  ['hasKey', 'filterHasKey'],
  ['local', 'filterLocal'],
];

const ABILITIES: [keyof ModelCard['abilities'], keyof Labels][] = [
  ['vision', 'abilityVision'],
  ['functionCall', 'abilityFunctionCall'],
  ['reasoning', 'abilityReasoning'],
  ['search', 'abilitySearch'],
  ['files', 'abilityFiles'],
];

/**
 * Above the provider list: the search box, filter chips (enabled, has key, local), an ability
 * filter, how many providers are shown, and "Add provider" (a custom OpenAI-compatible one).
 */
export function ProviderToolbar({ onAdded }: { onAdded?: (id: string) => void }) {
  const filter = useStore($providerFilter);
  const shown = useStore($filteredProviders).length;
  const total = useStore($orderedProviders).length;
  const label = useStore($labels);
  const [adding, setAdding] = useState(false);
  const set = (patch: Partial<ProviderFilter>) => $providerFilter.set({ ...filter, ...patch });
  return (
    <div className="provider-toolbar flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            name="providerSearch"
            aria-label={label.searchProviders}
            placeholder={label.searchProviders}
            autoComplete="off"
            className="pl-8"
            value={filter.query ?? ''}
            onChange={(e) => set({ query: e.target.value })}
          />
        </div>
        <Button variant="outline" name="addCustomProvider" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {label.addProvider}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label.filterAll}>
        <button
          type="button"
          name="filterAll"
          aria-pressed={!filter.enabled && !filter.hasKey && !filter.local && !filter.ability}
          className={chip(!filter.enabled && !filter.hasKey && !filter.local && !filter.ability)}
          onClick={() => $providerFilter.set({ query: filter.query ?? '' })}
        >
          {label.filterAll}
        </button>
        {CHIPS.map(([key, text]) => (
          <button
            key={key}
            type="button"
            name={`filter-${key}`}
            aria-pressed={Boolean(filter[key])}
            className={chip(Boolean(filter[key]))}
            onClick={() => set({ [key]: !filter[key] })}
          >
            {label[text]}
          </button>
        ))}
        <Select
          name="filterAbility"
          aria-label={label.abilities}
          className="w-40"
          selectClassName="h-8 rounded-full text-xs"
          value={filter.ability ?? ''}
          onChange={(e) => {
            const ability = e.target.value as keyof ModelCard['abilities'] | '';
            const next = { ...filter };
            if (ability) next.ability = ability;
            else delete next.ability;
            $providerFilter.set(next);
          }}
        >
          <option value="">{label.filterAnyAbility}</option>
          {ABILITIES.map(([ability, text]) => (
            <option key={ability} value={ability}>
              {label[text]}
            </option>
          ))}
        </Select>
        <span className="providers-shown ml-auto text-xs text-muted-foreground tabular-nums">
          {label.providersShown.replace('{shown}', String(shown)).replace('{total}', String(total))}
        </span>
        {filter.query ? (
          <IconButton
            label={label.filterAll}
            size="sm"
            name="clearProviderSearch"
            onClick={() => $providerFilter.set({})}
          >
            <X aria-hidden="true" />
          </IconButton>
        ) : null}
      </div>
      <CustomProviderDialog open={adding} onOpenChange={setAdding} {...(onAdded && { onAdded })} />
    </div>
  );
}

function chip(on: boolean): string {
  return cn(
    'filter-chip inline-flex h-8 items-center rounded-full border px-3 text-xs font-medium transition-colors focus-visible:outline-3 focus-visible:outline-ring/30',
    on
      ? 'border-foreground bg-foreground text-background'
      : 'border-border bg-surface text-muted-foreground hover:bg-hover hover:text-foreground',
  );
}
