// RATE_LIMIT_RPM and RATE_LIMIT_TPM in one process (CONTRACT §11): 429 QuotaLimitReached with
// Retry-After, in the contract's error body and in the /v1 APIs' own shapes.
import t from 'tap';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { fakeUpstream, TEST_KEY } from '../wires/openai/runtime-helpers.js';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

t.test('RATE_LIMIT_RPM: requests over the limit get 429 with Retry-After', async (t) => {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t, {
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_API_KEY: TEST_KEY,
    RATE_LIMIT_RPM: '2',
    MANIFOLD_API_KEYS: 'op-key-1,op-key-2',
  });
  const webapi = async () =>
    fetch(`${url}/webapi/chat/openai?format=json`, {
      method: 'POST',
      headers: await authHeader({}),
      body: JSON.stringify(CHAT),
    });
  t.equal((await webapi()).status, 200);
  t.equal((await webapi()).status, 200);
  const over = await webapi();
  t.equal(over.status, 429);
  t.ok(Number(over.headers.get('retry-after')) > 0, 'Retry-After in seconds');
  t.match(await over.json(), { errorType: 'QuotaLimitReached', body: { message: /2 requests/ } });
  t.equal((await fetch(`${url}/health`)).status, 200, '/health is not limited');

  const v1 = (key: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CHAT, model: 'openai/gpt-4o-mini' }),
    });
  t.equal((await v1('op-key-1')).status, 200, 'an API key has its own count');
  t.equal((await v1('op-key-1')).status, 200);
  const refused = await v1('op-key-1');
  t.equal(refused.status, 429);
  t.ok(refused.headers.get('retry-after'));
  t.match(await refused.json(), { error: { type: 'rate_limit_error', code: 'QuotaLimitReached' } });
  t.equal((await v1('op-key-2')).status, 200, 'another key is counted apart');
});

t.test('RATE_LIMIT_TPM: a caller over its tokens of the minute gets 429', async (t) => {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t, {
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_API_KEY: TEST_KEY,
    RATE_LIMIT_TPM: '10',
  });
  const chat = async () =>
    fetch(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader({}),
      body: JSON.stringify(CHAT),
    });
  const first = await chat();
  t.equal(first.status, 200);
  t.match(await first.text(), /event: usage/, 'the upstream reported usage (15 tokens)');
  const second = await chat();
  t.equal(second.status, 429);
  t.ok(Number(second.headers.get('retry-after')) >= 1);
  t.match(await second.json(), { errorType: 'QuotaLimitReached' });
});
