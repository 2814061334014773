import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { CircleAlert, Pencil, Plus, RefreshCw, Search, Trash2 } from 'lucide-react';
import { $labels, type Labels } from '../../../app/locale.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Switch } from '../../../components/ui/switch.js';
import {
  $modelFetch,
  $providerModels,
  fetchModels,
  removeCustomModel,
  searchModels,
  setModelEnabled,
} from '../stores/models.js';
import { $providerSettings } from '../stores/provider-settings.js';
import { CallErrorText } from './call-error-text.js';
import { ModelLogo } from './logo.js';
import { AbilityIcons, ModelFacts } from './model-badges.js';
import { ModelEditor } from './model-editor.js';

const SOURCE_LABEL: Record<ModelCard['source'], keyof Labels> = {
  builtin: 'sourceBuiltin',
  remote: 'sourceRemote',
  custom: 'sourceCustom',
};

const SOURCE_TONE: Record<ModelCard['source'], BadgeTone> = {
  builtin: 'neutral',
  remote: 'accent',
  custom: 'warning',
};

/**
 * One provider's models: search, the remote fetch, a switch per model with its logo, abilities,
 * context and price, the model editor (add a custom model, edit any card) and removal of custom
 * ones.
 */
export function ProviderModels({ provider }: { provider: ProviderManifest }) {
  const models = useStore($providerModels)[provider.id] ?? [];
  const fetchState = useStore($modelFetch)[provider.id];
  const edits = useStore($providerSettings)[provider.id]?.modelEdits ?? {};
  const label = useStore($labels);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ card?: ModelCard } | undefined>();
  const shown = searchModels(models, query);
  return (
    <div className="provider-models flex flex-col gap-3 border-t border-border pt-4">
      <div className="provider-models-head flex flex-wrap items-center justify-between gap-2">
        <h3 className="m-0 text-sm font-semibold">
          {label.models}{' '}
          <span className="font-normal text-muted-foreground">({models.length})</span>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            name="toggleCustomModel"
            className="custom-model-toggle"
            onClick={() => setEditing({})}
          >
            <Plus aria-hidden="true" />
            {label.addCustomModel}
          </Button>
          {provider.settings.showModelFetcher ? (
            <Button
              variant="outline"
              size="sm"
              name="fetchModels"
              disabled={fetchState?.state === 'loading'}
              onClick={() => void fetchModels(provider.id)}
            >
              {fetchState?.state === 'loading' ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {fetchState?.state === 'loading' ? label.fetchingModels : label.fetchModels}
            </Button>
          ) : null}
        </div>
      </div>
      {fetchState?.state === 'error' ? (
        <p
          className="error model-fetch-error m-0 flex items-start gap-2 text-sm text-danger"
          role="alert"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <CallErrorText
              errorType={fetchState.errorType}
              clientFetch={fetchState.clientFetch}
              provider={provider.name}
            />
          </span>
        </p>
      ) : null}
      {fetchState?.state === 'done' ? (
        <p className="model-fetch-done m-0 text-sm text-muted-foreground" role="status">
          {label.modelsFetched}
        </p>
      ) : null}
      {models.length > 5 ? (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            name="modelSearch"
            type="search"
            aria-label={label.searchModels}
            placeholder={label.searchModels}
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      ) : null}
      <ul className="model-list m-0 max-h-96 list-none overflow-y-auto rounded-lg border border-border p-0">
        {shown.length === 0 ? (
          <li className="px-3 py-4 text-center text-sm text-muted-foreground">
            {label.noModelsFound}
          </li>
        ) : null}
        {shown.map((card) => (
          <li
            key={card.id}
            className="model-row flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-border px-3 py-2 last:border-b-0"
            data-model={card.id}
            data-source={card.source}
          >
            <label className="model-toggle flex min-w-0 flex-1 items-center gap-3">
              <Switch
                name="modelEnabled"
                checked={card.enabled}
                aria-label={`${label.modelEnabled}: ${card.displayName ?? card.id}`}
                onChange={(e) => setModelEnabled(provider.id, card.id, e.target.checked)}
              />
              <ModelLogo modelId={card.id} provider={provider} />
              <span className="model-name flex min-w-0 flex-col text-sm [overflow-wrap:anywhere]">
                {card.displayName ?? card.id}
                {card.displayName && card.displayName !== card.id ? (
                  <span className="model-id font-mono text-xs text-muted-foreground">
                    {card.id}
                  </span>
                ) : null}
              </span>
            </label>
            <span className="model-badges flex flex-wrap items-center justify-end gap-1.5">
              <Badge
                tone={SOURCE_TONE[card.source]}
                className={`source-badge source-${card.source}`}
              >
                {label[SOURCE_LABEL[card.source]]}
              </Badge>
              {edits[card.id] ? (
                <Badge tone="outline" className="edited-badge">
                  {label.edited}
                </Badge>
              ) : null}
              {card.type !== 'chat' ? (
                <Badge tone="outline" className="type-badge">
                  {card.type}
                </Badge>
              ) : null}
              <AbilityIcons card={card} />
              <ModelFacts card={card} />
              <IconButton
                label={`${label.editModel}: ${card.id}`}
                size="sm"
                name="editModel"
                className="size-7 text-muted-foreground hover:text-foreground"
                onClick={() => setEditing({ card })}
              >
                <Pencil aria-hidden="true" className="size-3.5!" />
              </IconButton>
              {card.source === 'custom' ? (
                <IconButton
                  label={`${label.removeModel}: ${card.id}`}
                  size="sm"
                  name="removeModel"
                  className="size-7 text-muted-foreground hover:text-danger"
                  onClick={() => removeCustomModel(provider.id, card.id)}
                >
                  <Trash2 aria-hidden="true" className="size-3.5!" />
                </IconButton>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <ModelEditor
        providerId={provider.id}
        card={editing?.card}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        onEditExisting={(card) => setEditing({ card })}
      />
    </div>
  );
}
