import { AccessCodeField } from './access-code-field.js';
import { useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { moveProvider, moveProviderTo } from '../stores/order.js';
import { $orderedProviders, $providersStatus } from '../stores/providers.js';
import { $providerSettings, updateProviderSettings } from '../stores/provider-settings.js';
import { ClientFetchSwitch } from './client-fetch-switch.js';
import { ConnectionCheck } from './connection-check.js';
import { KeyVaultForm } from './key-vault-form.js';
import { ProviderModels } from './provider-models.js';
import './provider-settings.css';

const DRAG_TYPE = 'application/x-manifold-provider';

/** Every provider from `/providers` in the effective order: switch, order, credentials, models. */
export function SettingsPage() {
  const providers = useStore($orderedProviders);
  const status = useStore($providersStatus);
  const settings = useStore($providerSettings);
  const label = useStore($labels);
  const [dragged, setDragged] = useState<string | undefined>();
  const [over, setOver] = useState<string | undefined>();
  if (status === 'error') return <p className="notice">{label.providersError}</p>;
  const ids = providers.map((p) => p.id);

  const onDragStart = (id: string) => (e: DragEvent) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(DRAG_TYPE, id);
    e.dataTransfer.setData('text/plain', id);
    setDragged(id);
  };
  const onDragOver = (id: string) => (e: DragEvent) => {
    if (!dragged) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (over !== id) setOver(id);
  };
  const onDrop = (id: string) => (e: DragEvent) => {
    e.preventDefault();
    const from = e.dataTransfer.getData(DRAG_TYPE) || dragged;
    if (from && from !== id) moveProviderTo(ids, from, ids.indexOf(id));
    setDragged(undefined);
    setOver(undefined);
  };
  const onDragEnd = () => {
    setDragged(undefined);
    setOver(undefined);
  };

  return (
    <section className="settings provider-settings">
      <AccessCodeField />
      <h1>{label.providers}</h1>
      <ol className="provider-list">
        {providers.map((provider, index) => {
          const own = settings[provider.id];
          const enabled = own?.enabled ?? provider.enabled;
          const classes = ['provider-item'];
          if (dragged === provider.id) classes.push('dragging');
          if (over === provider.id && dragged !== provider.id) classes.push('drag-over');
          return (
            <li
              key={provider.id}
              className={classes.join(' ')}
              data-provider={provider.id}
              onDragOver={onDragOver(provider.id)}
              onDragLeave={() =>
                setOver((current) => (current === provider.id ? undefined : current))
              }
              onDrop={onDrop(provider.id)}
            >
              <div className="provider-order">
                <span
                  className="drag-handle"
                  draggable
                  title={label.dragToReorder}
                  aria-hidden="true"
                  onDragStart={onDragStart(provider.id)}
                  onDragEnd={onDragEnd}
                >
                  ⠿
                </span>
                <button
                  type="button"
                  name="moveUp"
                  className="order-button"
                  aria-label={`${label.moveUp}: ${provider.name}`}
                  disabled={index === 0}
                  onClick={() => moveProvider(ids, provider.id, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  name="moveDown"
                  className="order-button"
                  aria-label={`${label.moveDown}: ${provider.name}`}
                  disabled={index === providers.length - 1}
                  onClick={() => moveProvider(ids, provider.id, 1)}
                >
                  ↓
                </button>
              </div>
              <details className="provider-card" data-provider={provider.id}>
                <summary>
                  <span className="provider-name">{provider.name}</span>
                  {provider.serverKey ? <span className="badge">{label.serverKey}</span> : null}
                  <label className="switch" onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      name="enabled"
                      checked={enabled}
                      onChange={(e) =>
                        updateProviderSettings(provider.id, { enabled: e.target.checked })
                      }
                    />
                    {label.on}
                  </label>
                </summary>
                {provider.description ? <p className="muted">{provider.description}</p> : null}
                <KeyVaultForm provider={provider} />
                <ClientFetchSwitch provider={provider} />
                <ConnectionCheck provider={provider} />
                <ProviderModels provider={provider} />
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
