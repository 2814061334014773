import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $labels } from '../../../app/locale.js';
import { $clientFetch, setFetchOnClient } from '../stores/fetch-on-client.js';

/** The "fetch from the browser" switch of a provider, where `$clientFetch` offers it. */
export function ClientFetchSwitch({ provider }: { provider: ProviderManifest }) {
  const state = useStore($clientFetch)[provider.id];
  const label = useStore($labels);
  if (!state?.offered) return null;
  return (
    <div className="client-fetch" data-provider={provider.id}>
      <label className="switch">
        <input
          type="checkbox"
          name="fetchOnClient"
          checked={state.onClient}
          disabled={state.locked}
          onChange={(e) => setFetchOnClient(provider.id, e.target.checked)}
        />
        {label.fetchOnClient}
      </label>
      <p className="muted">
        {state.locked
          ? label.fetchOnClientLocked
          : label.fetchOnClientHint.replaceAll('{provider}', provider.name)}
      </p>
    </div>
  );
}
