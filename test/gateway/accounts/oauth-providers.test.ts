// OAuth providers appear when their variables are set (CONTRACT §9): GitHub, Google and any OpenID
// Connect issuer. No network: sign-in only builds the provider's authorization URL (the OIDC
// issuer's discovery document comes from a fake issuer on a loopback port).
import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authPost, startAccountsGateway } from '../../helpers/accounts.js';

/** A fake OpenID Connect issuer that only publishes its discovery document. */
async function startIssuer(t: Test) {
  const server = createServer((request, response) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url !== '/realms/acme/.well-known/openid-configuration') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer: `${origin}/realms/acme`,
        authorization_endpoint: `${origin}/realms/acme/authorize`,
        token_endpoint: `${origin}/realms/acme/token`,
        userinfo_endpoint: `${origin}/realms/acme/userinfo`,
        jwks_uri: `${origin}/realms/acme/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/acme`;
}

/** Ask to sign in with a provider; the authorization URL it answers. */
async function signInWith(url: string, provider: string) {
  const response = await authPost(url, '/api/auth/sign-in/social', { provider, callbackURL: '/' });
  const body = (await response.json()) as { url?: string; redirect?: boolean };
  return { status: response.status, url: body.url ? new URL(body.url) : undefined };
}

t.test(
  'providers with their variables set are offered and lead to their sign-in page',
  async (t) => {
    const issuer = await startIssuer(t);
    const { url } = await startAccountsGateway(t, {
      env: {
        AUTH_GITHUB_ID: 'gh-client',
        AUTH_GITHUB_SECRET: 'gh-secret',
        AUTH_GOOGLE_ID: 'google-client.apps.googleusercontent.com',
        AUTH_GOOGLE_SECRET: 'google-secret',
        AUTH_OIDC_ISSUER: issuer,
        AUTH_OIDC_ID: 'acme-client',
        AUTH_OIDC_SECRET: 'acme-secret',
        AUTH_OIDC_NAME: 'Acme SSO',
      },
    });

    t.same(await (await fetch(`${url}/api/accounts/config`)).json(), {
      accounts: 'on',
      edition: 'self-hosted',
      emailPassword: true,
      providers: [
        { id: 'github', name: 'GitHub' },
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Acme SSO' },
      ],
    });

    const github = await signInWith(url, 'github');
    t.equal(github.status, 200);
    t.equal(github.url?.origin + github.url!.pathname, 'https://github.com/login/oauth/authorize');
    t.equal(github.url?.searchParams.get('client_id'), 'gh-client');
    t.equal(github.url?.searchParams.get('redirect_uri'), `${url}/api/auth/callback/github`);

    const google = await signInWith(url, 'google');
    t.equal(google.status, 200);
    t.equal(google.url?.host, 'accounts.google.com');
    t.equal(google.url?.searchParams.get('client_id'), 'google-client.apps.googleusercontent.com');

    const oidc = await signInWith(url, 'oidc');
    t.equal(oidc.status, 200);
    t.equal(oidc.url?.origin + oidc.url!.pathname, `${issuer}/authorize`, "the issuer's own page");
    t.equal(oidc.url?.searchParams.get('client_id'), 'acme-client');
    t.match(oidc.url?.searchParams.get('scope'), /openid/);
    t.ok(oidc.url?.searchParams.get('code_challenge'), 'with PKCE');
  },
);

t.test('without their variables no provider is offered, and none signs in', async (t) => {
  const { url } = await startAccountsGateway(t);
  t.match(await (await fetch(`${url}/api/accounts/config`)).json(), { providers: [] });
  const github = await signInWith(url, 'github');
  t.not(github.status, 200);
  t.equal(github.url, undefined);
});
