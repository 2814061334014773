// Export and import of everything as one JSON document (README "Sync": `format:
// "manifold-export"`, `version: 1`). Signed in, the server builds and takes it
// (`/webapi/export`, `/webapi/import`) and a sync round brings the import into this browser;
// signed out, it is built from and into this browser's stores, in the same format.
import type { ExportDocument } from '@manifold/core/contract/sync';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import { $conversations, saveConversations } from '../chat/stores/conversations.js';
import { $providerSettings } from '../providers/stores/provider-settings.js';
import { $customProviders } from '../providers/stores/custom-providers.js';
import { call } from '../account/api.js';
import { $user } from '../account/stores/account.js';
import { conversationsOf, exportOf } from './map.js';
import { syncNow } from './stores/sync.js';

/** This browser's data as an export document (provider keys only when asked for). */
export function localExport(options: { keyVaults: boolean }): ExportDocument {
  const providers: Record<string, unknown> = {};
  const keyVaults: NonNullable<ExportDocument['keyVaults']> = [];
  for (const [id, value] of Object.entries($providerSettings.get())) {
    const { vault, remoteModels: _remote, ...rest } = value;
    if (Object.keys(rest).length) providers[id] = rest;
    const fields = Object.fromEntries(
      Object.entries(vault ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''),
    );
    if (options.keyVaults && Object.keys(fields).length && /^[a-z0-9][a-z0-9._-]*$/.test(id))
      keyVaults.push({ provider: id, vault: fields });
  }
  return exportOf($conversations.get(), {
    settings: { data: { providers, customProviders: $customProviders.get() } },
    ...(options.keyVaults ? { keyVaults } : {}),
  });
}

/** The export document: the account's when signed in, else this browser's. */
export async function exportAll(options: { keyVaults: boolean }): Promise<ExportDocument> {
  if ($user.get())
    return call<ExportDocument>('GET', `/webapi/export${options.keyVaults ? '?keyVaults=1' : ''}`);
  return localExport(options);
}

/** Save the document as a file named by the day. */
export function downloadDocument(document: ExportDocument): void {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = globalThis.document.createElement('a');
  link.href = url;
  link.download = `manifold-export-${new Date().toISOString().slice(0, 10)}.json`;
  globalThis.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A parsed file, checked to be an export document; throws `NotAnExport` otherwise. */
export function parseDocument(text: string): ExportDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('NotAnExport');
  }
  const record = value as Partial<ExportDocument> | null;
  if (!record || record.format !== 'manifold-export' || record.version !== 1)
    throw new Error('NotAnExport');
  return record as ExportDocument;
}

/** What an import brought in. */
export interface ImportCount {
  conversations: number;
  messages: number;
}

/** Import a document: into the account when signed in (then synced here), else into this browser. */
export async function importAll(document: ExportDocument): Promise<ImportCount> {
  const count = {
    conversations: document.conversations?.filter((c) => !c.deletedAt).length ?? 0,
    messages: document.messages?.filter((m) => !m.deletedAt).length ?? 0,
  };
  if ($user.get()) {
    await call('POST', '/webapi/import', document);
    await syncNow();
    return count;
  }
  const imported = conversationsOf(document);
  const ids = new Set(imported.map((c) => c.id));
  $conversations.set(
    [...imported, ...$conversations.get().filter((c) => !ids.has(c.id))].sort(
      (a, b) => (b.updatedAt ?? b.createdAt) - (a.updatedAt ?? a.createdAt),
    ),
  );
  await saveConversations();
  const settings = { ...$providerSettings.get() };
  const providers = (document.settings?.data?.providers ?? {}) as Record<string, object>;
  for (const [id, value] of Object.entries(providers))
    settings[id] = {
      ...(settings[id] ?? { vault: {} }),
      ...value,
      vault: settings[id]?.vault ?? {},
    };
  for (const row of document.keyVaults ?? [])
    if (row.vault && !row.deletedAt)
      settings[row.provider] = {
        ...(settings[row.provider] ?? { vault: {} }),
        vault: row.vault as KeyVault,
      };
  $providerSettings.set(settings);
  const custom = document.settings?.data?.customProviders;
  if (Array.isArray(custom) && custom.length)
    $customProviders.set(custom as ReturnType<typeof $customProviders.get>);
  return count;
}
