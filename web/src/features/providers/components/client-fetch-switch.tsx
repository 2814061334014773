import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $labels } from '../../../app/locale.js';
import { Switch } from '../../../components/ui/switch.js';
import { $clientFetch, setFetchOnClient } from '../stores/fetch-on-client.js';

/** The "fetch from the browser" switch of a provider, where `$clientFetch` offers it. */
export function ClientFetchSwitch({ provider }: { provider: ProviderManifest }) {
  const state = useStore($clientFetch)[provider.id];
  const label = useStore($labels);
  if (!state?.offered) return null;
  return (
    <div
      className="client-fetch flex flex-col gap-1 rounded-lg border border-border bg-surface-muted/50 p-3"
      data-provider={provider.id}
    >
      <label className="switch flex items-center justify-between gap-3 text-sm font-medium">
        {label.fetchOnClient}
        <Switch
          name="fetchOnClient"
          checked={state.onClient}
          disabled={state.locked}
          onChange={(e) => setFetchOnClient(provider.id, e.target.checked)}
        />
      </label>
      <p className="m-0 text-xs leading-5 text-muted-foreground">
        {state.locked
          ? label.fetchOnClientLocked
          : label.fetchOnClientHint.replaceAll('{provider}', provider.name)}
      </p>
    </div>
  );
}
