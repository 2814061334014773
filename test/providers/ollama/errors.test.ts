import t from 'tap';
import { errorStatus } from '@manifold/core/errors/status';
import { definition } from '@manifold/provider-ollama';
import { OLLAMA_UNAVAILABLE_MESSAGE } from '@manifold/provider-ollama/errors';
import {
  callContext,
  recordingLogger,
  rejection,
  thrown,
} from '../../wires/openai/runtime-helpers.js';
import { closedPort, ollamaError } from '@manifold/provider-kit/fakes/ollama';
import { PROXY_KEY, setup } from './helpers.js';

const ask = { model: 'llama3.2', messages: [{ role: 'user' as const, content: 'Hi' }] };
const create = (baseURL?: string, extra = {}) =>
  definition.createRuntime({
    providerId: 'ollama',
    env: {},
    logger: recordingLogger(),
    ...(baseURL === undefined ? {} : { baseURL, customBaseURL: true }),
    ...extra,
  });

t.test('a malformed base URL is InvalidOllamaArgs at construction (HTTP 401)', async (t) => {
  for (const baseURL of ['not a url', '127.0.0.1:11434', 'ftp://127.0.0.1:11434', 'http://']) {
    const error = thrown(() => create(baseURL));
    t.equal(error?.errorType, 'InvalidOllamaArgs', baseURL);
    t.same(error?.body, {
      provider: 'ollama',
      message: 'The Ollama service address is not a valid http(s) URL',
    });
  }
  t.equal(errorStatus('InvalidOllamaArgs'), 401);
});

t.test('no key and no base URL are needed: the default host is used', async (t) => {
  const runtime = create();
  t.type(runtime.chat, 'function');
  t.type(runtime.pull, 'function');
});

t.test(
  'an unreachable host is OllamaServiceUnavailable (472), the custom host masked',
  async (t) => {
    const port = await closedPort();
    const error = await rejection(create(`http://127.0.0.1:${port}`).chat(ask, callContext()));
    t.equal(error?.errorType, 'OllamaServiceUnavailable');
    t.equal(errorStatus(error.errorType), 472);
    t.same(error?.body, {
      error: { name: 'TypeError', message: 'fetch failed', code: 'ECONNREFUSED' },
      message: OLLAMA_UNAVAILABLE_MESSAGE,
      provider: 'ollama',
      endpoint: 'http://127.****.****.1:****',
    });
    t.equal(OLLAMA_UNAVAILABLE_MESSAGE, 'please check whether your ollama service is available');
    const models = await rejection(create(`http://127.0.0.1:${port}`).models!(callContext()));
    t.equal(models?.errorType, 'OllamaServiceUnavailable', 'the model list too');
    const pull = await rejection(
      create(`http://127.0.0.1:${port}`).pull!('llama3.2', callContext()),
    );
    t.equal(pull?.errorType, 'OllamaServiceUnavailable', 'and a pull');
  },
);

t.test('the default host is not masked (it is not a custom endpoint)', async (t) => {
  const port = await closedPort();
  const runtime = definition.createRuntime({
    providerId: 'ollama',
    baseURL: `http://127.0.0.1:${port}`,
    env: {},
    logger: recordingLogger(),
  });
  const error = await rejection(runtime.chat(ask, callContext()));
  t.notOk('endpoint' in error.body);
});

t.test("Ollama's error answers are OllamaBizError with the error", async (t) => {
  const { fake, runtime } = await setup(t, { customBaseURL: true });
  fake.reply(ollamaError(404, "model 'x' not found"));
  const error = await rejection(runtime.chat({ ...ask, model: 'x' }, callContext()));
  t.equal(error?.errorType, 'OllamaBizError');
  t.equal(errorStatus(error.errorType), 472);
  t.same(error?.body, {
    error: { error: "model 'x' not found" },
    message: "model 'x' not found",
    provider: 'ollama',
    endpoint: 'http://127.****.****.1:****',
  });
  fake.reply(ollamaError(400, 'registry.ollama.ai/library/llama3.2 does not support thinking'));
  const thinking = await rejection(runtime.chat(ask, callContext()));
  t.equal(thinking?.errorType, 'OllamaBizError');
});

t.test('a text error from a proxy in front of Ollama is an OllamaBizError too', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'raw', status: 502, body: 'Bad Gateway' });
  const error = await rejection(runtime.chat(ask, callContext()));
  t.equal(error?.errorType, 'OllamaBizError');
  t.equal(error?.body.message, 'Bad Gateway');
  fake.reply({ kind: 'raw', status: 503, body: '' });
  const empty = await rejection(runtime.chat(ask, callContext()));
  t.equal(empty?.body.message, 'Error 503: Service Unavailable', 'an empty body: the status');
  fake.reply({ kind: 'json', status: 500, body: { detail: 'no error field' } });
  const other = await rejection(runtime.chat(ask, callContext()));
  t.equal(other?.body.message, '{"detail":"no error field"}', 'JSON without error: its text');
});

t.test(
  'a 401 from an authenticating proxy is InvalidProviderAPIKey, the key redacted',
  async (t) => {
    const { fake, runtime } = await setup(t, { apiKey: PROXY_KEY, customBaseURL: true });
    fake.reply(ollamaError(401, `invalid token ${PROXY_KEY}`));
    const error = await rejection(runtime.chat(ask, callContext()));
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.notMatch(JSON.stringify(error.body), PROXY_KEY);
  },
);

t.test('embeddings and model-list errors map the same way', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply(ollamaError(404, 'model "nomic" not found, try pulling it first'), '/api/embed');
  const error = await rejection(runtime.embeddings!({ model: 'nomic', input: 'x' }, callContext()));
  t.equal(error?.errorType, 'OllamaBizError');
  t.equal(error?.body.message, 'model "nomic" not found, try pulling it first');
  fake.reply(ollamaError(500, 'boom'), '/api/tags');
  t.equal((await rejection(runtime.models!(callContext())))?.errorType, 'OllamaBizError');
});
