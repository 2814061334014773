import { useStore } from '@nanostores/react';
import { KeyRound, Server, TriangleAlert, Unplug } from 'lucide-react';
import { $labels, type Labels } from '../../../app/locale.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import type { KeyStatus } from '../stores/key-status.js';

const LOOK: Record<KeyStatus, { tone: BadgeTone; label: keyof Labels; icon: typeof KeyRound }> = {
  user: { tone: 'accent', label: 'keyUser', icon: KeyRound },
  server: { tone: 'success', label: 'keyServer', icon: Server },
  keyless: { tone: 'neutral', label: 'keyless', icon: Unplug },
  none: { tone: 'warning', label: 'keyNone', icon: TriangleAlert },
};

/** Where a provider's key comes from: your key, the server's, none needed, or none. */
export function KeyStatusBadge({ status, className }: { status: KeyStatus; className?: string }) {
  const label = useStore($labels);
  const { tone, label: key, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} className={`key-status key-${status} ${className ?? ''}`} data-key={status}>
      <Icon aria-hidden="true" />
      {label[key]}
    </Badge>
  );
}
