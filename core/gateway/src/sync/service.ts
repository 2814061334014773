// A person's synced data as the routes and the import see it: bodies become rows (a PUT carries
// the whole row; what it leaves out takes its default), rows become JSON (without the person's id
// and the server's cursor column), provider keys are encrypted on the way in and decrypted only
// for their owner on the way out.
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { keyVaultCipher } from '../accounts/key-vault-cipher.js';
import type { Database } from '../db/database.js';
import {
  AGENTS,
  CONVERSATIONS,
  clearOtherDefaults,
  hasConversation,
  heldByAnother,
  KEY_VAULTS,
  MESSAGES,
  notFound,
  SETTINGS,
  softDelete,
  softDeleteMessagesOf,
  upsert,
  type Collection,
  type Row,
  type WriteTimes,
} from './collections.js';
import type {
  AgentBody,
  ConversationBody,
  KeyVaultBody,
  MessageBody,
  SettingsBody,
} from '@manifold/core/contract/sync';

/** A row as the API answers it: no person id, no cursor column, instants as ISO strings. */
export function toJson(row: Row): Row {
  const result: Row = {};
  for (const [name, value] of Object.entries(row)) {
    if (name === 'userId' || name === 'syncedAt') continue;
    result[name] = value instanceof Date ? value.toISOString() : value;
  }
  return result;
}

/** The settings row as JSON (it has no id of its own: the person is its key). */
export const settingsJson = (row: Row): Row => toJson(row);

/**
 * The times of a write from its body: `updatedAt` (default now) and `deletedAt` are the device's,
 * but never later than the server's clock, so a device whose clock runs ahead cannot win every
 * later edit.
 */
export function writeTimes(body: {
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
  deletedAt?: string | null | undefined;
}): WriteTimes {
  const now = Date.now();
  const instant = (text: string) => new Date(Math.min(Date.parse(text), now));
  return {
    ...(body.createdAt ? { createdAt: instant(body.createdAt) } : {}),
    updatedAt: body.updatedAt ? instant(body.updatedAt) : new Date(now),
    deletedAt: body.deletedAt ? instant(body.deletedAt) : null,
  };
}

const date = (text: string | null | undefined) => (text ? new Date(Date.parse(text)) : null);

/** A body's own `id` (or `provider`), when it has one, must be the one of the URL. */
function sameKey(param: string, inBody: string | undefined, field = 'id'): void {
  if (inBody !== undefined && inBody !== param)
    throw new ManifoldError('BadRequest', {
      message: `body.${field} is not the ${field} of the URL`,
      field,
    });
}

/** What a PUT answers: the row as stored, and whether this write won (last writer wins). */
export interface PutResult {
  item: Row;
  applied: boolean;
}

/** `idsChecked`: the caller made sure no other person holds the id (an import checks all at once). */
export interface PutOptions {
  idsChecked?: boolean;
}

/** Refuse an id another person holds, as if it did not exist. */
async function refuseOthers(db: Database, collection: Collection, userId: string, id: string) {
  if (await heldByAnother(db, collection, userId, id)) throw notFound(collection, id);
}

