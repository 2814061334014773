import { useStore } from '@nanostores/react';
import type { KeyVaultField } from '@manifold/core/contract/key-vault';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { ExternalLink } from 'lucide-react';
import { cn } from '../../../components/ui/cn.js';
import { Field, Input } from '../../../components/ui/input.js';
import { $providerSettings, setVaultField } from '../stores/provider-settings.js';
import { SecretInput } from './secret-input.js';

/**
 * The credential fields a provider's manifest asks for (or those `only` keeps); secrets are
 * password inputs with a show/hide button. The link to the provider's key page follows, unless
 * `showKeyLink` is false.
 */
export function KeyVaultForm({
  provider,
  only,
  showKeyLink = true,
  className,
}: {
  provider: ProviderManifest;
  only?: (field: KeyVaultField) => boolean;
  showKeyLink?: boolean;
  className?: string;
}) {
  const settings = useStore($providerSettings);
  const vault = settings[provider.id]?.vault ?? {};
  const fields = only ? provider.keyVault.filter(only) : provider.keyVault;
  return (
    <div
      className={cn('key-vault-form grid gap-3 sm:grid-cols-2', className)}
      data-provider={provider.id}
    >
      {fields.map((field) => {
        const props = {
          name: field.field,
          autoComplete: 'off',
          placeholder:
            field.placeholder ?? (field.field === 'baseURL' ? provider.defaultBaseURL : ''),
          value: vault[field.field] ?? '',
          onChange: (e: { target: { value: string } }) =>
            setVaultField(provider.id, field.field, e.target.value),
        };
        return (
          <Field
            key={field.field}
            label={`${field.label}${field.required && !provider.serverKey ? ' *' : ''}`}
            className={fields.length === 1 ? 'sm:col-span-2' : undefined}
          >
            {field.secret ? <SecretInput {...props} /> : <Input type="text" {...props} />}
          </Field>
        );
      })}
      {showKeyLink && provider.apiKeyUrl ? (
        <a
          href={provider.apiKeyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm text-accent [overflow-wrap:anywhere] hover:underline sm:col-span-2"
        >
          {provider.apiKeyUrl}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        </a>
      ) : null}
    </div>
  );
}
