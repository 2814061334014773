// Export and import of everything of a person as one JSON document (README "Sync"): the export
// holds the rows that are not deleted, with their ids and times; the import writes them into the
// caller's account as PUTs would (same ids, last writer wins by `updatedAt`), so importing a
// document twice changes nothing the second time. An import that names an id another person
// holds is refused whole (404), before anything is written.
import { and, inArray, ne } from 'drizzle-orm';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { AccountUser } from '../auth.js';
import type { Database } from '../db/database.js';
import {
  AGENTS,
  CONVERSATIONS,
  KEY_VAULTS,
  liveRows,
  MESSAGES,
  SETTINGS,
  type Collection,
} from './collections.js';
import { EXPORT_VERSION, type ExportDocument } from '@manifold/core/contract/sync';
import { syncService, toJson } from './service.js';

/** The person's data as one document; provider keys only when asked for. */
export async function exportDocument(
  db: Database,
  keyVaultsSecret: string | undefined,
  user: AccountUser,
  options: { keyVaults: boolean },
): Promise<Record<string, unknown>> {
  const service = syncService(db, keyVaultsSecret);
  if (options.keyVaults) service.requireVaults();
  const [settingsRow] = await liveRows(db, SETTINGS, user.id);
  return {
    format: 'manifold-export',
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    user: { id: user.id, email: user.email, name: user.name },
    agents: (await liveRows(db, AGENTS, user.id)).map(toJson),
    conversations: (await liveRows(db, CONVERSATIONS, user.id)).map(toJson),
    messages: (await liveRows(db, MESSAGES, user.id)).map(toJson),
    settings: settingsRow ? toJson(settingsRow) : null,
    ...(options.keyVaults
      ? {
          keyVaults: (await liveRows(db, KEY_VAULTS, user.id)).map((row) =>
            service.keyVaultJson(row),
          ),
        }
      : {}),
  };
}

/** How many rows of each kind an import wrote, and how many it left because they were newer. */
export interface ImportCounts {
  applied: number;
  kept: number;
}

/** The ids among `ids` that another person holds. */
async function othersIds(
  db: Database,
  collection: Collection,
  userId: string,
  ids: string[],
): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({ key: collection.key })
      .from(collection.table)
      .where(
        and(inArray(collection.key, ids.slice(start, start + 1000)), ne(collection.userId, userId)),
      )
      .limit(1);
    found.push(...rows.map((row) => String(row.key)));
    if (found.length > 0) break;
  }
  return found;
}

/** Write a document into the person's account, in one transaction. */
export async function importDocument(
  db: Database,
  keyVaultsSecret: string | undefined,
  userId: string,
  document: ExportDocument,
): Promise<Record<string, ImportCounts | boolean>> {
  const agents = document.agents ?? [];
  const conversations = document.conversations ?? [];
  const messages = document.messages ?? [];
  const keyVaults = document.keyVaults ?? [];
  if (keyVaults.length > 0) syncService(db, keyVaultsSecret).requireVaults();

  return db.transaction(async (tx) => {
    const session = tx as unknown as Database;
    for (const [collection, rows] of [
      [AGENTS, agents],
      [CONVERSATIONS, conversations],
      [MESSAGES, messages],
    ] as const) {
      const [taken] = await othersIds(
        session,
        collection,
        userId,
        rows.map((row) => row.id),
      );
      if (taken !== undefined)
        throw new ManifoldError(404, {
          message: `The document names ${collection.name} id ${taken}, which is not yours: nothing was imported`,
          field: collection.name,
        });
    }
    const service = syncService(session, keyVaultsSecret);
    const counts = async <T>(rows: T[], put: (row: T) => Promise<{ applied: boolean }>) => {
      const result: ImportCounts = { applied: 0, kept: 0 };
      for (const row of rows) {
        if ((await put(row)).applied) result.applied++;
        else result.kept++;
      }
      return result;
    };
    const checked = { idsChecked: true };
    return {
      agents: await counts(agents, (row) => service.putAgent(userId, row.id, row, checked)),
      conversations: await counts(conversations, (row) =>
        service.putConversation(userId, row.id, row, checked),
      ),
      messages: await counts(messages, (row) => service.putMessage(userId, row.id, row, checked)),
      keyVaults: await counts(keyVaults, (row) => service.putKeyVault(userId, row.provider, row)),
      settings: document.settings
        ? (await service.putSettings(userId, document.settings)).applied
        : false,
    };
  });
}
