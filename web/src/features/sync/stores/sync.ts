// Sync of a signed-in person's data (README "Sync"): the conversations and messages held in
// IndexedDB (the offline copy), the provider settings and, when the server keeps them
// (KEY_VAULTS_SECRET; 503 otherwise), the provider keys. Local changes are pushed (PUT whole rows,
// DELETE for what went) shortly after they happen; the server's changes are pulled with a stored
// cursor on start, on focus, when the browser comes back online and every 30 s. What was last sent
// or received is kept as a fingerprint per row, so a change is told from a pulled row without
// comparing times, and nothing is sent twice.
import { atom } from 'nanostores';
import { get as idbGet, set as idbSet, del as idbDel } from 'idb-keyval';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import { createDefaultStorage, type KeyValueStorage } from '../../../lib/storage.js';
import {
  $conversations,
  $conversationsLoaded,
  saveConversations,
  type Conversation,
  type UIMessage,
} from '../../chat/stores/conversations.js';
import { $generations } from '../../chat/stores/generation.js';
import { toAgentBody, type Agent } from '../../agents/stores/agent-model.js';
import { $agents, onAgentChanged, putAgentRows } from '../../agents/stores/agents.js';
import { $customProviders } from '../../providers/stores/custom-providers.js';
import {
  $providerSettings,
  type ProviderUserSettings,
} from '../../providers/stores/provider-settings.js';
import { call, AccountError, type SessionUser } from '../../account/api.js';
import { $user, onSignOut, refreshSession } from '../../account/stores/account.js';
import {
  conversationBody,
  conversationFromRow,
  fingerprint,
  mergeMessages,
  messageBody,
  messageFromRow,
  type ConversationRow,
  type MessageRow,
} from '../map.js';

export type SyncStatus = 'off' | 'offline' | 'syncing' | 'synced' | 'error';

/** Where sync stands: `off` signed out; shown in the header. */
export const $syncStatus = atom<SyncStatus>('off');
/** The last sync error's message, for the indicator's tooltip. */
export const $syncError = atom<string | undefined>(undefined);
/**
 * On a first sign-in in a browser that holds conversations: how many, until the person chose to
 * upload them to the account or not (`resolveImportOffer`).
 */
export const $importOffer = atom<number | undefined>(undefined);

/** What sync keeps per person in this browser. */
interface SyncState {
  /** The pull cursors (`next`), by collection. */
  cursors: Partial<
    Record<'conversations' | 'messages' | 'settings' | 'keyVaults' | 'agents', string>
  >;
  /** What was last sent or received: `c:<conversation>`, `m:<conversation>/<message>`, `v:<provider>`, `s`. */
  prints: Record<string, string>;
  /** The first-sign-in question was answered. */
  decided: boolean;
}

const STATE_KEY = (userId: string) => `manifold:sync:${userId}`;
/** Conversations made signed out, kept aside while an account's are shown. */
const SIGNED_OUT_KEY = 'manifold:conversations:signed-out';
const PULL_EVERY_MS = 30_000;
const PUSH_DELAY_MS = 800;
const SYNC = '/webapi/sync';

let storage: KeyValueStorage | undefined;
const store = () => (storage ??= createDefaultStorage());

let user: SessionUser | undefined;
let state: SyncState | undefined;
let vaultsAvailable = true;
let queue: Promise<void> = Promise.resolve();
let pushTimer: ReturnType<typeof setTimeout> | undefined;
let pullTimer: ReturnType<typeof setInterval> | undefined;
const cleanups: (() => void)[] = [];

/** An IndexedDB call that may fail (no IndexedDB, storage full): undefined then. */
async function safely<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

const online = () => globalThis.navigator?.onLine !== false;
const now = () => new Date().toISOString();

/** Run one job after the ones before it (pushes and pulls never overlap). */
function enqueue(job: () => Promise<void>): Promise<void> {
  queue = queue.then(job, job).catch(() => undefined);
  return queue;
}

async function saveState(): Promise<void> {
  const [who, what] = [user, state];
  if (who && what) await safely(() => store().set(STATE_KEY(who.id), what));
}

