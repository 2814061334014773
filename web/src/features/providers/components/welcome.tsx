import { useStore } from '@nanostores/react';
import { ArrowRight, Layers, MessageSquare, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { $labels, type Labels } from '../../../app/locale.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { $providersStatus } from '../stores/providers.js';
import { $keyStatuses } from '../stores/key-status.js';
import {
  $activeModelCard,
  $activeProvider,
  $chatProviders,
  selectProvider,
} from '../stores/selection.js';
import { ProviderLogo } from './logo.js';

const EXAMPLES: (keyof Labels)[] = ['example1', 'example2', 'example3', 'example4'];
const STEPS: (keyof Labels)[] = ['welcomeStep1', 'welcomeStep2', 'welcomeStep3'];

/**
 * What an empty chat shows. With a provider ready (a key of the person's or the server's, or
 * none needed): the model in use and example prompts that send at a click. With none ready (the
 * first run of a server without keys): what to do, and the way to Settings — no provider is
 * preselected, so nothing is sent into an error.
 */
export function Welcome({ onExample }: { onExample: (text: string) => void }) {
  const provider = useStore($activeProvider);
  const card = useStore($activeModelCard);
  const status = useStore($providersStatus);
  const label = useStore($labels);
  const statuses = useStore($keyStatuses);
  // providers needing no key (a local server): offered, never preselected
  const keyless = useStore($chatProviders).filter((p) => statuses[p.id] === 'keyless');
  const ready = provider && card;
  if (!ready && status !== 'ready' && status !== 'error') return null;
  return (
    <div className="welcome mx-auto flex min-h-full w-full max-w-2xl flex-col items-center justify-center gap-6 px-2 py-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-muted-foreground">
        {ready ? (
          <ProviderLogo provider={provider} size="lg" />
        ) : (
          <Layers aria-hidden="true" className="size-6" />
        )}
      </span>
      <div className="flex flex-col gap-2">
        <h2 className="m-0 text-xl font-semibold tracking-tight">
          {ready ? label.emptyChat : label.welcomeTitle}
        </h2>
        <p className="m-0 max-w-md text-sm leading-6 text-muted-foreground">
          {ready
            ? label.welcomeReady
                .replace('{model}', card.displayName ?? card.id)
                .replace('{provider}', provider.name)
            : label.welcomeNoKey}
        </p>
      </div>
      {ready ? (
        <div className="examples flex w-full flex-col gap-2">
          <p className="m-0 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {label.examplePrompts}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {EXAMPLES.map((key) => (
              <button
                key={key}
                type="button"
                name="example"
                className="example group flex items-start gap-2 rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-sm leading-5 shadow-xs transition-colors hover:bg-hover"
                onClick={() => onExample(label[key])}
              >
                <MessageSquare
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                />
                <span>{label[key]}</span>
              </button>
            ))}
          </div>
        </div>
      ) : (
        <>
          <ol className="welcome-steps m-0 flex w-full max-w-sm list-none flex-col gap-2 p-0 text-left text-sm">
            {STEPS.map((key, index) => (
              <li
                key={key}
                className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2.5 shadow-xs"
              >
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-muted text-xs font-semibold">
                  {index + 1}
                </span>
                {label[key]}
              </li>
            ))}
          </ol>
          <Link href="/settings" className={buttonClasses({ variant: 'primary', size: 'md' })}>
            <Settings aria-hidden="true" />
            {label.openSettings}
            <ArrowRight aria-hidden="true" />
          </Link>
          {keyless.length ? (
            <div className="welcome-keyless flex flex-col items-center gap-2">
              <p className="m-0 text-sm text-muted-foreground">{label.welcomeKeyless}</p>
              <div className="flex flex-wrap justify-center gap-2">
                {keyless.map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    name="useProvider"
                    data-provider={p.id}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    onClick={() => selectProvider(p.id)}
                  >
                    <ProviderLogo provider={p} size="sm" />
                    {label.useProvider.replace('{provider}', p.name)}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
