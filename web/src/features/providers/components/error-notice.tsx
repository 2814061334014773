import { useStore } from '@nanostores/react';
import { CircleAlert, ExternalLink, RefreshCw, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { $labels } from '../../../app/locale.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import {
  errorCause,
  errorFix,
  URL_FIELDS,
  type ErrorFix,
  type MessageError,
} from '../../../lib/api-error.js';
import { $allProviders } from '../stores/providers.js';
import { PlanLimitLink } from '../../credits/components/plan-limit-link.js';
import { AccessCodeField } from './access-code-field.js';
import { CallErrorText } from './call-error-text.js';
import { KeyVaultForm } from './key-vault-form.js';

/** The body fields the cause line already shows (the rest is under "Details"). */
const SHOWN = new Set(['message', 'provider', 'endpoint', 'reason', 'field']);

/**
 * A failed reply, as something to act on: the translated message of its type, the cause the
 * gateway sent (the provider's message, the error code, the masked endpoint), the fix for its type
 * (`errorFix`: the key form, the access code, the address fields, the local-service guide, the
 * provider's billing page) and Retry. Self-contained: the message list renders it with the
 * error, the provider's id and what Retry does.
 */
export function ErrorNotice({
  error,
  providerId,
  onRetry,
}: {
  error: MessageError;
  providerId?: string | undefined;
  onRetry: () => void;
}) {
  const label = useStore($labels);
  const provider = useStore($allProviders).find((p) => p.id === providerId);
  const name = provider?.name ?? providerId ?? '';
  const cause = errorCause(error);
  const fixes = error.clientFetch ? [] : errorFix(error);
  const details = Object.fromEntries(
    Object.entries(error.body ?? {}).filter(([key]) => !SHOWN.has(key)),
  );
  const has = (fix: ErrorFix) => fixes.includes(fix);
  const urlFields = provider?.keyVault.some((f) => URL_FIELDS.has(f.field)) ?? false;
  const quotaUrl = provider?.apiKeyUrl ?? provider?.homepage;
  const origin = globalThis.location?.origin ?? '';
  return (
    <div
      className="error error-notice flex flex-col gap-3 rounded-xl border border-danger-border bg-danger-soft p-3 text-sm"
      role="alert"
      data-error-type={String(error.errorType)}
      data-fixes={fixes.join(' ')}
    >
      <div className="flex items-start gap-2 text-danger">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="error-message m-0 leading-6 [overflow-wrap:anywhere]">
          <CallErrorText
            errorType={error.errorType}
            clientFetch={error.clientFetch}
            provider={name || undefined}
          />
        </p>
      </div>
      {cause ? (
        <p className="error-cause m-0 pl-6 leading-6 text-foreground [overflow-wrap:anywhere]">
          <span className="font-medium">{label.errorCause}: </span>
          {cause.message ? <span className="cause-message">{cause.message}</span> : null}
          {[cause.code, cause.reason, cause.field, cause.endpoint]
            .filter((part): part is string => Boolean(part) && part !== cause.message)
            .map((part) => (
              <code
                key={part}
                className="cause-code ml-1.5 rounded bg-surface px-1 py-0.5 font-mono text-xs"
              >
                {part}
              </code>
            ))}
        </p>
      ) : null}
      {Object.keys(details).length ? (
        <details className="error-details pl-6 text-xs text-muted-foreground">
          <summary className="cursor-pointer select-none">{label.errorDetails}</summary>
          <pre className="m-0 mt-1.5 max-h-48 overflow-auto rounded-lg bg-surface p-2 font-mono leading-5 break-all whitespace-pre-wrap">
            {JSON.stringify(details, null, 2)}
          </pre>
        </details>
      ) : null}
      {has('localService') ? (
        <p className="fix fix-local-service m-0 rounded-lg border border-border bg-surface p-3 leading-6 text-foreground [overflow-wrap:anywhere]">
          {label.localServiceGuide.replaceAll('{origin}', origin)}
        </p>
      ) : null}
      {(has('key') || has('accessCode') || (has('baseURL') && urlFields)) && provider ? (
        <div className="fix inline-key flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 text-foreground">
          {has('accessCode') ? (
            <>
              <p className="m-0 text-sm text-muted-foreground">{label.fixAccessCode}</p>
              <AccessCodeField />
            </>
          ) : null}
          {has('key') ? (
            <>
              {!has('accessCode') ? (
                <p className="m-0 text-sm text-muted-foreground">
                  {label.fixKey.replace('{provider}', name)}
                </p>
              ) : null}
              <KeyVaultForm provider={provider} className="fix-key" />
            </>
          ) : has('baseURL') ? (
            <>
              <p className="m-0 text-sm text-muted-foreground">
                {label.fixBaseURL.replace('{provider}', name)}
              </p>
              <KeyVaultForm
                provider={provider}
                only={(field) => URL_FIELDS.has(field.field)}
                showKeyLink={false}
                className="fix-base-url"
              />
            </>
          ) : null}
        </div>
      ) : null}
      {has('quota') && quotaUrl ? (
        <p className="fix fix-quota m-0 flex flex-wrap items-center gap-x-2 gap-y-1 text-foreground">
          {label.fixQuota.replace('{provider}', name)}
          <a
            href={quotaUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="quota-link inline-flex items-center gap-1 font-medium text-accent hover:underline"
          >
            {label.fixQuotaLink.replace('{provider}', name)}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          </a>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" size="sm" name="retry" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {label.retry}
        </Button>
        {has('plans') ? <PlanLimitLink errorType={error.errorType} /> : null}
        {provider && (has('key') || has('baseURL') || has('localService')) ? (
          <Link
            href={`/settings?provider=${encodeURIComponent(provider.id)}`}
            className={`fix-settings-link ${buttonClasses({ variant: 'outline', size: 'sm' })}`}
          >
            <Settings aria-hidden="true" />
            {label.openProviderSettings.replace('{provider}', name)}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
