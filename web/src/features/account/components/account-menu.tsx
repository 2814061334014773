import { useStore } from '@nanostores/react';
import { KeyRound, LogIn, LogOut, MonitorOff, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonClasses, IconButton } from '../../../components/ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.js';
import { cn } from '../../../components/ui/cn.js';
import { showToast } from '../../../lib/toasts.js';
import { SYNC_DOT, useSyncText } from '../../sync/components/sync-indicator.js';
import { $syncStatus, syncNow } from '../../sync/stores/sync.js';
import { $accountLabels } from '../labels.js';
import {
  $accountMenuExtras,
  $accountsEnabled,
  $user,
  signOut,
  signOutEverywhere,
} from '../stores/account.js';
import { DeleteAccountDialog } from './delete-account-dialog.js';

/**
 * The header's account control, only when the server has accounts: "Sign in" signed out; signed
 * in, a menu with the person's name and e-mail, other features' items (`$accountMenuExtras`), the
 * API keys page, sign out, sign out everywhere and delete account.
 */
export function AccountMenu() {
  const enabled = useStore($accountsEnabled);
  const user = useStore($user);
  const extras = useStore($accountMenuExtras);
  const label = useStore($accountLabels);
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const syncStatus = useStore($syncStatus);
  const syncText = useSyncText();
  if (!enabled) return null;
  if (!user)
    return (
      <Link
        href="/sign-in"
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        data-account="signed-out"
      >
        <LogIn aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{label.signIn}</span>
      </Link>
    );
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton
            label={label.accountMenu}
            name="account-menu"
            tooltipSide="bottom"
            className="account-trigger relative"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-7 items-center justify-center rounded-full bg-accent/15 text-sm font-semibold text-accent"
            >
              {initial || <UserRound />}
            </span>
            {syncStatus !== 'off' ? (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute right-1 bottom-1 size-2.5 rounded-full ring-2 ring-background sm:hidden',
                  SYNC_DOT[syncStatus],
                )}
              />
            ) : null}
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="account-menu w-64 max-w-[calc(100vw-1rem)]">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="account-name truncate text-sm font-semibold text-foreground">
              {user.name || user.email}
            </span>
            <span className="account-email truncate font-normal">{user.email}</span>
          </DropdownMenuLabel>
          {extras.length ? (
            <>
              <DropdownMenuSeparator />
              {extras.map(({ id, component: Extra }) => (
                <div key={id} data-extra={id}>
                  <Extra user={user} />
                </div>
              ))}
            </>
          ) : null}
          <DropdownMenuSeparator />
          {syncText ? (
            <DropdownMenuItem data-action="sync" onSelect={() => void syncNow()}>
              <RefreshCw aria-hidden="true" />
              {syncText}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem data-action="api-keys" onSelect={() => navigate('/account/api-keys')}>
            <KeyRound aria-hidden="true" />
            {label.apiKeys}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem data-action="sign-out" onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" />
            {label.signOut}
          </DropdownMenuItem>
          <DropdownMenuItem
            data-action="sign-out-everywhere"
            onSelect={() =>
              void signOutEverywhere().then(() => showToast({ title: label.signOutEverywhereDone }))
            }
          >
            <MonitorOff aria-hidden="true" />
            {label.signOutEverywhere}
          </DropdownMenuItem>
          <DropdownMenuItem
            tone="danger"
            data-action="delete-account"
            onSelect={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" />
            {label.deleteAccount}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
