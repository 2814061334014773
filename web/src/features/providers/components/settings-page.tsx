import { useEffect, useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ChevronDown, ChevronRight, ChevronUp, GripVertical, Trash2 } from 'lucide-react';
import { $labels } from '../../../app/locale.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Skeleton } from '../../../components/ui/spinner.js';
import { Switch } from '../../../components/ui/switch.js';
import { AccessCodeField } from './access-code-field.js';
import { moveProvider, moveProviderTo } from '../stores/order.js';
import { $orderedProviders, $providersStatus } from '../stores/providers.js';
import { $customProviders, removeCustomProvider } from '../stores/custom-providers.js';
import {
  $filteredProviders,
  $keyStatuses,
  $providerFilter,
  isFiltering,
} from '../stores/key-status.js';
import { KeyStatusBadge } from './key-status-badge.js';
import { ProviderLogo } from './logo.js';
import { ModelPull } from './model-pull.js';
import { ProviderToolbar } from './provider-toolbar.js';
import { TracingSwitch } from './tracing-switch.js';
import { $providerSettings, updateProviderSettings } from '../stores/provider-settings.js';
import { ClientFetchSwitch } from './client-fetch-switch.js';
import { ConnectionCheck } from './connection-check.js';
import { HistorySettings } from '../../chat/components/history-settings.js';
import { SpeechSettings } from '../../speech/components/speech-settings.js';
import { DataTransfer } from '../../sync/components/data-transfer.js';
import { KeyVaultForm } from './key-vault-form.js';
import { ProviderModels } from './provider-models.js';

const DRAG_TYPE = 'application/x-manifold-provider';