/** Run `work` as a sync round, showing it in the indicator. */
async function round(work: () => Promise<void>): Promise<void> {
  if (!user || !state) return;
  if (!online()) {
    $syncStatus.set('offline');
    return;
  }
  $syncStatus.set('syncing');
  try {
    await work();
    await saveState();
    if (user) {
      $syncStatus.set('synced');
      $syncError.set(undefined);
    }
  } catch (error) {
    await saveState();
    if (!user) return;
    // the session ended elsewhere (signed out everywhere, expired): ask who is signed in now
    if (error instanceof AccountError && error.status === 401) {
      void clearAccountCopy({ flush: false }).then(refreshSession);
      return;
    }
    if (!online() || (error instanceof TypeError && !(error instanceof AccountError)))
      $syncStatus.set('offline');
    else $syncStatus.set('error');
    $syncError.set(error instanceof Error ? error.message : String(error));
  }
}

// ---- conversations and messages -------------------------------------------------------------

/**
 * A message's fingerprint, kept per message object: the stores replace a message when it changes,
 * so a push hashes only what changed (not every image of a long history each time).
 */
const messagePrints = new WeakMap<UIMessage, string>();
function messagePrintOf(conversationId: string, message: UIMessage): string {
  let print = messagePrints.get(message);
  if (print === undefined) {
    print = fingerprint(messageBody(conversationId, message));
    messagePrints.set(message, print);
  }
  return print;
}

/** Push what changed in the conversations since it was last sent or received. */
async function pushConversations(): Promise<void> {
  const prints = state!.prints;
  const streaming = $generations.get();
  const present = new Set<string>();
  for (const conversation of $conversations.get()) {
    const key = `c:${conversation.id}`;
    present.add(key);
    const body = conversationBody(conversation);
    const print = fingerprint(body);
    if (prints[key] !== print) {
      const answer = await call<{ item: ConversationRow; applied: boolean }>(
        'PUT',
        `${SYNC}/conversations/${encodeURIComponent(conversation.id)}`,
        { ...body, updatedAt: now() },
      );
      if (answer.applied) prints[key] = print;
      else applyConversationRows([answer.item]);
    }
    // a reply still streaming is sent once it is done
    if (conversation.id in streaming) {
      for (const message of conversation.messages)
        present.add(`m:${conversation.id}/${message.id}`);
      continue;
    }
    for (const message of conversation.messages) {
      const messageKey = `m:${conversation.id}/${message.id}`;
      present.add(messageKey);
      const messagePrint = messagePrintOf(conversation.id, message);
      if (prints[messageKey] === messagePrint) continue;
      const row = messageBody(conversation.id, message);
      const answer = await call<{ item: MessageRow; applied: boolean }>(
        'PUT',
        `${SYNC}/messages/${encodeURIComponent(message.id)}`,
        { ...row, updatedAt: now() },
      );
      if (answer.applied) prints[messageKey] = messagePrint;
      else applyMessageRows([answer.item]);
    }
  }
  // what is gone locally: a conversation (its messages go with it on the server) or a message
  const gone = Object.keys(prints).filter(
    (key) => (key.startsWith('c:') || key.startsWith('m:')) && !present.has(key),
  );
  const goneConversations = new Set(gone.filter((k) => k.startsWith('c:')).map((k) => k.slice(2)));
  for (const key of gone) {
    if (key.startsWith('c:')) {
      await remove(`${SYNC}/conversations/${encodeURIComponent(key.slice(2))}`);
      delete prints[key];
    } else {
      const [conversationId, messageId] = key.slice(2).split('/') as [string, string];
      if (!goneConversations.has(conversationId))
        await remove(`${SYNC}/messages/${encodeURIComponent(messageId)}`);
      delete prints[key];
    }
  }
}

/** DELETE, where a 404 (never sent, or already gone) is done too. */
async function remove(path: string): Promise<void> {
  try {
    await call('DELETE', path);
  } catch (error) {
    if (!(error instanceof AccountError && error.status === 404)) throw error;
  }
}

