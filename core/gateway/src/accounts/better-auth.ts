import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { accounts, sessions, users, verifications } from '../db/schema/auth.js';

/** Session cookies are `manifold.session_token` (and better-auth's other `manifold.*` cookies). */
export const COOKIE_PREFIX = 'manifold';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
/** The provider id of the generic OpenID Connect issuer (`AUTH_OIDC_*`). */
export const OIDC_PROVIDER = 'oidc';

/**
 * better-auth on our Drizzle schema: e-mail and password (its own scrypt hashing), sessions in the
 * database, GitHub, Google and an OpenID Connect issuer when configured, account deletion. Its
 * routes live under `/api/auth` (`auth-routes.ts` mounts them).
 */
export function createBetterAuth(
  config: AuthConfig,
  db: Database,
  log: FastifyBaseLogger,
  hooks: { userCreated?: (userId: string) => Promise<unknown> } = {},
) {
  const { github, google, oidc } = config;
  return betterAuth({
    appName: 'Manifold',
    secret: config.secret,
    // unset: each request's own origin (behind a proxy, from X-Forwarded-Proto and -Host)
    baseURL: config.url,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true },
    socialProviders: {
      ...(github
        ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } }
        : {}),
      ...(google
        ? { google: { clientId: google.clientId, clientSecret: google.clientSecret } }
        : {}),
    },
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER,
                name: oidc.name,
                discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    user: { deleteUser: { enabled: true } },
    // the cloud edition's sign-up grant lands as the account is made
    ...(hooks.userCreated
      ? {
          databaseHooks: {
            user: {
              create: {
                after: async (user: { id: string }) => void (await hooks.userCreated!(user.id)),
              },
            },
          },
        }
      : {}),
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      // One cookie name on http and https; the bridge adds `Secure` to cookies sent over https.
      useSecureCookies: false,
      // the bridge sets X-Forwarded-For to the address Fastify trusts, replacing the client's
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
  });
}

/** The better-auth instance the gateway uses. */
export type BetterAuth = ReturnType<typeof createBetterAuth>;
