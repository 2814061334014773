/**
 * Auth of the `/v1/*` APIs (CONTRACT §10): `MANIFOLD_API_KEYS` and the verifier hook personal keys
 * plug into, 401 in each API's own shape, provider credentials from an optional token.
 */
import t from 'tap';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import type { ApiKeyVerifier } from '@manifold/gateway/auth/api-keys';

const KEY = 'mk-operator-0123456789abcdefghij';
const SERVER_KEY = 'sk-server-openai-0123456789abcdefgh';
const ask = JSON.stringify({
  model: 'openai/gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hi' }],
});
const OPENAI = [
  {
    label: 'openai',
    source: 'builtin' as const,
    load: () => import('@manifold/provider-openai'),
  },
];

const fake = await startFakeOpenAI();
t.teardown(() => fake.close());

/** A gateway in front of the fake OpenAI, with more environment and options. */
async function gateway(
  env: Record<string, string> = {},
  options: { apiKeyVerifiers?: ApiKeyVerifier[] } = {},
) {
  const { app, url } = await startGateway(
    t,
    { OPENAI_API_KEY: SERVER_KEY, OPENAI_PROXY_URL: fake.baseURL, ...env },
    { sources: OPENAI, ...options },
  );
  const post = async (path: string, headers: Record<string, string>, body = ask) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  return { app, url, post };
}

const withKeys = await gateway({ MANIFOLD_API_KEYS: `mk-first-key-abcdefghijklmnop,${KEY}` });

t.test('a missing key is 401 in each API shape, before anything goes upstream', async (t) => {
  const before = fake.requests.length;
  t.same(await withKeys.post('/v1/chat/completions', {}), {
    status: 401,
    body: {
      error: {
        message: 'Missing API key: send "Authorization: Bearer <key>"',
        type: 'authentication_error',
        param: null,
        code: 'InvalidAccessCode',
      },
    },
  });
  t.same(await withKeys.post('/v1/messages', {}), {
    status: 401,
    body: {
      type: 'error',
      error: {
        type: 'authentication_error',
        message: 'Missing API key: send "Authorization: Bearer <key>"',
      },
    },
  });
  t.equal(fake.requests.length, before);
});

t.test('any key of MANIFOLD_API_KEYS passes, as Bearer or x-api-key; others do not', async (t) => {
  for (const headers of [
    { authorization: `Bearer ${KEY}` } as Record<string, string>,
    { authorization: 'Bearer mk-first-key-abcdefghijklmnop' },
    { 'x-api-key': KEY },
  ]) {
    fake.reply({ kind: 'json', body: { choices: [] } });
    const { status } = await withKeys.post('/v1/chat/completions', headers);
    t.equal(status, 200, JSON.stringify(Object.keys(headers)));
  }
  for (const wrong of [KEY.slice(0, -1), `${KEY}x`, 'mk-first-key', `Basic ${KEY}`]) {
    const headers = wrong.startsWith('Basic')
      ? { authorization: wrong }
      : { authorization: `Bearer ${wrong}` };
    const { status, body } = await withKeys.post('/v1/chat/completions', headers);
    t.equal(status, 401, wrong);
    t.match(body.error.code, /InvalidUserKey|InvalidAccessCode/);
  }
});

t.test('without MANIFOLD_API_KEYS nor another verifier, /v1 says how to open it', async (t) => {
  const closed = await gateway();
  const { status, body } = await closed.post('/v1/chat/completions', {
    authorization: `Bearer ${KEY}`,
  });
  t.equal(status, 401);
  t.match(body.error, {
    code: 'InvalidUserKey',
    message: 'The API key is not valid: this server has no API keys (set MANIFOLD_API_KEYS)',
  });
});

t.test('a verifier plugged in admits personal keys and names their owner upstream', async (t) => {
  const seen: string[] = [];
  const personal: ApiKeyVerifier = (key) => {
    seen.push(key);
    return key === 'mk-personal-alice'
      ? { kind: 'personal', userId: 'alice', keyId: 'k1' }
      : undefined;
  };
  const open = await gateway({ MANIFOLD_API_KEYS: KEY }, { apiKeyVerifiers: [personal] });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  const { status } = await open.post('/v1/chat/completions', {
    authorization: 'Bearer mk-personal-alice',
  });
  t.equal(status, 200);
  t.equal((fake.lastRequest()?.body as { user?: string }).user, 'alice', "the key's owner");
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  await open.post('/v1/chat/completions', { authorization: `Bearer ${KEY}` });
  t.same(seen, ['mk-personal-alice'], 'the operator keys are asked first');

  open.app.apiKeys.add((key) => (key === 'mk-later' ? { kind: 'personal' } : undefined));
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  t.equal(
    (await open.post('/v1/chat/completions', { authorization: 'Bearer mk-later' })).status,
    200,
  );
});

t.test('an X-Manifold-Auth token still carries the caller own provider key', async (t) => {
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  const token = await authHeader({ apiKey: 'sk-own-0123456789abcdefghijklmn' });
  const { status } = await withKeys.post('/v1/chat/completions', {
    authorization: `Bearer ${KEY}`,
    'x-manifold-auth': token['x-manifold-auth']!,
  });
  t.equal(status, 200);
  t.equal(fake.lastRequest()?.headers.authorization, 'Bearer sk-own-0123456789abcdefghijklmn');

  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  await withKeys.post('/v1/chat/completions', { authorization: `Bearer ${KEY}` });
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${SERVER_KEY}`, 'else the server key');

  const bad = await withKeys.post('/v1/chat/completions', {
    authorization: `Bearer ${KEY}`,
    'x-manifold-auth': 'not-a-token',
  });
  t.equal(bad.status, 401);
  t.equal(bad.body.error.code, 'InvalidAccessCode');
});

t.test('ACCESS_CODE guards /webapi only: an API key is enough on /v1', async (t) => {
  const coded = await gateway({ MANIFOLD_API_KEYS: KEY, ACCESS_CODE: 'letmein' });
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  t.equal(
    (await coded.post('/v1/chat/completions', { authorization: `Bearer ${KEY}` })).status,
    200,
  );
});

t.test('X-Manifold-Trace is honoured on /v1: the answer names its trace', async (t) => {
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hi']) });
  const trace = Buffer.from(JSON.stringify({ enabled: true, traceId: 'trace-v1-1' })).toString(
    'base64',
  );
  const response = await fetch(`${withKeys.url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${KEY}`,
      'x-manifold-trace': trace,
    },
    body: ask,
  });
  t.equal(response.status, 200);
  t.equal(response.headers.get('x-manifold-trace-id'), 'trace-v1-1');
  t.match(response.headers.get('x-manifold-observation-id'), /\S/);
  await response.text();
});

t.test('a body over BODY_LIMIT is 413 in each API shape', async (t) => {
  const small = await gateway({ MANIFOLD_API_KEYS: KEY, BODY_LIMIT: '2048' });
  const big = JSON.stringify({
    model: 'openai/gpt-4o-mini',
    max_tokens: 10,
    messages: [{ role: 'user', content: 'x'.repeat(4096) }],
  });
  const openai = await small.post('/v1/chat/completions', { authorization: `Bearer ${KEY}` }, big);
  t.equal(openai.status, 413);
  t.match(openai.body, { error: { type: 'invalid_request_error', code: 413 } });
  const anthropic = await small.post('/v1/messages', { 'x-api-key': KEY }, big);
  t.equal(anthropic.status, 413);
  t.match(anthropic.body, { type: 'error', error: { type: 'request_too_large' } });
});
