import t from 'tap';
import { definition } from '@manifold/provider-internlm';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { callContext, fakeUpstream, runtimeOptions } from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';
import { streamOffWithToolsTests } from '../../wires/openai/stream-off-with-tools.js';

const internlm = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/puyu/api/v1` }, { providerId: 'internlm' }),
  );

streamOffWithToolsTests(t, internlm, 'internlm3-latest', '/puyu/api/v1/chat/completions');

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['intern-s1', 'internvl2.5-latest', 'internlm-embedding']),
  });

  const cards = await internlm(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/puyu/api/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['intern-s1', 'internvl2.5-latest'],
  );
  t.equal(cards[0]?.displayName, 'Intern-S1');
  t.equal(cards[1]?.abilities.vision, true);
});

void t.test('the conformance kit', conformance);
