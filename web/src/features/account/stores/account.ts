import { atom, computed } from 'nanostores';
import type { ComponentType } from 'react';
import { AccountError, accountsApi, type AccountsConfig, type SessionUser } from '../api.js';

/**
 * Accounts on this server (`GET /api/accounts/config`): undefined while loading; a server without
 * the route (or unreachable) counts as `accounts: "off"`, so the app works as without accounts.
 */
export const $accountsConfig = atom<AccountsConfig | undefined>(undefined);

/** `loading` until the first `get-session` answered; then the signed-in person or none. */
export const $session = atom<{ status: 'loading' } | { status: 'ready'; user?: SessionUser }>({
  status: 'loading',
});

/** The signed-in person, if any. */
export const $user = computed($session, (session) =>
  session.status === 'ready' ? session.user : undefined,
);

/** Accounts are on here (the account menu and sign-in pages show). */
export const $accountsEnabled = computed(
  $accountsConfig,
  (config) => !!config && config.accounts !== 'off',
);

/** The server wants a session before anything else: the sign-in page is shown first. */
export const $signInRequired = computed(
  [$accountsConfig, $session],
  (config, session) =>
    config?.accounts === 'required' && session.status === 'ready' && !session.user,
);

/** A sign-in-required server while the session is still being asked for: show nothing yet. */
export const $sessionPending = computed(
  [$accountsConfig, $session],
  (config, session) => config?.accounts === 'required' && session.status === 'loading',
);

/**
 * Extra items of the account menu, for other features (e.g. the credits balance): each one a
 * component rendered inside the menu, between the person's name and the account actions, in
 * `order` (ascending). Add with `addAccountMenuExtra`, which returns its removal.
 */
export interface AccountMenuExtra {
  id: string;
  order?: number;
  /** Rendered inside the Radix menu: use `DropdownMenuItem`s, labels or plain content. */
  component: ComponentType<{ user: SessionUser }>;
}
export const $accountMenuExtras = atom<AccountMenuExtra[]>([]);

export function addAccountMenuExtra(extra: AccountMenuExtra): () => void {
  $accountMenuExtras.set(
    [...$accountMenuExtras.get().filter((e) => e.id !== extra.id), extra].sort(
      (a, b) => (a.order ?? 0) - (b.order ?? 0),
    ),
  );
  return () => $accountMenuExtras.set($accountMenuExtras.get().filter((e) => e.id !== extra.id));
}

/** Read the accounts config and the session (once at start, and after OAuth returns). */
export async function loadAccount(): Promise<void> {
  let config: AccountsConfig;
  try {
    config = await accountsApi.config();
  } catch {
    config = { accounts: 'off', edition: 'self-hosted', emailPassword: false, providers: [] };
  }
  $accountsConfig.set(config);
  if (config.accounts === 'off') {
    $session.set({ status: 'ready' });
    return;
  }
  await refreshSession();
}

/** Ask the server who is signed in. */
export async function refreshSession(): Promise<void> {
  try {
    const answer = await accountsApi.session();
    $session.set(answer?.user ? { status: 'ready', user: answer.user } : { status: 'ready' });
  } catch {
    $session.set({ status: 'ready' });
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  const { user } = await accountsApi.signIn(email.trim(), password);
  $session.set({ status: 'ready', user });
}

export async function signUp(email: string, password: string, name: string): Promise<void> {
  const { user } = await accountsApi.signUp(email.trim(), password, name.trim());
  $session.set({ status: 'ready', user });
}

/** Start an OAuth sign-in: the browser leaves for the provider and comes back to `/`. */
export async function signInWith(provider: string): Promise<void> {
  const { url } = await accountsApi.social(provider, `${location.origin}/`);
  location.assign(url);
}

/**
 * Hooks that run when the session ends (sync sends what is left, then clears the account's local
 * copy); `flush`: the session still exists, so pending changes can be sent.
 */
type SignOutHook = (options: { flush: boolean }) => Promise<void> | void;
const signOutHooks: SignOutHook[] = [];
export function onSignOut(hook: SignOutHook): void {
  signOutHooks.push(hook);
}

async function runHooks(flush: boolean): Promise<void> {
  for (const hook of signOutHooks) {
    try {
      await hook({ flush });
    } catch (error) {
      console.warn('sign-out hook failed', error);
    }
  }
}

export async function signOut(): Promise<void> {
  await runHooks(true);
  try {
    await accountsApi.signOut();
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
  }
  $session.set({ status: 'ready' });
}

/** End every session of the person (this one too). */
export async function signOutEverywhere(): Promise<void> {
  await runHooks(true);
  await accountsApi.revokeSessions().catch(() => undefined);
  await accountsApi.signOut().catch(() => undefined);
  $session.set({ status: 'ready' });
}

/** Delete the account and everything of it (the password confirms); throws when refused. */
export async function deleteAccount(password: string): Promise<void> {
  await accountsApi.deleteUser(password);
  await runHooks(false);
  $session.set({ status: 'ready' });
}
