import { useStore } from '@nanostores/react';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { CircleCheck, Download, X } from 'lucide-react';
import { useState } from 'react';
import { $labels } from '../../../app/locale.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { $pulls, cancelPull, pullModel } from '../stores/pull.js';
import { CallErrorText } from './call-error-text.js';

/** Bytes for the progress text: 1.2 GB, 340 MB. */
function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(0)} MB`;
  return `${Math.round(bytes / 1e3)} KB`;
}

/**
 * Download a model into a provider's own server by name (`settings.showModelPull`), with a
 * progress bar over the pull's NDJSON lines and Cancel, which aborts the request (the gateway
 * cancels the upstream pull).
 */
export function ModelPull({ provider }: { provider: ProviderManifest }) {
  const pull = useStore($pulls)[provider.id];
  const label = useStore($labels);
  const [name, setName] = useState('');
  const pulling = pull?.state === 'pulling';
  return (
    <div
      className="model-pull flex flex-col gap-2 rounded-lg border border-border bg-surface-muted/50 p-3"
      data-provider={provider.id}
    >
      <h3 className="m-0 text-sm font-semibold">{label.pullModel}</h3>
      <p className="m-0 text-xs leading-5 text-muted-foreground">
        {label.pullModelHint.replace('{provider}', provider.name)}
      </p>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void pullModel(provider.id, name);
        }}
      >
        <Input
          name="pullModelName"
          aria-label={label.pullModelName}
          placeholder="llama3.2"
          autoComplete="off"
          value={name}
          disabled={pulling}
          onChange={(e) => setName(e.target.value)}
        />
        {pulling ? (
          // keyed apart: the click on Cancel must not land on a Pull (submit) button reusing its
          // element once the pull stops, which would start the pull again
          <Button
            key="cancel"
            variant="outline"
            name="cancelPull"
            onClick={() => cancelPull(provider.id)}
          >
            <X aria-hidden="true" />
            {label.cancel}
          </Button>
        ) : (
          <Button key="pull" type="submit" variant="primary" name="pull" disabled={!name.trim()}>
            <Download aria-hidden="true" />
            {label.pull}
          </Button>
        )}
      </form>
      {pull ? (
        <div className="pull-state flex flex-col gap-1.5 text-sm" role="status" aria-live="polite">
          {pull.state === 'pulling' ? (
            <>
              <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                <span className="pull-status truncate">
                  {label.pulling.replace('{model}', pull.model)} {pull.status}
                </span>
                {pull.percent !== undefined && pull.total ? (
                  <span className="shrink-0 font-mono tabular-nums">
                    {formatBytes(pull.completed ?? 0)} / {formatBytes(pull.total)} ·{' '}
                    {Math.floor(pull.percent)}%
                  </span>
                ) : null}
              </div>
              <div
                className="pull-progress h-2 overflow-hidden rounded-full bg-input"
                role="progressbar"
                aria-label={label.pulling.replace('{model}', pull.model)}
                aria-valuemin={0}
                aria-valuemax={100}
                {...(pull.percent !== undefined
                  ? { 'aria-valuenow': Math.floor(pull.percent) }
                  : {})}
              >
                <div
                  className={
                    pull.percent === undefined
                      ? 'h-full w-1/3 animate-pulse rounded-full bg-primary/60'
                      : 'h-full rounded-full bg-primary transition-[width] duration-300'
                  }
                  style={pull.percent === undefined ? undefined : { width: `${pull.percent}%` }}
                />
              </div>
            </>
          ) : null}
          {pull.state === 'done' ? (
            <span className="pull-done inline-flex items-center gap-1.5 font-medium text-success">
              <CircleCheck aria-hidden="true" className="size-4" />
              {label.pullDone.replace('{model}', pull.model)}
            </span>
          ) : null}
          {pull.state === 'cancelled' ? (
            <span className="pull-cancelled text-muted-foreground">
              {label.pullCancelled.replace('{model}', pull.model)}
            </span>
          ) : null}
          {pull.state === 'error' ? (
            <span className="pull-error text-danger [overflow-wrap:anywhere]">
              {label.pullFailed.replace('{model}', pull.model)}{' '}
              <CallErrorText
                errorType={pull.error.errorType}
                clientFetch={pull.error.clientFetch}
                provider={provider.name}
              />
              {pull.error.message ? (
                <span className="block text-xs text-muted-foreground">{pull.error.message}</span>
              ) : null}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
