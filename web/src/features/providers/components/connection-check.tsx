import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { CircleAlert, Plug } from 'lucide-react';
import { $labels } from '../../../app/locale.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { $connectionChecks, checkConnection } from '../stores/connection-check.js';
import { CallErrorText } from './call-error-text.js';

/** The "Check" button of a provider and its outcome (✓ or the translated error). */
export function ConnectionCheck({ provider }: { provider: ProviderManifest }) {
  const check = useStore($connectionChecks)[provider.id];
  const label = useStore($labels);
  const failed = check?.state === 'error' || check?.state === 'noModel';
  return (
    <div className="connection-check flex flex-wrap items-start gap-3">
      <Button
        variant="outline"
        size="sm"
        name="checkConnection"
        disabled={check?.state === 'checking'}
        onClick={() => void checkConnection(provider.id)}
      >
        {check?.state === 'checking' ? <Spinner /> : <Plug aria-hidden="true" />}
        {check?.state === 'checking' ? label.checkingConnection : label.checkConnection}
      </Button>
      <div
        className="connection-result flex min-w-0 self-center flex-[1_1_14rem] items-center text-sm"
        role="status"
        aria-live="polite"
      >
        {check?.state === 'ok' ? (
          <span className="connection-ok font-medium text-success">
            ✓ {label.connectionOk}{' '}
            <span className="font-normal text-muted-foreground">({check.model})</span>
          </span>
        ) : null}
        {check && failed ? (
          <span className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="error connection-error m-0 leading-6 [overflow-wrap:anywhere]">
              {check.state === 'error' ? (
                <CallErrorText
                  errorType={check.errorType}
                  clientFetch={check.clientFetch}
                  provider={provider.name}
                />
              ) : (
                label.noChatModel
              )}
            </p>
          </span>
        ) : null}
      </div>
    </div>
  );
}
