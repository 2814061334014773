import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { definition } from '../../../providers/higress/index.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
  thrown,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const higress = (fake: FakeOpenAI, overrides = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'higress', ...overrides }),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

t.test('a runtime without a base URL fails at construction with BadRequest', async (t) => {
  const error = thrown(() =>
    definition.createRuntime(runtimeOptions({ baseURL: '' }, { providerId: 'higress' })),
  );

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'BadRequest');
  t.equal(error.body.provider, 'higress');
  t.match(error.body.message, /base URL/);
  t.notOk('defaultBaseURL' in definition.manifest);
  t.equal(definition.manifest.keyVault.find((f) => f.field === 'baseURL')?.required, true);
});

t.test('a chat goes to the user gateway with the model id', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(higress(fake), chatRequest({ model: 'qwen-plus' }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'qwen-plus', stream: true });
});

t.test('requests carry Referer, Title and a fresh x-Request-Id each', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = higress(fake);

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus' }));
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus' }));

  const [first, second] = fake.requests.map((request) => request.headers);
  t.equal(first?.['http-referer'], 'https://github.com/manifold');
  t.equal(first?.['x-title'], 'Manifold');
  t.match(first?.['x-request-id'], UUID);
  t.match(second?.['x-request-id'], UUID);
  t.not(first?.['x-request-id'], second?.['x-request-id']);
  t.match(first?.authorization, /^Bearer sk-test-/);
});

t.test('a guarded fetch given by the gateway is still used, with the request id', async (t) => {
  const fake = await fakeUpstream(t);
  const seen: string[] = [];
  const guarded: typeof fetch = (input, init) => {
    seen.push(String(input));
    return fetch(input, init);
  };

  await chatEvents(higress(fake, { fetch: guarded }), chatRequest({ model: 'qwen-plus' }));

  t.same(seen, [`${fake.url}/v1/chat/completions`]);
  t.match(fake.lastRequest()?.headers['x-request-id'], UUID);
});

t.test('the model list is read from the gateway', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['qwen-plus', 'glm-4-plus']) });

  const cards = await higress(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.match(fake.lastRequest()?.headers['x-request-id'], UUID);
  t.same(cards.map((card) => card.id).sort(), ['glm-4-plus', 'qwen-plus']);
});

void t.test('the conformance kit', conformance);
