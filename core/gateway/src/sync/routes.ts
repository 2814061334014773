// The sync API of a signed-in person's data (README "Sync"): for each collection a pull of the
// changes since a cursor, a PUT that upserts a row by the client's id (last writer wins by
// `updatedAt`) and a DELETE that marks it deleted; the export and import of everything. Every
// route needs a session or an API key (401 `InvalidAccessCode`, checked on request, before the
// body is read), and another person's ids are 404, as ids that do not exist.
import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/require-user.js';
import { messages } from '../db/schema/conversations.js';
import {
  AGENTS,
  changesSince,
  CONVERSATIONS,
  decodeCursor,
  encodeCursor,
  findOwn,
  KEY_VAULTS,
  MESSAGES,
  notFound,
  SETTINGS,
  type Collection,
  type Row,
} from './collections.js';
import {
  AgentBodySchema,
  ChangesQuerySchema,
  ConversationBodySchema,
  ExportDocumentSchema,
  ExportQuerySchema,
  IdParamsSchema,
  KeyVaultBodySchema,
  MessageBodySchema,
  MessageChangesQuerySchema,
  ProviderParamsSchema,
  SettingsBodySchema,
  type AgentBody,
  type ConversationBody,
  type ExportDocument,
  type KeyVaultBody,
  type MessageBody,
  type SettingsBody,
} from '@manifold/core/contract/sync';
import { syncService, toJson, type SyncService } from './service.js';
import { exportDocument, importDocument } from './transfer.js';

/** Where the sync routes live. */
export const SYNC_PREFIX = '/webapi/sync';

type ChangesQuery = Static<typeof MessageChangesQuerySchema>;