/** Every change of a collection after the stored cursor, page by page. */
async function pullAll<T>(collection: keyof SyncState['cursors'], path: string): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const since = state!.cursors[collection];
    const answer = await call<{ items: T[]; next: string | null; more: boolean }>(
      'GET',
      `${path}${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    );
    items.push(...answer.items);
    if (answer.next) state!.cursors[collection] = answer.next;
    if (!answer.more) return items;
  }
}

type Deletable = { deletedAt?: string | null | undefined };

/** Put pulled (or refused-as-older) conversation rows into the local copy. */
function applyConversationRows(rows: (ConversationRow & Deletable)[]): void {
  if (!rows.length) return;
  const prints = state!.prints;
  let all = $conversations.get();
  for (const row of rows) {
    const local = all.find((c) => c.id === row.id);
    if (row.deletedAt) {
      all = all.filter((c) => c.id !== row.id);
      for (const key of Object.keys(prints))
        if (key === `c:${row.id}` || key.startsWith(`m:${row.id}/`)) delete prints[key];
      continue;
    }
    const next = conversationFromRow(row, local);
    prints[`c:${row.id}`] = fingerprint(conversationBody(next));
    all = local ? all.map((c) => (c.id === row.id ? next : c)) : [next, ...all];
  }
  $conversations.set(sortByRecency(all));
}

/** Put pulled message rows into their conversations (rows of unknown conversations wait). */
function applyMessageRows(rows: (MessageRow & Deletable)[]): void {
  if (!rows.length) return;
  const prints = state!.prints;
  const byConversation = new Map<
    string,
    { rows: (MessageRow & Deletable)[]; changed: UIMessage[]; deleted: Set<string> }
  >();
  for (const row of rows) {
    const entry = byConversation.get(row.conversationId) ?? {
      rows: [],
      changed: [],
      deleted: new Set(),
    };
    entry.rows.push(row);
    if (row.deletedAt) entry.deleted.add(row.id);
    else entry.changed.push(messageFromRow(row));
    byConversation.set(row.conversationId, entry);
  }
  const all = $conversations.get().map((conversation) => {
    const entry = byConversation.get(conversation.id);
    if (!entry) return conversation;
    // a reply streams here: the rows wait for the next pull (the cursor has moved past them)
    if (conversation.id in $generations.get()) {
      deferred.push(...entry.rows);
      return conversation;
    }
    const merged = mergeMessages(conversation, entry.changed, entry.deleted);
    for (const id of entry.deleted) delete prints[`m:${conversation.id}/${id}`];
    for (const message of entry.changed)
      prints[`m:${conversation.id}/${message.id}`] = messagePrintOf(
        conversation.id,
        merged.messages.find((m) => m.id === message.id) ?? message,
      );
    return merged;
  });
  $conversations.set(sortByRecency(all));
}

/** Pulled message rows of a conversation that was streaming then, applied with the next pull. */
let deferred: (MessageRow & Deletable)[] = [];

const sortByRecency = (all: Conversation[]) =>
  [...all].sort((a, b) => (b.updatedAt ?? b.createdAt) - (a.updatedAt ?? a.createdAt));

async function pullConversations(): Promise<void> {
  const conversations = await pullAll<ConversationRow & Deletable>(
    'conversations',
    `${SYNC}/conversations`,
  );
  applyConversationRows(conversations);
  const messages = await pullAll<MessageRow & Deletable>('messages', `${SYNC}/messages`);
  const waiting = deferred;
  deferred = [];
  applyMessageRows([...waiting, ...messages]);
  if (conversations.length || messages.length) await saveConversations();
}

// ---- settings and provider keys -------------------------------------------------------------

/** The provider settings that follow a person (not keys: those are key vaults; not fetched lists). */
function settingsData(): Record<string, unknown> {
  const providers: Record<string, Omit<ProviderUserSettings, 'vault' | 'remoteModels'>> = {};
  for (const [id, value] of Object.entries($providerSettings.get())) {
    const { vault: _vault, remoteModels: _remote, ...rest } = value;
    if (Object.keys(rest).length) providers[id] = rest;
  }
  return { providers, customProviders: $customProviders.get() };
}

function applySettings(data: Record<string, unknown>): void {
  const providers = (data.providers ?? {}) as Record<string, Partial<ProviderUserSettings>>;
  const current = $providerSettings.get();
  const next: Record<string, ProviderUserSettings> = {};
  for (const id of new Set([...Object.keys(current), ...Object.keys(providers)])) {
    const { vault, remoteModels } = current[id] ?? { vault: {} };
    next[id] = {
      ...(providers[id] ?? {}),
      vault,
      ...(remoteModels ? { remoteModels } : {}),
    };
  }
  $providerSettings.set(next);
  if (Array.isArray(data.customProviders))
    $customProviders.set(data.customProviders as ReturnType<typeof $customProviders.get>);
}

async function syncSettings(): Promise<void> {
  const prints = state!.prints;
  const rows = await pullAll<{ data: Record<string, unknown> } & Deletable>(
    'settings',
    `${SYNC}/settings`,
  );
  const last = rows.at(-1);
  if (last && !last.deletedAt) {
    applySettings(last.data);
    prints.s = fingerprint(settingsData());
  }
  const data = settingsData();
  const print = fingerprint(data);
  if (prints.s !== print) {
    const answer = await call<{ item: { data: Record<string, unknown> }; applied: boolean }>(
      'PUT',
      `${SYNC}/settings`,
      { data, updatedAt: now() },
    );
    if (!answer.applied) applySettings(answer.item.data);
    prints.s = fingerprint(settingsData());
  }
}

const hasVault = (vault: KeyVault | undefined) =>
  !!vault && Object.values(vault).some((value) => typeof value === 'string' && value !== '');

async function syncKeyVaults(): Promise<void> {
  if (!vaultsAvailable) return;
  const prints = state!.prints;
  let rows: ({ provider: string; vault: KeyVault | null } & Deletable)[];
  try {
    rows = await pullAll('keyVaults', `${SYNC}/key-vaults`);
  } catch (error) {
    // the server keeps no provider keys (no KEY_VAULTS_SECRET): they stay in this browser
    if (error instanceof AccountError && error.status === 503) {
      vaultsAvailable = false;
      return;
    }
    throw error;
  }
  if (rows.length) {
    const settings = { ...$providerSettings.get() };
    for (const row of rows) {
      const vault = row.deletedAt || !row.vault ? {} : row.vault;
      settings[row.provider] = { ...(settings[row.provider] ?? { vault: {} }), vault };
      prints[`v:${row.provider}`] = fingerprint(vault);
    }
    $providerSettings.set(settings);
  }
  for (const [provider, value] of Object.entries($providerSettings.get())) {
    const key = `v:${provider}`;
    const vault = hasVault(value.vault) ? value.vault : {};
    const print = fingerprint(vault);
    if (prints[key] === print || (!prints[key] && !hasVault(vault))) continue;
    if (!hasVault(vault)) await remove(`${SYNC}/key-vaults/${encodeURIComponent(provider)}`);
    else
      await call('PUT', `${SYNC}/key-vaults/${encodeURIComponent(provider)}`, {
        vault,
        updatedAt: now(),
      });
    prints[key] = print;
  }
}

// ---- agents ---------------------------------------------------------------------------------

/** Take the server's changed agents (last writer wins, in the agents store), then send ours. */
async function syncAgents(): Promise<void> {
  const prints = state!.prints;
  const rows = await pullAll<Agent & Deletable>('agents', `${SYNC}/agents`);
  if (rows.length) {
    putAgentRows(rows);
    for (const row of rows) {
      const stored = $agents.get().find((agent) => agent.id === row.id);
      if (stored) prints[`a:${row.id}`] = fingerprint(toAgentBody(stored));
    }
  }
  for (const agent of $agents.get()) {
    if (agent.builtin) continue;
    const key = `a:${agent.id}`;
    const body = toAgentBody(agent);
    const print = fingerprint(body);
    if (prints[key] === print) continue;
    if (agent.deletedAt) {
      // never sent: nothing to delete on the server
      if (prints[key]) await remove(`${SYNC}/agents/${encodeURIComponent(agent.id)}`);
    } else {
      const answer = await call<{ item: Agent; applied: boolean }>(
        'PUT',
        `${SYNC}/agents/${encodeURIComponent(agent.id)}`,
        body,
      );
      if (!answer.applied) putAgentRows([answer.item]);
    }
    prints[key] = print;
  }
}

// ---- rounds ---------------------------------------------------------------------------------

/** Send local changes, then take the server's. */
export function syncNow(): Promise<void> {
  return enqueue(() =>
    round(async () => {
      await pushConversations();
      await pullConversations();
      await syncSettings();
      await syncKeyVaults();
      await syncAgents();
    }),
  );
}

/** Send local changes soon (a burst of changes makes one push). */
function schedulePush(): void {
  if (!user || !state?.decided || pushTimer) return;
  pushTimer = setTimeout(() => {
    pushTimer = undefined;
    void enqueue(() =>
      round(async () => {
        await pushConversations();
        await syncSettings();
        await syncKeyVaults();
      }),
    );
  }, PUSH_DELAY_MS);
}

/** Resolves once the conversations were read from IndexedDB. */
function conversationsLoaded(): Promise<void> {
  if ($conversationsLoaded.get()) return Promise.resolve();
  return new Promise((resolve) => {
    const unlisten = $conversationsLoaded.listen((loaded) => {
      if (!loaded) return;
      unlisten();
      resolve();
    });
  });
}

async function start(signedIn: SessionUser): Promise<void> {
  user = signedIn;
  await conversationsLoaded();
  vaultsAvailable = true;
  state = (await safely(() => store().get<SyncState>(STATE_KEY(signedIn.id)))) ?? {
    cursors: {},
    prints: {},
    decided: false,
  };
  if (user !== signedIn) return;
  if (!state.decided) {
    const local = $conversations.get().length;
    if (local > 0 && Object.keys(state.prints).length === 0) {
      $syncStatus.set('synced');
      $importOffer.set(local);
      return;
    }
    state.decided = true;
  }
  run();
}

/** Start the timers and listeners, and a first round. */
function run(): void {
  cleanups.push(
    $conversations.listen(schedulePush),
    $generations.listen(schedulePush),
    $providerSettings.listen(schedulePush),
    onAgentChanged(schedulePush),
  );
  const onFocus = () => void syncNow();
  const onOffline = () => $syncStatus.set('offline');
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncNow();
  };
  globalThis.addEventListener?.('focus', onFocus);
  globalThis.addEventListener?.('online', onFocus);
  globalThis.addEventListener?.('offline', onOffline);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  cleanups.push(() => {
    globalThis.removeEventListener?.('focus', onFocus);
    globalThis.removeEventListener?.('online', onFocus);
    globalThis.removeEventListener?.('offline', onOffline);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
  });
  pullTimer = setInterval(() => void syncNow(), PULL_EVERY_MS);
  void syncNow();
}

/**
 * The first-sign-in answer: upload this browser's conversations to the account, or keep them
 * aside on this browser (they come back on sign-out) and show the account's.
 */
export async function resolveImportOffer(upload: boolean): Promise<void> {
  $importOffer.set(undefined);
  if (!user || !state) return;
  if (!upload) {
    await safely(() => idbSet(SIGNED_OUT_KEY, $conversations.get()));
    $conversations.set([]);
    await saveConversations();
  }
  state.decided = true;
  await saveState();
  run();
}

function stop(): void {
  user = undefined;
  deferred = [];
  state = undefined;
  $importOffer.set(undefined);
  $syncStatus.set('off');
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = undefined;
  if (pullTimer) clearInterval(pullTimer);
  pullTimer = undefined;
  while (cleanups.length) cleanups.pop()!();
}

/**
 * Signing out leaves no account data in the browser: the account's conversations and sync state
 * go (the server keeps them), and conversations kept aside at sign-in come back.
 */
async function clearAccountCopy(options: { flush: boolean }): Promise<void> {
  const signedOut = user;
  if (!signedOut) return;
  // send what is not sent yet while the session still exists
  if (options.flush && state?.decided) await syncNow().catch(() => undefined);
  stop();
  await safely(() => store().del(STATE_KEY(signedOut.id)));
  const kept = await safely(() => idbGet<Conversation[]>(SIGNED_OUT_KEY));
  $conversations.set(kept ?? []);
  await safely(() => idbDel(SIGNED_OUT_KEY));
  await saveConversations();
}

let started = false;
/** Follow the session: sync while someone is signed in. Call once at start. */
export function startSync(): void {
  if (started) return;
  started = true;
  onSignOut(clearAccountCopy);
  $user.subscribe((signedIn) => {
    if (signedIn?.id === user?.id) return;
    if (user) stop();
    if (signedIn) void start(signedIn);
  });
}
