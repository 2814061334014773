import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $providerSettings, setVaultField } from '../stores/provider-settings.js';

/** The credential fields a provider's manifest asks for; secrets are password inputs. */
export function KeyVaultForm({ provider }: { provider: ProviderManifest }) {
  const settings = useStore($providerSettings);
  const vault = settings[provider.id]?.vault ?? {};
  return (
    <div className="key-vault-form" data-provider={provider.id}>
      {provider.keyVault.map((field) => (
        <label key={field.field} className="field">
          <span>
            {field.label}
            {field.required && !provider.serverKey ? ' *' : ''}
          </span>
          <input
            name={field.field}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            placeholder={
              field.placeholder ?? (field.field === 'baseURL' ? provider.defaultBaseURL : '')
            }
            value={vault[field.field] ?? ''}
            onChange={(e) => setVaultField(provider.id, field.field, e.target.value)}
          />
        </label>
      ))}
      {provider.apiKeyUrl ? (
        <a href={provider.apiKeyUrl} target="_blank" rel="noreferrer">
          {provider.apiKeyUrl}
        </a>
      ) : null}
    </div>
  );
}
