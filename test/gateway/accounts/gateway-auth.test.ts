// Who may call the gateway once accounts exist (CONTRACT §9, SPEC §6): with ACCOUNTS=required a
// /webapi/* (and /v1/*) call needs a session or an API key, else 401 InvalidAccessCode; with
// ACCOUNTS=on signed-out use works as before; the X-Manifold-Auth token still carries provider
// credentials; request.user is the person (GET /webapi/me).
import t from 'tap';
import { join } from 'node:path';
import { authPost, signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { authHeader } from '../../helpers/gateway.js';
import { PLUGINS } from '../../helpers/paths.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';
import { echoLog } from '../../fixtures/plugins/provider-echo/index.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);
const ECHO = { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo') };
const CHAT = JSON.stringify({ model: 'echo-1', messages: [{ role: 'user', content: 'hi there' }] });

const chat = (url: string, headers: Record<string, string>) =>
  fetch(`${url}/webapi/chat/echo?format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: CHAT,
  });

t.test('ACCOUNTS=required', async (t) => {
  const { url } = await startAccountsGateway(t, {
    cluster,
    env: { ...ECHO, ACCOUNTS: 'required', ECHO_API_KEY: 'sk-server' },
  });

  t.test('a /webapi/* call without a session or key is 401 InvalidAccessCode', async (t) => {
    const calls = [
      chat(url, await authHeader()),
      fetch(`${url}/webapi/models/echo`, { headers: await authHeader() }),
      fetch(`${url}/webapi/tools`, { headers: await authHeader() }),
      fetch(`${url}/webapi/me`),
      fetch(`${url}/webapi/api-keys`),
    ];
    for (const response of await Promise.all(calls)) {
      t.equal(response.status, 401, response.url);
      t.match(await response.json(), {
        errorType: 'InvalidAccessCode',
        body: { message: /Sign in/ },
      });
    }
    // the OpenAI-compatible API answers in OpenAI's error shape (CONTRACT §10)
    const models = await fetch(`${url}/v1/models`);
    t.equal(models.status, 401);
    t.match(await models.json(), { error: { code: 'InvalidAccessCode', message: /Sign in/ } });
  });

  t.test('a path spelled with escapes reaches the same gate', async (t) => {
    const response = await fetch(`${url}/%77ebapi/chat/echo?format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await authHeader()) },
      body: CHAT,
    });
    t.equal(response.status, 401);
  });

  t.test('a stale or forged session cookie is refused the same way', async (t) => {
    const response = await chat(url, {
      ...(await authHeader()),
      cookie: 'manifold.session_token=forged.value',
    });
    t.equal(response.status, 401);
  });

  t.test('the public routes and the auth routes stay open', async (t) => {
    t.equal((await fetch(`${url}/health`)).status, 200);
    t.equal((await fetch(`${url}/providers`)).status, 200);
    t.equal((await fetch(`${url}/tools`)).status, 200);
    t.equal((await fetch(`${url}/api/auth/get-session`)).status, 200);
    t.match(await (await fetch(`${url}/api/accounts/config`)).json(), { accounts: 'required' });
  });

  t.test('signed in, chats go through; the token is still read for provider keys', async (t) => {
    const person = await signUp(url, 'req@example.com');
    const withServerKey = await chat(url, { cookie: person.cookie });
    t.equal(withServerKey.status, 200, 'no X-Manifold-Auth needed when signed in');
    t.match(await withServerKey.json(), { text: 'hi there' });
    t.equal(echoLog.options.at(-1)?.apiKey, 'sk-server');

    const ownKey = await chat(url, {
      cookie: person.cookie,
      ...(await authHeader({ apiKey: 'sk-own-key' })),
    });
    t.equal(ownKey.status, 200);
    t.equal(echoLog.options.at(-1)?.apiKey, 'sk-own-key', 'the token carries the key');
  });

  t.test('GET /webapi/me answers the signed-in person (request.user)', async (t) => {
    const person = await signUp(url, 'me@example.com', 'Mia');
    const response = await fetch(`${url}/webapi/me`, { headers: { cookie: person.cookie } });
    t.equal(response.status, 200);
    t.same(await response.json(), {
      user: { id: person.id, email: 'me@example.com', name: 'Mia' },
      plan: 'free',
      credits: { balance: 0 },
    });
  });

  t.test("a person's API key opens the /v1 API, as that person", async (t) => {
    const person = await signUp(url, 'v1@example.com');
    const made = await fetch(`${url}/webapi/api-keys`, {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'sdk' }),
    });
    const { key } = (await made.json()) as { key: string };
    const completion = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'echo/echo-1',
        messages: [{ role: 'user', content: 'hi v1' }],
      }),
    });
    t.equal(completion.status, 200);
    t.match(await completion.json(), {
      object: 'chat.completion',
      choices: [{ message: { content: 'hi v1' } }],
    });
    const unknown = await fetch(`${url}/v1/models`, {
      headers: { authorization: `Bearer mk-${'y'.repeat(43)}` },
    });
    t.equal(unknown.status, 401);
  });

  t.test('after sign-out the same cookie is refused', async (t) => {
    const person = await signUp(url, 'out@example.com');
    t.equal((await chat(url, { cookie: person.cookie })).status, 200);
    await authPost(url, '/api/auth/sign-out', {}, person.cookie);
    t.equal((await chat(url, { cookie: person.cookie })).status, 401);
  });
});

t.test('ACCOUNTS=on', async (t) => {
  const { url } = await startAccountsGateway(t, {
    cluster,
    env: { ...ECHO, ECHO_API_KEY: 'sk-server', ACCESS_CODE: 'letmein' },
  });

  t.test('signed out, the gateway works as before: token and access code', async (t) => {
    const allowed = await chat(url, await authHeader({ accessCode: 'letmein' }));
    t.equal(allowed.status, 200);
    t.match(await allowed.json(), { text: 'hi there' });
    t.equal((await chat(url, await authHeader())).status, 401, 'the access code still counts');
    t.equal((await chat(url, {})).status, 401, 'and the token is needed');
  });

  t.test('a signed-in person needs no access code', async (t) => {
    const person = await signUp(url, 'on@example.com');
    t.equal((await chat(url, { cookie: person.cookie })).status, 200);
  });

  t.test("a person's own routes still need a session", async (t) => {
    const response = await fetch(`${url}/webapi/me`, {
      headers: await authHeader({ accessCode: 'letmein' }),
    });
    t.equal(response.status, 401);
    t.match(await response.json(), { errorType: 'InvalidAccessCode' });
  });

  t.test('an unknown API key is refused even though signed-out use is allowed', async (t) => {
    const response = await chat(url, {
      ...(await authHeader({ accessCode: 'letmein' })),
      authorization: `Bearer mk-${'x'.repeat(43)}`,
    });
    t.equal(response.status, 401);
    t.match(await response.json(), {
      errorType: 'InvalidAccessCode',
      body: { message: 'Unknown API key' },
    });
  });
});
