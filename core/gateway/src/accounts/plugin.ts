import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { apiKeyRepository, type ApiKeyRepository } from './api-keys.js';
import { registerAuthRoutes } from './auth-routes.js';
import { createBetterAuth, type BetterAuth } from './better-auth.js';
import { isPersonalRequest, userResolver } from './current-user.js';
import { signInRequired } from './require-user.js';

/** What the accounts plugin offers routes. */
export interface Accounts {
  auth: BetterAuth;
  apiKeys: ApiKeyRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth and the account repositories (only with accounts on). */
    accounts: Accounts;
  }
}

/**
 * Accounts (CONTRACT §9): better-auth under `/api/auth/*`, and who is signed in on every
 * `/webapi/*` and `/v1/*` request (`request.user`, by session cookie or API key). With
 * `ACCOUNTS=required` such a request without either is a 401 `InvalidAccessCode` before any
 * route runs.
 */
const accountsPlugin: FastifyPluginAsync<{ config: GatewayConfig }> = async (app, { config }) => {
  const authConfig = config.auth;
  if (!authConfig) throw new Error('accounts need the auth configuration');
  // cloud edition: 500,000 credits as the account is made (imported only there)
  const credits = config.credits
    ? (await import('../credits/repository.js')).creditRepository(app.database.db)
    : undefined;
  const auth = createBetterAuth(
    authConfig,
    app.database.db,
    app.log,
    credits ? { userCreated: (userId) => credits.open(userId) } : {},
  );
  const apiKeys = apiKeyRepository(app.database.db);
  app.decorate('accounts', { auth, apiKeys });
  app.decorateRequest('user', undefined);

  const resolveUser = userResolver(auth, apiKeys);
  const required = config.accounts === 'required';
  app.addHook('onRequest', async (request) => {
    if (!isPersonalRequest(request)) return;
    request.user = await resolveUser(request);
    if (!request.user && required) throw signInRequired();
  });
  await registerAuthRoutes(app, {
    auth,
    secureCookies: authConfig.url?.startsWith('https://') ?? false,
  });
};

export default fp(accountsPlugin, {
  name: 'accounts',
  fastify: '5.x',
  dependencies: ['database'],
});
