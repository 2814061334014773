import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { GatewayConfig } from '../config.js';
// only this light module: the accounts plugin (better-auth, drivers) is imported with accounts on
import { requireUser } from '../accounts/require-user.js';

/** The body of `POST /webapi/api-keys`. */
const CreateKeySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
});
const KeyParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * `GET /api/accounts/config` (no auth, any mode): what the sign-in page offers — whether accounts
 * are on, and which OAuth providers have their credentials set.
 */
export function registerAccountsConfigRoute(app: FastifyInstance, config: GatewayConfig): void {
  const providers = [
    ...(config.auth?.github ? [{ id: 'github', name: 'GitHub' }] : []),
    ...(config.auth?.google ? [{ id: 'google', name: 'Google' }] : []),
    ...(config.auth?.oidc ? [{ id: 'oidc', name: config.auth.oidc.name }] : []),
  ];
  const answer = {
    accounts: config.accounts,
    edition: config.edition,
    emailPassword: config.accounts !== 'off',
    providers,
  };
  app.get('/api/accounts/config', async () => answer);
}

/**
 * A signed-in person's own routes (CONTRACT §9): `GET /webapi/me` and the API keys. Every one
 * needs a session or an API key, and only ever sees the caller's rows: another person's key id is
 * a 404, as an id that does not exist.
 */
export function registerAccountRoutes(app: FastifyInstance): void {
  const { apiKeys } = app.accounts;

  app.get('/webapi/me', { preHandler: requireUser }, async (request) => {
    const { id, email, name } = request.user!;
    // plan and credits are the cloud edition's; a self-hosted account is free with none
    const account = await app.credits?.repository.open(id);
    return {
      user: { id, email, name },
      plan: account?.plan ?? 'free',
      credits: {
        balance: account?.balance ?? 0,
        ...(account?.periodEnd ? { periodEnd: account.periodEnd.toISOString() } : {}),
      },
    };
  });

  app.post(
    '/webapi/api-keys',
    { schema: { body: CreateKeySchema }, preHandler: requireUser },
    async (request, reply) => {
      const { name } = request.body as Static<typeof CreateKeySchema>;
      return reply.status(201).send(await apiKeys.create(request.user!.id, name.trim()));
    },
  );

  app.get('/webapi/api-keys', { preHandler: requireUser }, async (request) => ({
    keys: (await apiKeys.list(request.user!.id)).map((key) => ({
      id: key.id,
      name: key.name,
      start: key.start,
      createdAt: key.createdAt.toISOString(),
      ...(key.lastUsedAt ? { lastUsedAt: key.lastUsedAt.toISOString() } : {}),
    })),
  }));

  app.delete(
    '/webapi/api-keys/:id',
    { schema: { params: KeyParamsSchema }, preHandler: requireUser },
    async (request, reply) => {
      const { id } = request.params as Static<typeof KeyParamsSchema>;
      if (!(await apiKeys.remove(request.user!.id, id)))
        throw new ManifoldError(404, { message: 'No such API key' });
      return reply.status(204).send();
    },
  );
}
