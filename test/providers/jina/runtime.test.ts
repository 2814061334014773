import t from 'tap';
import { definition } from '../../../providers/jina/index.js';
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

const jina = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'jina' }));

t.test('a chat goes to /v1/chat/completions with the model id', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(jina(fake), chatRequest({ model: 'jina-deepsearch-v1' }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).model, 'jina-deepsearch-v1');
});

t.test('listed deepsearch models are reasoning models, others are not', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['jina-deepsearch-v2', 'jina-deepsearch-v1', 'jina-reader-lm']),
  });

  const cards = await jina(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  const byId = new Map(cards.map((card) => [card.id, card]));
  t.equal(byId.get('jina-deepsearch-v2')?.abilities.reasoning, true);
  t.notOk(byId.get('jina-reader-lm')?.abilities.reasoning);
  // the built-in card wins for its id: search comes from the manifest
  t.equal(byId.get('jina-deepsearch-v1')?.abilities.search, true);
});

t.test('the built-in deepsearch card is a reasoning model', async (t) => {
  const card = definition.manifest.models.find((model) => model.id === 'jina-deepsearch-v1');
  t.equal(card?.abilities.reasoning, true);
  t.equal(definition.manifest.defaultBaseURL, 'https://deepsearch.jina.ai/v1');
});

void t.test('the conformance kit', conformance);
