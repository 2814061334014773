import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { ExternalLink } from 'lucide-react';
import { Field, Input } from '../../../components/ui/input.js';
import { $providerSettings, setVaultField } from '../stores/provider-settings.js';

/** The credential fields a provider's manifest asks for; secrets are password inputs. */
export function KeyVaultForm({ provider }: { provider: ProviderManifest }) {
  const settings = useStore($providerSettings);
  const vault = settings[provider.id]?.vault ?? {};
  return (
    <div className="key-vault-form grid gap-3 sm:grid-cols-2" data-provider={provider.id}>
      {provider.keyVault.map((field) => (
        <Field
          key={field.field}
          label={`${field.label}${field.required && !provider.serverKey ? ' *' : ''}`}
          className={provider.keyVault.length === 1 ? 'sm:col-span-2' : undefined}
        >
          <Input
            name={field.field}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            placeholder={
              field.placeholder ?? (field.field === 'baseURL' ? provider.defaultBaseURL : '')
            }
            value={vault[field.field] ?? ''}
            onChange={(e) => setVaultField(provider.id, field.field, e.target.value)}
          />
        </Field>
      ))}
      {provider.apiKeyUrl ? (
        <a
          href={provider.apiKeyUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm text-accent [overflow-wrap:anywhere] hover:underline sm:col-span-2"
        >
          {provider.apiKeyUrl}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        </a>
      ) : null}
    </div>
  );
}