/** A person's synced data on one database (or one transaction of it). */
export function syncService(db: Database, keyVaultsSecret: string | undefined) {
  const cipher = keyVaultsSecret ? keyVaultCipher(keyVaultsSecret) : undefined;
  const vaultCipher = () => {
    if (!cipher)
      throw new ManifoldError(503, {
        message:
          'This server keeps no provider keys: KEY_VAULTS_SECRET is not set. Keep the keys in the browser, or ask the operator to set it',
      });
    return cipher;
  };
  const vaultRow = (userId: string, provider: string) => `${userId}:${provider}`;
  // `<user>:<conversation>` known to be the person's (an import sends many messages of each)
  const ownConversations = new Set<string>();

  return {
    async putAgent(
      userId: string,
      id: string,
      body: AgentBody,
      options: PutOptions = {},
    ): Promise<PutResult> {
      sameKey(id, body.id);
      if (!options.idsChecked) await refuseOthers(db, AGENTS, userId, id);
      const times = writeTimes(body);
      const isDefault = body.isDefault ?? false;
      const { row, applied } = await upsert(
        db,
        AGENTS,
        userId,
        id,
        {
          title: body.title ?? '',
          description: body.description ?? null,
          avatar: body.avatar ?? null,
          tags: body.tags ?? [],
          systemRole: body.systemRole ?? '',
          provider: body.provider ?? null,
          model: body.model ?? null,
          params: body.params ?? {},
          plugins: body.plugins ?? [],
          chatConfig: body.chatConfig ?? {},
          isDefault,
        },
        times,
      );
      if (applied && isDefault && !times.deletedAt)
        await clearOtherDefaults(db, userId, id, times.updatedAt);
      return { item: toJson(row), applied };
    },

    async putConversation(
      userId: string,
      id: string,
      body: ConversationBody,
      options: PutOptions = {},
    ): Promise<PutResult> {
      sameKey(id, body.id);
      if (!options.idsChecked) await refuseOthers(db, CONVERSATIONS, userId, id);
      const times = writeTimes(body);
      const { row, applied } = await upsert(
        db,
        CONVERSATIONS,
        userId,
        id,
        {
          agentId: body.agentId ?? null,
          title: body.title ?? '',
          provider: body.provider ?? null,
          model: body.model ?? null,
          pinned: body.pinned ?? false,
          summary: body.summary ?? null,
          summaryThrough: body.summaryThrough ?? null,
          summaryUpdatedAt: date(body.summaryUpdatedAt),
        },
        times,
      );
      if (applied && times.deletedAt) await softDeleteMessagesOf(db, userId, id);
      return { item: toJson(row), applied };
    },

    async putMessage(
      userId: string,
      id: string,
      body: MessageBody,
      options: PutOptions = {},
    ): Promise<PutResult> {
      sameKey(id, body.id);
      if (!options.idsChecked) await refuseOthers(db, MESSAGES, userId, id);
      // the conversation must be the person's own (another person's is as one that does not exist)
      if (
        !ownConversations.has(`${userId}:${body.conversationId}`) &&
        !(await hasConversation(db, userId, body.conversationId))
      )
        throw new ManifoldError(404, {
          message: `No conversation with id ${body.conversationId}: send the conversation first`,
          field: 'conversationId',
        });
      ownConversations.add(`${userId}:${body.conversationId}`);
      const { row, applied } = await upsert(
        db,
        MESSAGES,
        userId,
        id,
        {
          conversationId: body.conversationId,
          parentId: body.parentId ?? null,
          role: body.role,
          content: body.content ?? '',
          reasoning: body.reasoning ?? null,
          imageList: body.imageList ?? null,
          fileList: body.fileList ?? null,
          tools: body.tools ?? null,
          toolCallId: body.toolCallId ?? null,
          plugin: body.plugin ?? null,
          grounding: body.grounding ?? null,
          usage: body.usage ?? null,
          speed: body.speed ?? null,
          error: body.error ?? null,
          provider: body.provider ?? null,
          model: body.model ?? null,
          traceId: body.traceId ?? null,
          observationId: body.observationId ?? null,
        },
        writeTimes(body),
      );
      return { item: toJson(row), applied };
    },

    async putKeyVault(userId: string, provider: string, body: KeyVaultBody): Promise<PutResult> {
      sameKey(provider, body.provider, 'provider');
      const times = writeTimes(body);
      const ciphertext = times.deletedAt
        ? ''
        : vaultCipher().encrypt(body.vault, vaultRow(userId, provider));
      const { row, applied } = await upsert(
        db,
        KEY_VAULTS,
        userId,
        provider,
        { ciphertext },
        times,
      );
      return { item: this.keyVaultJson(row), applied };
    },

    async putSettings(userId: string, body: SettingsBody): Promise<PutResult> {
      const { row, applied } = await upsert(
        db,
        SETTINGS,
        userId,
        userId,
        { data: body.data },
        writeTimes(body),
      );
      return { item: settingsJson(row), applied };
    },

    /**
     * A key vault row as its owner sees it: the fields decrypted (null once deleted). One that no
     * longer decrypts (KEY_VAULTS_SECRET changed, the row was tampered with) is `vault: null` with
     * `unreadable: true`, so a pull still answers the rest; PUT it again to replace it.
     */
    keyVaultJson(row: Row): Row {
      const { ciphertext, ...rest } = row;
      if (typeof ciphertext !== 'string' || ciphertext === '' || row.deletedAt)
        return toJson({ ...rest, vault: null });
      const decrypt = vaultCipher();
      try {
        return toJson({
          ...rest,
          vault: decrypt.decrypt(ciphertext, vaultRow(String(row.userId), String(row.provider))),
        });
      } catch {
        return toJson({ ...rest, vault: null, unreadable: true });
      }
    },

    /** Check the key vaults can be read or written here (503 without `KEY_VAULTS_SECRET`). */
    requireVaults(): void {
      vaultCipher();
    },

    /** Soft-delete one of the person's rows; 404 when they have none with this key. */
    async remove(collection: Collection, userId: string, key: string): Promise<void> {
      const row = await softDelete(
        db,
        collection,
        userId,
        key,
        collection === KEY_VAULTS ? { ciphertext: '' } : {},
      );
      if (!row) throw notFound(collection, key);
      if (collection === CONVERSATIONS) await softDeleteMessagesOf(db, userId, key);
    },
  };
}

export type SyncService = ReturnType<typeof syncService>;
