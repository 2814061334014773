import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { $providers, $providersStatus } from '../stores/providers.js';
import { $providerSettings, updateProviderSettings } from '../stores/provider-settings.js';
import { KeyVaultForm } from './key-vault-form.js';

/** Every provider from `/providers`: switch on/off, order, credentials. */
export function SettingsPage() {
  const providers = useStore($providers);
  const status = useStore($providersStatus);
  const settings = useStore($providerSettings);
  const label = useStore($labels);
  if (status === 'error') return <p className="notice">{label.providersError}</p>;
  return (
    <section className="settings">
      <h1>{label.providers}</h1>
      {providers.map((provider) => {
        const own = settings[provider.id];
        const enabled = own?.enabled ?? provider.enabled;
        return (
          <details key={provider.id} className="provider-card" data-provider={provider.id}>
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
            <label className="field">
              <span>{label.sort}</span>
              <input
                type="number"
                name="sort"
                value={own?.sort ?? provider.sort}
                onChange={(e) =>
                  updateProviderSettings(provider.id, { sort: Number(e.target.value) })
                }
              />
            </label>
          </details>
        );
      })}
    </section>
  );
}
