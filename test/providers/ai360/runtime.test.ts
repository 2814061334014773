import t from 'tap';
import { definition } from '@manifold/provider-ai360';
import { WEB_SEARCH_TOOL } from '../../../providers/ai360/search.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
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
import { streamOffWithToolsTests } from '../../wires/openai/stream-off-with-tools.js';

const ai360 = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'ai360' }));

streamOffWithToolsTests(t, ai360, '360gpt-pro');

t.test('search adds the web_search tool', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(ai360(fake), chatRequest({ model: '360gpt2-pro', enabledSearch: true }));
  t.same(lastBody(fake).tools, [WEB_SEARCH_TOOL]);
  t.same(WEB_SEARCH_TOOL, { type: 'web_search', web_search: { search_mode: 'auto' } });

  await chatEvents(ai360(fake), chatRequest({ model: '360gpt2-pro' }));
  t.notOk('tools' in lastBody(fake));
});

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['360gpt2-o1', '360gpt-pro-sc202401', 'embedding_s1_v1']),
  });

  const cards = await ai360(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['360gpt2-o1', '360gpt-pro-sc202401'],
  );
  t.equal(cards[0]?.displayName, '360GPT2 o1');
  t.equal(cards[1]?.abilities.functionCall, true);
});

void t.test('the conformance kit', conformance);