/** The sync, export and import routes (only with accounts on). */
export function registerSyncRoutes(
  app: FastifyInstance,
  options: { keyVaultsSecret: string | undefined },
): void {
  const { keyVaultsSecret } = options;
  const db = () => app.database.db;
  const service = () => syncService(db(), keyVaultsSecret);
  const userId = (request: FastifyRequest) => request.user!.id;

  /** `GET` of a collection's changes: `{items, next, more}`. */
  const changes = (
    collection: Collection,
    request: FastifyRequest,
    json: (row: Row, sync: SyncService) => Row,
  ) => {
    const query = request.query as ChangesQuery;
    const sync = service();
    if (collection === KEY_VAULTS) sync.requireVaults();
    return changesSince(db(), collection, userId(request), {
      since: query.since === undefined ? undefined : decodeCursor(query.since),
      limit: query.limit === undefined ? 500 : Number(query.limit),
      where: query.conversationId ? eq(messages.conversationId, query.conversationId) : undefined,
    }).then(({ rows, next, more }) => ({
      items: rows.map((row) => json(row, sync)),
      next: next ? encodeCursor(next) : null,
      more,
    }));
  };

  const rowRoutes = <Body>(
    collection: Collection,
    path: string,
    bodySchema: typeof AgentBodySchema | typeof ConversationBodySchema | typeof MessageBodySchema,
    put: (sync: SyncService, userId: string, id: string, body: Body) => Promise<unknown>,
  ) => {
    app.get(
      `${SYNC_PREFIX}/${path}`,
      {
        schema: {
          querystring: collection === MESSAGES ? MessageChangesQuerySchema : ChangesQuerySchema,
        },
        onRequest: requireUser,
      },
      (request) => changes(collection, request, toJson),
    );
    app.get(
      `${SYNC_PREFIX}/${path}/:id`,
      { schema: { params: IdParamsSchema }, onRequest: requireUser },
      async (request) => {
        const { id } = request.params as Static<typeof IdParamsSchema>;
        const row = await findOwn(db(), collection, userId(request), id);
        if (!row) throw notFound(collection, id);
        return { item: toJson(row) };
      },
    );
    app.put(
      `${SYNC_PREFIX}/${path}/:id`,
      { schema: { params: IdParamsSchema, body: bodySchema }, onRequest: requireUser },
      async (request) => {
        const { id } = request.params as Static<typeof IdParamsSchema>;
        return put(service(), userId(request), id, request.body as Body);
      },
    );
    app.delete(
      `${SYNC_PREFIX}/${path}/:id`,
      { schema: { params: IdParamsSchema }, onRequest: requireUser },
      async (request, reply) => {
        const { id } = request.params as Static<typeof IdParamsSchema>;
        await service().remove(collection, userId(request), id);
        return reply.status(204).send();
      },
    );
  };

  rowRoutes<AgentBody>(AGENTS, 'agents', AgentBodySchema, (sync, user, id, body) =>
    sync.putAgent(user, id, body),
  );
  rowRoutes<ConversationBody>(
    CONVERSATIONS,
    'conversations',
    ConversationBodySchema,
    (sync, user, id, body) => sync.putConversation(user, id, body),
  );
  rowRoutes<MessageBody>(MESSAGES, 'messages', MessageBodySchema, (sync, user, id, body) =>
    sync.putMessage(user, id, body),
  );

  // key vaults: one per provider; 503 without KEY_VAULTS_SECRET
  app.get(
    `${SYNC_PREFIX}/key-vaults`,
    { schema: { querystring: ChangesQuerySchema }, onRequest: requireUser },
    (request) => changes(KEY_VAULTS, request, (row, sync) => sync.keyVaultJson(row)),
  );
  app.get(
    `${SYNC_PREFIX}/key-vaults/:provider`,
    { schema: { params: ProviderParamsSchema }, onRequest: requireUser },
    async (request) => {
      const { provider } = request.params as Static<typeof ProviderParamsSchema>;
      const sync = service();
      sync.requireVaults();
      const row = await findOwn(db(), KEY_VAULTS, userId(request), provider);
      if (!row) throw notFound(KEY_VAULTS, provider);
      return { item: sync.keyVaultJson(row) };
    },
  );
  app.put(
    `${SYNC_PREFIX}/key-vaults/:provider`,
    {
      schema: { params: ProviderParamsSchema, body: KeyVaultBodySchema },
      onRequest: requireUser,
    },
    async (request) => {
      const { provider } = request.params as Static<typeof ProviderParamsSchema>;
      return service().putKeyVault(userId(request), provider, request.body as KeyVaultBody);
    },
  );
  app.delete(
    `${SYNC_PREFIX}/key-vaults/:provider`,
    { schema: { params: ProviderParamsSchema }, onRequest: requireUser },
    async (request, reply) => {
      const { provider } = request.params as Static<typeof ProviderParamsSchema>;
      const sync = service();
      sync.requireVaults();
      await sync.remove(KEY_VAULTS, userId(request), provider);
      return reply.status(204).send();
    },
  );

  // settings: one document per person
  app.get(
    `${SYNC_PREFIX}/settings`,
    { schema: { querystring: ChangesQuerySchema }, onRequest: requireUser },
    (request) => changes(SETTINGS, request, toJson),
  );
  app.put(
    `${SYNC_PREFIX}/settings`,
    { schema: { body: SettingsBodySchema }, onRequest: requireUser },
    async (request) => service().putSettings(userId(request), request.body as SettingsBody),
  );
  app.delete(`${SYNC_PREFIX}/settings`, { onRequest: requireUser }, async (request, reply) => {
    const id = userId(request);
    await service().remove(SETTINGS, id, id);
    return reply.status(204).send();
  });

  app.get(
    '/webapi/export',
    { schema: { querystring: ExportQuerySchema }, onRequest: requireUser },
    async (request, reply) => {
      const query = request.query as Static<typeof ExportQuerySchema>;
      const document = await exportDocument(db(), keyVaultsSecret, request.user!, {
        keyVaults: query.keyVaults === '1',
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="manifold-export-${day}.json"`)
        .send(document);
    },
  );
  app.post(
    '/webapi/import',
    { schema: { body: ExportDocumentSchema }, onRequest: requireUser },
    async (request) => ({
      imported: await importDocument(
        db(),
        keyVaultsSecret,
        userId(request),
        request.body as ExportDocument,
      ),
    }),
  );
}
