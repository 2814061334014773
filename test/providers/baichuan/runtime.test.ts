import t from 'tap';
import { definition } from '@manifold/provider-baichuan';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const baichuan = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'baichuan', env }),
  );

t.test('the default base URL is api.baichuan-ai.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.baichuan-ai.com/v1');
});

t.test('temperature is halved', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(baichuan(fake), chatRequest({ model: 'Baichuan4-Turbo', temperature: 0.8 }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).temperature, 0.4);
});

t.test('frequency_penalty is never sent, presence_penalty is', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(
    baichuan(fake),
    chatRequest({ model: 'Baichuan4-Turbo', frequency_penalty: 0.5, presence_penalty: 0.5 }),
  );
  t.notOk('frequency_penalty' in lastBody(fake));
  t.equal(lastBody(fake).presence_penalty, 0.5);
});

t.test(
  'search adds the web_search tool with BAICHUAN_SEARCH_MODE, default performance_first',
  async (t) => {
    const fake = await fakeUpstream(t);
    const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

    await chatEvents(
      baichuan(fake),
      chatRequest({ model: 'Baichuan4-Turbo', enabledSearch: true, tools: [lookup] }),
    );
    t.same(lastBody(fake).tools, [
      lookup,
      { type: 'web_search', web_search: { enable: true, search_mode: 'performance_first' } },
    ]);

    await chatEvents(
      baichuan(fake, { BAICHUAN_SEARCH_MODE: 'quality_first' }),
      chatRequest({ model: 'Baichuan4-Turbo', enabledSearch: true }),
    );
    t.same(lastBody(fake).tools, [
      { type: 'web_search', web_search: { enable: true, search_mode: 'quality_first' } },
    ]);

    await chatEvents(baichuan(fake), chatRequest({ model: 'Baichuan4-Turbo' }));
    t.notOk('tools' in lastBody(fake), 'no search, no tool');
  },
);

t.test('there is no remote model list', async (t) => {
  const fake = await fakeUpstream(t);
  const cards = await baichuan(fake).models?.(callContext());
  t.same(cards ?? [], []);
  t.equal(fake.requests.length, 0, 'nothing is asked upstream');
});

void t.test('the conformance kit', conformance);