/** Every provider from `/providers` in the effective order: switch, order, credentials, models. */
export function SettingsPage() {
  const ordered = useStore($orderedProviders);
  const providers = useStore($filteredProviders);
  const filtering = isFiltering(useStore($providerFilter));
  const keyStatuses = useStore($keyStatuses);
  const custom = useStore($customProviders);
  const status = useStore($providersStatus);
  const settings = useStore($providerSettings);
  const label = useStore($labels);
  const [dragged, setDragged] = useState<string | undefined>();
  const [over, setOver] = useState<string | undefined>();
  // `/settings?provider=<id>` (an error notice's link): that provider's card, open and in view
  const wanted = new URLSearchParams(globalThis.location?.search ?? '').get('provider');
  const found = wanted ? ordered.some((p) => p.id === wanted) : false;
  useEffect(() => {
    if (!wanted || !found) return;
    $providerFilter.set({});
    requestAnimationFrame(() => openCard(wanted));
  }, [wanted, found]);
  if (status === 'error')
    return <p className="notice mx-auto max-w-3xl px-6 py-8 text-danger">{label.providersError}</p>;
  // the order is the full list's: moving is offered only while nothing is filtered out
  const ids = ordered.map((p) => p.id);

  const onDragStart = (id: string) => (e: DragEvent) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(DRAG_TYPE, id);
    e.dataTransfer.setData('text/plain', id);
    setDragged(id);
  };
  const onDragOver = (id: string) => (e: DragEvent) => {
    if (!dragged) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (over !== id) setOver(id);
  };
  const onDrop = (id: string) => (e: DragEvent) => {
    e.preventDefault();
    const from = e.dataTransfer.getData(DRAG_TYPE) || dragged;
    if (from && from !== id) moveProviderTo(ids, from, ids.indexOf(id));
    setDragged(undefined);
    setOver(undefined);
  };
  const onDragEnd = () => {
    setDragged(undefined);
    setOver(undefined);
  };

  return (
    <section className="settings provider-settings mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-xs">
        <AccessCodeField />
        <TracingSwitch />
      </div>
      <HistorySettings />
      <SpeechSettings />
      <DataTransfer />
      <h1 className="m-0 text-xl font-semibold tracking-tight">{label.providers}</h1>
      <ProviderToolbar
        onAdded={(id) => {
          $providerFilter.set({});
          requestAnimationFrame(() => openCard(id));
        }}
      />
      {status === 'ready' && providers.length === 0 && ordered.length > 0 ? (
        <p className="no-providers m-0 py-6 text-center text-sm text-muted-foreground">
          {label.noProvidersFound}
        </p>
      ) : null}
      {status !== 'ready' && ordered.length === 0 ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-14 rounded-xl" />
          ))}
        </div>
      ) : null}
      <ol className="provider-list m-0 flex list-none flex-col gap-2 p-0">
        {providers.map((provider, index) => {
          const own = settings[provider.id];
          const enabled = own?.enabled ?? provider.enabled;
          const isCustom = custom.some((p) => p.id === provider.id);
          return (
            <li
              key={provider.id}
              className={cn(
                'provider-item flex items-start gap-1 rounded-xl sm:gap-2 lg:-ml-9',
                dragged === provider.id && 'dragging opacity-50',
                over === provider.id && dragged !== provider.id && 'drag-over',
              )}
              data-provider={provider.id}
              onDragOver={onDragOver(provider.id)}
              onDragLeave={() =>
                setOver((current) => (current === provider.id ? undefined : current))
              }
              onDrop={onDrop(provider.id)}
            >
              <div
                className="provider-order flex w-7 shrink-0 flex-col items-center pt-0.5"
                title={filtering ? label.reorderWhileFiltering : undefined}
              >
                <IconButton
                  label={`${label.moveUp}: ${provider.name}`}
                  tooltip={false}
                  size="sm"
                  name="moveUp"
                  className="order-button h-6 w-7 text-muted-foreground hover:text-foreground"
                  disabled={filtering || index === 0}
                  onClick={() => moveProvider(ids, provider.id, -1)}
                >
                  <ChevronUp aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`${label.moveDown}: ${provider.name}`}
                  tooltip={false}
                  size="sm"
                  name="moveDown"
                  className="order-button h-6 w-7 text-muted-foreground hover:text-foreground"
                  disabled={filtering || index === providers.length - 1}
                  onClick={() => moveProvider(ids, provider.id, 1)}
                >
                  <ChevronDown aria-hidden="true" />
                </IconButton>
              </div>
              <details
                className={cn(
                  'provider-card group/card min-w-0 flex-1 rounded-xl border border-border bg-surface shadow-xs transition-shadow open:shadow-sm',
                  over === provider.id &&
                    dragged !== provider.id &&
                    'border-accent ring-2 ring-accent/30',
                )}
                data-provider={provider.id}
              >
                <summary className="flex min-h-13 list-none items-center gap-2 rounded-xl px-3 py-2 sm:gap-3 sm:px-4 [&::-webkit-details-marker]:hidden">
                  <span
                    className="drag-handle -ml-1 hidden cursor-grab items-center text-muted-foreground hover:text-foreground sm:inline-flex"
                    draggable={!filtering}
                    title={label.dragToReorder}
                    aria-hidden="true"
                    onDragStart={onDragStart(provider.id)}
                    onDragEnd={onDragEnd}
                  >
                    <GripVertical className="size-4" />
                  </span>
                  <ProviderLogo provider={provider} />
                  <span className="provider-name min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                    {provider.name}
                  </span>
                  {isCustom ? (
                    <Badge tone="outline" className="custom-badge hidden sm:inline-flex">
                      {label.customProviderBadge}
                    </Badge>
                  ) : null}
                  <KeyStatusBadge status={keyStatuses[provider.id] ?? 'none'} />
                  <span className="switch inline-flex" onClick={(e) => e.stopPropagation()}>
                    <Switch
                      name="enabled"
                      aria-label={`${label.on}: ${provider.name}`}
                      checked={enabled}
                      onChange={(e) =>
                        updateProviderSettings(provider.id, { enabled: e.target.checked })
                      }
                    />
                  </span>
                  <ChevronRight
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-open/card:rotate-90"
                  />
                </summary>
                <div className="flex flex-col gap-4 border-t border-border px-3 py-4 sm:px-4">
                  {provider.description ? (
                    <p className="m-0 text-sm leading-6 text-muted-foreground">
                      {provider.description}
                    </p>
                  ) : null}
                  <KeyVaultForm provider={provider} />
                  <ClientFetchSwitch provider={provider} />
                  <ConnectionCheck provider={provider} />
                  {provider.settings?.showModelPull ? <ModelPull provider={provider} /> : null}
                  <ProviderModels provider={provider} />
                  {isCustom ? (
                    <div className="flex justify-end border-t border-border pt-4">
                      <Button
                        variant="danger"
                        size="sm"
                        name="removeProvider"
                        onClick={() => {
                          if (
                            window.confirm(
                              label.removeProviderConfirm.replace('{provider}', provider.name),
                            )
                          )
                            removeCustomProvider(provider.id);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                        {label.removeProvider}
                      </Button>
                    </div>
                  ) : null}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Open a provider's card and bring it into view. */
function openCard(id: string): void {
  const card = document.querySelector<HTMLDetailsElement>(
    `details.provider-card[data-provider="${CSS.escape(id)}"]`,
  );
  if (!card) return;
  card.open = true;
  card.scrollIntoView({ block: 'center' });
}
