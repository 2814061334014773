import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $labels } from '../../../app/locale.js';
import { $connectionChecks, checkConnection } from '../stores/connection-check.js';
import { CallErrorText } from './call-error-text.js';

/** The "Check" button of a provider and its outcome (✓ or the translated error). */
export function ConnectionCheck({ provider }: { provider: ProviderManifest }) {
  const check = useStore($connectionChecks)[provider.id];
  const label = useStore($labels);
  return (
    <div className="connection-check">
      <button
        type="button"
        name="checkConnection"
        disabled={check?.state === 'checking'}
        onClick={() => void checkConnection(provider.id)}
      >
        {check?.state === 'checking' ? label.checkingConnection : label.checkConnection}
      </button>
      <div className="connection-result" role="status" aria-live="polite">
        {check?.state === 'ok' ? (
          <span className="connection-ok">
            ✓ {label.connectionOk} <span className="muted">({check.model})</span>
          </span>
        ) : null}
        {check?.state === 'error' ? (
          <p className="error connection-error">
            <CallErrorText
              errorType={check.errorType}
              clientFetch={check.clientFetch}
              provider={provider.name}
            />
          </p>
        ) : null}
        {check?.state === 'noModel' ? (
          <p className="error connection-error">{label.noChatModel}</p>
        ) : null}
      </div>
    </div>
  );
}
