import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { ChevronRight, CircleAlert, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { $labels, type Labels } from '../../../app/locale.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { Field, Input } from '../../../components/ui/input.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Switch } from '../../../components/ui/switch.js';
import {
  $modelFetch,
  $providerModels,
  addCustomModel,
  fetchModels,
  formatTokens,
  removeCustomModel,
  setModelEnabled,
} from '../stores/models.js';
import { CallErrorText } from './call-error-text.js';

const SOURCE_LABEL: Record<ModelCard['source'], keyof Labels> = {
  builtin: 'sourceBuiltin',
  remote: 'sourceRemote',
  custom: 'sourceCustom',
};

const ABILITY_LABEL: [keyof ModelCard['abilities'], keyof Labels][] = [
  ['vision', 'abilityVision'],
  ['functionCall', 'abilityFunctionCall'],
  ['reasoning', 'abilityReasoning'],
  ['search', 'abilitySearch'],
  ['files', 'abilityFiles'],
  ['imageOutput', 'abilityImageOutput'],
];

const SOURCE_TONE: Record<ModelCard['source'], BadgeTone> = {
  builtin: 'neutral',
  remote: 'accent',
  custom: 'warning',
};

/** One provider's models: remote fetch, a switch per model, and the custom-model form. */
export function ProviderModels({ provider }: { provider: ProviderManifest }) {
  const models = useStore($providerModels)[provider.id] ?? [];
  const fetchState = useStore($modelFetch)[provider.id];
  const label = useStore($labels);
  return (
    <div className="provider-models flex flex-col gap-3 border-t border-border pt-4">
      <div className="provider-models-head flex items-center justify-between gap-2">
        <h3 className="m-0 text-sm font-semibold">
          {label.models}{' '}
          <span className="font-normal text-muted-foreground">({models.length})</span>
        </h3>
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
      <ul className="model-list m-0 max-h-96 list-none overflow-y-auto rounded-lg border border-border p-0">
        {models.map((card) => (
          <li
            key={card.id}
            className="model-row flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-border px-3 py-2 last:border-b-0"
            data-model={card.id}
            data-source={card.source}
          >
            <label className="model-toggle flex min-w-0 items-center gap-3">
              <Switch
                name="modelEnabled"
                checked={card.enabled}
                aria-label={`${label.modelEnabled}: ${card.displayName ?? card.id}`}
                onChange={(e) => setModelEnabled(provider.id, card.id, e.target.checked)}
              />
              <span className="model-name flex min-w-0 flex-col text-sm [overflow-wrap:anywhere]">
                {card.displayName ?? card.id}
                {card.displayName && card.displayName !== card.id ? (
                  <span className="model-id font-mono text-xs text-muted-foreground">
                    {card.id}
                  </span>
                ) : null}
              </span>
            </label>
            <span className="model-badges flex flex-wrap items-center gap-1">
              <Badge
                tone={SOURCE_TONE[card.source]}
                className={`source-badge source-${card.source}`}
              >
                {label[SOURCE_LABEL[card.source]]}
              </Badge>
              {card.type !== 'chat' ? (
                <Badge tone="outline" className="ability-badge">
                  {card.type}
                </Badge>
              ) : null}
              {ABILITY_LABEL.filter(([ability]) => card.abilities[ability]).map(
                ([ability, key]) => (
                  <Badge key={ability} tone="outline" className="ability-badge">
                    {label[key]}
                  </Badge>
                ),
              )}
              {card.contextWindowTokens ? (
                <Badge tone="outline" className="context-badge font-mono">
                  {formatTokens(card.contextWindowTokens)}
                </Badge>
              ) : null}
              {card.source === 'custom' ? (
                <IconButton
                  label={`${label.removeModel}: ${card.id}`}
                  size="sm"
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
      <CustomModelForm providerId={provider.id} />
    </div>
  );
}

/** The "Add custom model" mini form. */
function CustomModelForm({ providerId }: { providerId: string }) {
  const label = useStore($labels);
  const [id, setId] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [context, setContext] = useState('');
  const [vision, setVision] = useState(false);
  const [functionCall, setFunctionCall] = useState(false);
  const [reasoning, setReasoning] = useState(false);
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const added = addCustomModel(providerId, {
      id,
      displayName,
      contextWindowTokens: Number(context) || 0,
      vision,
      functionCall,
      reasoning,
    });
    if (!added) return;
    setId('');
    setDisplayName('');
    setContext('');
    setVision(false);
    setFunctionCall(false);
    setReasoning(false);
  };
  const checkbox = (
    name: string,
    checked: boolean,
    onChange: (checked: boolean) => void,
    text: string,
  ) => (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        className="size-4 rounded"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {text}
    </label>
  );
  return (
    <div className="custom-model flex flex-col gap-3">
      <Button
        variant="ghost"
        size="sm"
        name="toggleCustomModel"
        className="custom-model-toggle -ml-2 self-start text-accent"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <ChevronRight
          aria-hidden="true"
          className={open ? 'rotate-90 transition-transform' : 'transition-transform'}
        />
        {label.addCustomModel}
      </Button>
      {open ? (
        <form
          className="custom-model-form grid gap-3 rounded-lg border border-border bg-surface-muted/50 p-3 sm:grid-cols-3"
          onSubmit={submit}
        >
          <Field label={`${label.modelId} *`}>
            <Input
              name="customModelId"
              required
              autoComplete="off"
              value={id}
              onChange={(e) => setId(e.target.value)}
            />
          </Field>
          <Field label={label.displayName}>
            <Input
              name="customModelName"
              autoComplete="off"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          </Field>
          <Field label={label.contextWindow}>
            <Input
              name="customModelContext"
              type="number"
              min={0}
              step={1000}
              value={context}
              onChange={(e) => setContext(e.target.value)}
            />
          </Field>
          <div className="custom-model-abilities flex flex-wrap items-center gap-4 sm:col-span-2">
            {checkbox('customModelVision', vision, setVision, label.abilityVision)}
            {checkbox(
              'customModelFunctionCall',
              functionCall,
              setFunctionCall,
              label.abilityFunctionCall,
            )}
            {checkbox('customModelReasoning', reasoning, setReasoning, label.abilityReasoning)}
          </div>
          <Button
            type="submit"
            variant="primary"
            size="sm"
            name="addCustomModel"
            className="sm:justify-self-end"
          >
            <Plus aria-hidden="true" />
            {label.addModel}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
