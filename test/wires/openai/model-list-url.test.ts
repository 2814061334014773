import t from 'tap';
import { resolveModelListURL } from '@manifold/wire-openai/models';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { callContext, fakeUpstream, runtimeOptions } from './runtime-helpers.js';

t.test('a fromOrigin list is read on the base URL origin, outside the base path', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['chat-a']) });
  const runtime = createOpenAICompatibleRuntime(
    {
      baseURL: 'http://unused.invalid/api/v4',
      models: { url: { fromOrigin: '/api/catalog/list?pageSize=100' } },
    },
    runtimeOptions({ baseURL: `${fake.url}/api/v4` }),
  );

  const cards = await runtime.models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/api/catalog/list');
  t.equal(request?.query.get('pageSize'), '100');
  t.match(request?.headers.authorization, /^Bearer /);
  t.same(
    cards.map((card) => card.id),
    ['chat-a'],
  );
});

t.test('a plain path stays relative to the base URL', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['chat-a']) });
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: 'http://unused.invalid/v1', models: { url: '/models?sub_type=chat' } },
    runtimeOptions({ baseURL: `${fake.url}/api/v4` }),
  );

  await runtime.models!(callContext());

  t.equal(fake.lastRequest()?.path, '/api/v4/models');
});

t.test('without a runtime base URL fromOrigin uses the default base URL origin', async (t) => {
  const options = runtimeOptions({ baseURL: '' });
  t.equal(
    resolveModelListURL({ fromOrigin: '/catalog/models' }, options, 'https://api.example.com/v1'),
    'https://api.example.com/catalog/models',
  );
  t.equal(resolveModelListURL(undefined, options, 'https://api.example.com/v1'), '/models');
});
