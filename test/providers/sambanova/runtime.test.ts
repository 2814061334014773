import t from 'tap';
import { definition } from '../../../providers/sambanova/index.js';
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

const sambanova = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'sambanova' }),
  );

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    sambanova(fake),
    chatRequest({ model: 'Meta-Llama-3.3-70B-Instruct', temperature: 0.7 }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'Meta-Llama-3.3-70B-Instruct', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['Meta-Llama-3.3-70B-Instruct', 'Qwen3-32B']) });

  const cards = await sambanova(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards.map((card) => card.id).sort(), ['Meta-Llama-3.3-70B-Instruct', 'Qwen3-32B'].sort());
  const builtin = definition.manifest.models.find(
    (card) => card.id === 'Meta-Llama-3.3-70B-Instruct',
  );
  t.same(
    cards.find((card) => card.id === 'Meta-Llama-3.3-70B-Instruct')?.abilities,
    builtin?.abilities,
  );
});

t.test('the default base URL is https://api.sambanova.ai/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.sambanova.ai/v1');
});

void t.test('the conformance kit', conformance);
