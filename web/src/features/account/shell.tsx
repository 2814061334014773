// What the app shell takes from the account and sync features: starting them, the header's
// items, the gate of a sign-in-required server, the pages and the first-sign-in dialog. With
// ACCOUNTS=off none of it renders anything.
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { ImportOfferDialog } from '../sync/components/import-offer-dialog.js';
import { SyncIndicator } from '../sync/components/sync-indicator.js';
import { startSync } from '../sync/stores/sync.js';
import { AccountMenu } from './components/account-menu.js';
import { $sessionPending, $signInRequired, loadAccount } from './stores/account.js';

export {
  $accountMenuExtras,
  $accountsEnabled,
  addAccountMenuExtra,
  type AccountMenuExtra,
} from './stores/account.js';

const SignIn = lazy(() =>
  import('./components/sign-in-page.js').then((module) => ({ default: module.SignInPage })),
);
const ApiKeys = lazy(() =>
  import('./components/api-keys-page.js').then((module) => ({ default: module.ApiKeysPage })),
);

/** Read the accounts config and session, and sync while signed in. Call once at start. */
export function startAccounts(): void {
  startSync();
  void loadAccount();
}

/** The header's sync state and account menu. */
export function AccountHeaderItems() {
  return (
    <>
      <SyncIndicator />
      <AccountMenu />
    </>
  );
}

/** `/sign-in`. */
export function SignInRoute() {
  return (
    <Suspense fallback={null}>
      <SignIn mode="sign-in" />
    </Suspense>
  );
}

/** `/sign-up`. */
export function SignUpRoute() {
  return (
    <Suspense fallback={null}>
      <SignIn mode="sign-up" />
    </Suspense>
  );
}

/** `/account/api-keys`. */
export function ApiKeysRoute() {
  return (
    <Suspense fallback={null}>
      <ApiKeys />
    </Suspense>
  );
}

/**
 * The page must give way to the gate: a sign-in-required server, signed out (or the session not
 * known yet). The shell then routes everything to `AccountGate`.
 */
export function useAccountGate(): boolean {
  const required = useStore($signInRequired);
  const pending = useStore($sessionPending);
  return required || pending;
}

/** Sign-in first (sign-up on `/sign-up`) where the server requires a session; nothing while unknown. */
export function AccountGate() {
  const pending = useStore($sessionPending);
  const [location] = useLocation();
  if (pending) return null;
  return location === '/sign-up' ? <SignUpRoute /> : <SignInRoute />;
}

/** Dialogs of the account features (the first-sign-in import question). */
export function AccountDialogs() {
  return <ImportOfferDialog />;
}
