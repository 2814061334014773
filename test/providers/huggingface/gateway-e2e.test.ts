import t, { type Test } from 'tap';
import { join } from 'node:path';
import { builtinSources } from '@manifold/gateway/discovery';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import { ROOT } from '../../helpers/paths.js';
import { chatUsage, chunk } from '@manifold/provider-kit/fakes/openai-builders';
import { HF_MESSAGES, stringError } from '@manifold/provider-kit/fakes/huggingface';
import { fakeHuggingFace } from './helpers.js';

const MODEL = 'deepseek-ai/DeepSeek-R1';

/** The huggingface folder as discovery finds it (package.json keyword and entry), alone: a fast boot. */
const onlyHuggingface = async () =>
  (await builtinSources(join(ROOT, 'providers'))).filter(
    (source) => source.label === 'huggingface',
  );

/** A gateway whose Hugging Face provider points the router and the Hub at the fake. */
async function gateway(t: Test) {
  const fake = await fakeHuggingFace(t);
  const { url } = await startGateway(
    t,
    {
      HUGGINGFACE_PROXY_URL: fake.url,
      HUGGINGFACE_API_KEY: fake.token,
      HUGGINGFACE_HUB_URL: fake.url,
    },
    { sources: await onlyHuggingface() },
  );
  const chat = async (body: Record<string, unknown>, token = {}) => {
    const response = await fetch(`${url}/webapi/chat/huggingface`, {
      method: 'POST',
      headers: await authHeader(token),
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], ...body }),
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}

/** One gateway for the tests that need the standard configuration (booting one is the slow part). */
let booted: ReturnType<typeof gateway> | undefined;
const shared = () => (booted ??= gateway(t));

t.test('reasoning, text, a tool call and usage give exactly the contract stream', async (t) => {
  const { fake, chat } = await shared();
  const id = 'chatcmpl-hf-e2e';
  const options = { id, model: MODEL };
  const head = {
    index: 0,
    id: 'call_h1',
    type: 'function',
    function: { name: 'weather____get', arguments: '' },
  };
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk({ role: 'assistant', content: '<think>' }, options),
      chunk({ content: 'Need weather.' }, options),
      chunk({ content: '</think>' }, options),
      chunk({ content: 'Checking.' }, options),
      chunk({ tool_calls: [head] }, options),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }, options),
      chunk({}, options, 'tool_calls'),
      { ...chunk({}, options), choices: [], usage: chatUsage(30, 12) },
    ],
  });
  const { status, text } = await chat({ top_p: 1 });
  t.equal(status, 200);
  const events = parseEventStream(text);
  const call = (args: string) => [
    {
      index: 0,
      id: 'call_h1',
      type: 'function',
      function: { name: 'weather____get', arguments: args },
    },
  ];
  t.same(
    events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
    [
      [id, 'reasoning', 'Need weather.'],
      [id, 'text', 'Checking.'],
      [id, 'tool_calls', call('')],
      [id, 'tool_calls', call('{"city":"Paris"}')],
      [id, 'stop', 'tool_calls'],
      [
        id,
        'usage',
        {
          totalInputTokens: 30,
          totalOutputTokens: 12,
          totalTokens: 42,
          inputCacheMissTokens: 30,
          inputTextTokens: 30,
          outputTextTokens: 12,
        },
      ],
    ],
  );
  t.match(events.at(-1), {
    id: 'output_speed',
    event: 'speed',
    data: { ttft: Number, tps: Number },
  });
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions', 'the bare proxy origin gets /v1');
  t.same(fake.lastRequest()?.body, {
    model: MODEL,
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
    top_p: 0.99,
    max_tokens: 4096,
  });
});

t.test('a Pro-only model is HTTP 403 PermissionDenied; a bad token 401', async (t) => {
  const { fake, chat } = await shared();
  fake.reply({ kind: 'json', status: 403, body: stringError(HF_MESSAGES.proRequired) });
  const pro = await chat({});
  t.equal(pro.status, 403);
  t.match(JSON.parse(pro.text), {
    errorType: 'PermissionDenied',
    body: { provider: 'huggingface', message: HF_MESSAGES.proRequired },
  });
  const bad = await chat({}, { apiKey: 'hf_userkey0123456789abcdefgh' });
  t.equal(bad.status, 401);
  t.equal(JSON.parse(bad.text).errorType, 'InvalidProviderAPIKey');
  t.notMatch(bad.text, 'hf_userkey', 'the key never reaches the client');
});

t.test('without any key the call is refused with 401 before reaching the router', async (t) => {
  const fake = await fakeHuggingFace(t);
  const { url } = await startGateway(
    t,
    { HUGGINGFACE_PROXY_URL: fake.url },
    { sources: await onlyHuggingface() },
  );
  const response = await fetch(`${url}/webapi/chat/huggingface`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  t.equal(response.status, 401);
  t.equal(((await response.json()) as { errorType: string }).errorType, 'InvalidProviderAPIKey');
  t.equal(fake.requests.length, 0);
});

t.test('GET /webapi/models/huggingface lists the Hub models', async (t) => {
  const { fake, url } = await shared();
  const response = await fetch(`${url}/webapi/models/huggingface`, { headers: await authHeader() });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as { models: Array<{ id: string; source: string }> };
  t.ok(models.some((model) => model.id === 'meta-llama/Llama-3.3-70B-Instruct'));
  t.ok(models.every((model) => model.source === 'remote'));
  t.equal(fake.lastRequest()?.path, '/api/models');
});
