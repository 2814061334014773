import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $labels, type Labels } from '../../../app/locale.js';
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

/** One provider's models: remote fetch, a switch per model, and the custom-model form. */
export function ProviderModels({ provider }: { provider: ProviderManifest }) {
  const models = useStore($providerModels)[provider.id] ?? [];
  const fetchState = useStore($modelFetch)[provider.id];
  const label = useStore($labels);
  return (
    <div className="provider-models">
      <div className="provider-models-head">
        <h3>
          {label.models} <span className="muted">({models.length})</span>
        </h3>
        {provider.settings.showModelFetcher ? (
          <button
            type="button"
            name="fetchModels"
            disabled={fetchState?.state === 'loading'}
            onClick={() => void fetchModels(provider.id)}
          >
            {fetchState?.state === 'loading' ? label.fetchingModels : label.fetchModels}
          </button>
        ) : null}
      </div>
      {fetchState?.state === 'error' ? (
        <p className="error model-fetch-error" role="alert">
          <CallErrorText
            errorType={fetchState.errorType}
            clientFetch={fetchState.clientFetch}
            provider={provider.name}
          />
        </p>
      ) : null}
      {fetchState?.state === 'done' ? (
        <p className="muted model-fetch-done" role="status">
          {label.modelsFetched}
        </p>
      ) : null}
      <ul className="model-list">
        {models.map((card) => (
          <li key={card.id} className="model-row" data-model={card.id} data-source={card.source}>
            <label className="model-toggle">
              <input
                type="checkbox"
                name="modelEnabled"
                checked={card.enabled}
                aria-label={`${label.modelEnabled}: ${card.displayName ?? card.id}`}
                onChange={(e) => setModelEnabled(provider.id, card.id, e.target.checked)}
              />
              <span className="model-name">
                {card.displayName ?? card.id}
                {card.displayName && card.displayName !== card.id ? (
                  <span className="model-id muted">{card.id}</span>
                ) : null}
              </span>
            </label>
            <span className="model-badges">
              <span className={`badge source-badge source-${card.source}`}>
                {label[SOURCE_LABEL[card.source]]}
              </span>
              {card.type !== 'chat' ? (
                <span className="badge ability-badge">{card.type}</span>
              ) : null}
              {ABILITY_LABEL.filter(([ability]) => card.abilities[ability]).map(
                ([ability, key]) => (
                  <span key={ability} className="badge ability-badge">
                    {label[key]}
                  </span>
                ),
              )}
              {card.contextWindowTokens ? (
                <span className="badge context-badge">
                  {formatTokens(card.contextWindowTokens)}
                </span>
              ) : null}
              {card.source === 'custom' ? (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`${label.removeModel}: ${card.id}`}
                  onClick={() => removeCustomModel(provider.id, card.id)}
                >
                  {label.removeModel}
                </button>
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
  return (
    <div className="custom-model">
      <button
        type="button"
        name="toggleCustomModel"
        className="custom-model-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'} {label.addCustomModel}
      </button>
      {open ? (
        <form className="custom-model-form" onSubmit={submit}>
          <label className="field">
            <span>{label.modelId} *</span>
            <input
              name="customModelId"
              required
              autoComplete="off"
              value={id}
              onChange={(e) => setId(e.target.value)}
            />
          </label>
          <label className="field">
            <span>{label.displayName}</span>
            <input
              name="customModelName"
              autoComplete="off"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          </label>
          <label className="field">
            <span>{label.contextWindow}</span>
            <input
              name="customModelContext"
              type="number"
              min={0}
              step={1000}
              value={context}
              onChange={(e) => setContext(e.target.value)}
            />
          </label>
          <div className="custom-model-abilities">
            <label>
              <input
                type="checkbox"
                name="customModelVision"
                checked={vision}
                onChange={(e) => setVision(e.target.checked)}
              />
              {label.abilityVision}
            </label>
            <label>
              <input
                type="checkbox"
                name="customModelFunctionCall"
                checked={functionCall}
                onChange={(e) => setFunctionCall(e.target.checked)}
              />
              {label.abilityFunctionCall}
            </label>
            <label>
              <input
                type="checkbox"
                name="customModelReasoning"
                checked={reasoning}
                onChange={(e) => setReasoning(e.target.checked)}
              />
              {label.abilityReasoning}
            </label>
          </div>
          <button type="submit" name="addCustomModel">
            {label.addModel}
          </button>
        </form>
      ) : null}
    </div>
  );
}
