import { useStore } from '@nanostores/react';
import { AlertCircle, Cloud, CloudOff, RefreshCw } from 'lucide-react';
import { IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { $accountLabels, fill } from '../../account/labels.js';
import { $syncError, $syncStatus, syncNow } from '../stores/sync.js';

const ICONS = { offline: CloudOff, syncing: RefreshCw, synced: Cloud, error: AlertCircle } as const;
const TEXT = {
  offline: 'syncOffline',
  syncing: 'syncSyncing',
  synced: 'syncSynced',
  error: 'syncError',
} as const;

/** The colour of each state's dot (the account button on phones). */
export const SYNC_DOT = {
  offline: 'bg-muted-foreground',
  syncing: 'bg-accent',
  synced: 'bg-success',
  error: 'bg-danger',
} as const;

/** The state's text (`Sync: Synced`), or undefined when signed out. */
export function useSyncText(): string | undefined {
  const status = useStore($syncStatus);
  const label = useStore($accountLabels);
  return status === 'off' ? undefined : fill(label.syncState, { state: label[TEXT[status]] });
}

/** Where sync stands (offline, syncing, synced, error), while signed in; pressing it syncs now. */
export function SyncIndicator() {
  const status = useStore($syncStatus);
  const error = useStore($syncError);
  const label = useStore($accountLabels);
  if (status === 'off') return null;
  const Icon = ICONS[status];
  const text = fill(label.syncState, { state: label[TEXT[status]] });
  return (
    <IconButton
      label={status === 'error' && error ? `${text} (${error})` : text}
      name="sync-state"
      data-sync={status}
      tooltipSide="bottom"
      size="sm"
      className={cn(
        // on phones the account button carries a dot instead, and the menu the state
        'sync-indicator hidden text-muted-foreground sm:inline-flex',
        status === 'error' && 'text-danger',
        status === 'synced' && 'text-success',
      )}
      onClick={() => void syncNow()}
    >
      <Icon aria-hidden="true" className={cn(status === 'syncing' && 'animate-spin')} />
    </IconButton>
  );
}
