import t from 'tap';
import { definition } from '@manifold/provider-stepfun';
import { WEB_SEARCH_TOOL } from '../../../providers/stepfun/search.js';
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

const stepfun = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'stepfun' }),
  );

streamOffWithToolsTests(t, stepfun, 'step-1-8k');

t.test('search adds the web_search tool', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(stepfun(fake), chatRequest({ model: 'step-2-mini', enabledSearch: true }));
  t.same(lastBody(fake).tools, [WEB_SEARCH_TOOL]);
  t.same(WEB_SEARCH_TOOL, {
    type: 'web_search',
    function: {
      name: 'web_search',
      description: 'use web_search to search information on the internet',
    },
  });

  await chatEvents(stepfun(fake), chatRequest({ model: 'step-2-mini' }));
  t.notOk('tools' in lastBody(fake));
});

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['step-1v-8k', 'step-2-16k-exp', 'step-1o-vision-32k', 'step-1x-embedding']),
  });

  const cards = await stepfun(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['step-1v-8k', 'step-2-16k-exp', 'step-1o-vision-32k'],
  );
  t.equal(cards[0]?.displayName, 'Step 1V 8K');
  t.equal(cards[1]?.abilities.functionCall, true);
  t.equal(cards[2]?.abilities.vision, true);
  t.notOk(cards[2]?.abilities.functionCall);
});

void t.test('the conformance kit', conformance);
