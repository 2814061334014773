// A base URL with a query string: the paths go before it, it is kept on every request, and its
// values never reach an error body or the log.
import t, { type Test } from 'tap';
import { join } from 'node:path';
import { builtinSources } from '@manifold/gateway/discovery';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { ROOT } from '../helpers/paths.js';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { fakeGoogle, GOOGLE_KEY } from '../providers/google/helpers.js';
import { fakeHuggingFace } from '../providers/huggingface/helpers.js';
import { fakeUpstream } from '../wires/openai/runtime-helpers.js';

const SECRET = 'secret123secret';
const QUERY = `api-version=x&key=${SECRET}`;
const OPENAI_KEY = 'sk-server-0123456789abcdefghijkl';

const only = async (...ids: string[]) =>
  (await builtinSources(join(ROOT, 'providers'))).filter((source) => ids.includes(source.label));

/** A gateway with only the named providers, writing its pino log (debug level) into `lines`. */
async function gateway(t: Test, env: Record<string, string>, ids: string[]) {
  const lines: string[] = [];
  // one call per request: an upstream 500 is answered, not retried (retries have their own tests)
  const { url } = await startGateway(
    t,
    { RETRY_MAX: '0', ...env },
    {
      sources: await only(...ids),
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    },
  );
  const call = async (path: string, token = {}, body?: Record<string, unknown>) => {
    const response = await fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: await authHeader(token),
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  return { lines, call };
}

const ask = (model: string) => ({ model, messages: [{ role: 'user', content: 'Hi' }] });

t.test('the path goes before the query, which is kept on every request to the base', async (t) => {
  const fake = await fakeUpstream(t);
  const { call } = await gateway(t, { OPENAI_API_KEY: OPENAI_KEY }, ['openai']);
  const token = { baseURL: `${fake.baseURL}?${QUERY}` };

  const chat = await call('/webapi/chat/openai', token, ask('gpt-4o-mini'));
  const models = await call('/webapi/models/openai', token);

  t.equal(chat.status, 200);
  t.equal(models.status, 200);
  t.same(
    fake.requests.map((request) => [request.method, request.path, request.query.toString()]),
    [
      ['POST', '/v1/chat/completions', QUERY],
      ['GET', '/v1/models', QUERY],
    ],
  );
});

t.test('two callers with different query values each get their own', async (t) => {
  const fake = await fakeUpstream(t);
  const { call } = await gateway(t, { OPENAI_API_KEY: OPENAI_KEY }, ['openai']);

  await call('/webapi/chat/openai', { baseURL: `${fake.baseURL}?key=first-value` }, ask('m'));
  await call('/webapi/chat/openai', { baseURL: `${fake.baseURL}?key=second-value` }, ask('m'));

  t.same(
    fake.requests.map((request) => request.query.get('key')),
    ['first-value', 'second-value'],
  );
});

t.test('an error answer names the masked endpoint and never a query value', async (t) => {
  const fake = await fakeUpstream(t);
  const { lines, call } = await gateway(t, { OPENAI_API_KEY: OPENAI_KEY }, ['openai']);
  const token = { baseURL: `${fake.baseURL}?${QUERY}` };
  fake.reply({ kind: 'error', status: 401 });
  // An upstream that quotes the URL it was called with.
  fake.reply({
    kind: 'json',
    status: 500,
    body: {
      error: { message: `failed: POST /v1/chat/completions?${QUERY}`, type: 'server_error' },
    },
  });

  const refused = await call('/webapi/chat/openai', token, ask('gpt-4o-mini'));
  const failed = await call('/webapi/chat/openai', token, ask('gpt-4o-mini'));

  t.equal(refused.status, 401);
  t.match(JSON.parse(refused.text), {
    errorType: 'InvalidProviderAPIKey',
    body: { provider: 'openai', endpoint: 'http://127.****.****.1:****/v1' },
  });
  t.equal(fake.requests[0]?.path, '/v1/chat/completions');
  t.equal(failed.status, 471, 'a 500 of an OpenAI-compatible upstream is ProviderBizError');
  t.match(JSON.parse(failed.text), {
    body: {
      endpoint: 'http://127.****.****.1:****/v1',
      message: 'failed: POST /v1/chat/completions?api-version=x&key=****',
    },
  });
  t.notOk(
    [refused.text, failed.text, ...lines].some((text) => text.includes(SECRET)),
    'the query value appears in no answer and no log line',
  );
});

t.test('a query credential the upstream quotes is masked by its name too', async (t) => {
  const fake = await fakeUpstream(t);
  const { call } = await gateway(t, { OPENAI_API_KEY: OPENAI_KEY }, ['openai']);
  // Azure Functions and API Management proxies take their key as `code` or `subscription-key`.
  const query = 'code=fnKey0123456789&subscription-key=apim0123456789';
  fake.reply({
    kind: 'json',
    status: 500,
    body: { error: { message: `failed: /v1/chat/completions?${query}`, type: 'server_error' } },
  });

  const failed = await call(
    '/webapi/chat/openai',
    { baseURL: `${fake.baseURL}?${query}` },
    ask('gpt-4o-mini'),
  );

  t.equal(fake.lastRequest()?.query.toString(), query);
  t.match(JSON.parse(failed.text), {
    body: { message: 'failed: /v1/chat/completions?code=****&subscription-key=****' },
  });
});

t.test('the Anthropic and Google SDKs and a hand-written fetch wire keep the query', async (t) => {
  const anthropic = await startFakeAnthropic();
  t.teardown(() => anthropic.close());
  const google = await fakeGoogle(t);
  const huggingface = await fakeHuggingFace(t);
  const { call } = await gateway(
    t,
    {
      ANTHROPIC_PROXY_URL: `${anthropic.url}?${QUERY}`,
      ANTHROPIC_API_KEY: 'sk-ant-api03-server0123456789abcdefgh',
      GOOGLE_PROXY_URL: `${google.url}?tenant=t1`,
      GOOGLE_API_KEY: GOOGLE_KEY,
      HUGGINGFACE_PROXY_URL: `${huggingface.baseURL}?${QUERY}`,
      HUGGINGFACE_API_KEY: huggingface.token,
    },
    ['anthropic', 'google', 'huggingface'],
  );

  t.equal(
    (await call('/webapi/chat/anthropic', {}, ask('claude-sonnet-4-5-20250929'))).status,
    200,
  );
  t.equal((await call('/webapi/chat/google', {}, ask('gemini-2.5-flash'))).status, 200);
  t.equal((await call('/webapi/chat/huggingface', {}, ask('deepseek-ai/DeepSeek-R1'))).status, 200);

  const sent = (request?: { path: string; query: URLSearchParams }) =>
    request && `${request.path}?${request.query}`;
  t.equal(sent(anthropic.lastRequest()), `/v1/messages?${QUERY}`);
  t.equal(
    sent(google.requests.at(-1)),
    '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&tenant=t1',
    "the wire's own parameters stay first",
  );
  t.equal(sent(huggingface.lastRequest()), `/v1/chat/completions?${QUERY}`);
});
