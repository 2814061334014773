import t from 'tap';
import { definition } from '@manifold/provider-github';
import { catalogURL } from '@manifold/provider-github/models';
import { chatCompletion } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  rejection,
  runtimeOptions,
  user,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const github = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/inference` }, { providerId: 'github' }),
  );

const sampling = { temperature: 0.7, top_p: 0.9, frequency_penalty: 0.2, presence_penalty: 0.1 };
const messages = [{ role: 'system' as const, content: 'Be brief.' }, user('Hi')];

t.test('the default base URL is models.github.ai/inference', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://models.github.ai/inference');
});

t.test('an invalid token (401) is InvalidGithubToken', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401, 'unauthorized', 'Bad credentials'));

  const error = await rejection(
    github(fake).chat(chatRequest({ model: 'openai/gpt-4.1' }), callContext()),
  );

  t.equal(error.errorType, 'InvalidGithubToken');
  t.equal(error.body.provider, 'github');
});

t.test('o1/o3 models are called without streaming and the answer is still streamed', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: chatCompletion('Brief answer.') });

  const events = await chatEvents(github(fake), chatRequest({ model: 'openai/o3-mini', messages }));

  t.equal(fake.lastRequest()?.path, '/inference/chat/completions');
  t.equal(lastBody(fake).stream, false);
  t.notOk('stream_options' in lastBody(fake));
  t.same(
    events.filter((event) => event.event === 'text').map((event) => event.data),
    ['Brief answer.'],
  );
});

t.test('o1/o3 models are pruned: no sampling parameters, system becomes developer', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: chatCompletion('ok') });

  await chatEvents(github(fake), chatRequest({ model: 'openai/o1', messages, ...sampling }));

  const body = lastBody(fake);
  for (const param of Object.keys(sampling)) t.notOk(param in body, `${param} dropped`);
  t.same(
    body.messages.map((message: { role: string }) => message.role),
    ['developer', 'user'],
  );

  fake.reply({ kind: 'json', body: chatCompletion('ok') });
  await chatEvents(github(fake), chatRequest({ model: 'openai/o1-mini', messages }));
  t.equal(lastBody(fake).messages[0].role, 'user', 'o1-mini takes no developer role');
});

t.test('other models stream and keep their parameters and system role', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(github(fake), chatRequest({ model: 'openai/gpt-4.1', messages, ...sampling }));

  const body = lastBody(fake);
  t.equal(body.stream, true);
  t.equal(body.temperature, 0.7);
  t.equal(body.top_p, 0.9);
  t.equal(body.messages[0].role, 'system');
});

t.test('the model list is the catalog on the base URL origin, mapped to cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: [
      {
        id: 'openai/gpt-4.1',
        name: 'OpenAI GPT-4.1',
        summary: 'from the catalog',
        capabilities: ['streaming', 'tool-calling'],
        limits: { max_input_tokens: 1048576, max_output_tokens: 32768 },
        supported_input_modalities: ['text', 'image'],
        supported_output_modalities: ['text'],
      },
      {
        id: 'microsoft/Phi-4-reasoning',
        name: 'Phi-4-reasoning',
        summary: 'Small reasoning model.',
        capabilities: ['streaming', 'reasoning'],
        limits: { max_input_tokens: 32768, max_output_tokens: 4096 },
        supported_input_modalities: ['text'],
        supported_output_modalities: ['text'],
      },
      {
        id: 'openai/text-embedding-3-large',
        name: 'OpenAI Text Embedding 3 (large)',
        summary: 'Embeddings.',
        capabilities: [],
        limits: { max_input_tokens: 8191, max_output_tokens: null },
        supported_input_modalities: ['text'],
        supported_output_modalities: ['embeddings'],
      },
    ],
  });

  const cards = await github(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/catalog/models', 'on the origin, not under /inference');
  t.equal(request?.headers.authorization, 'Bearer sk-test-0123456789abcdefghijklmnop');
  t.same(
    cards.map((card) => card.id),
    ['openai/gpt-4.1', 'microsoft/Phi-4-reasoning'],
  );
  t.equal(
    cards[0]!.description,
    'GPT-4.1: strong coding and instruction following with a 1M-token context.',
    'built-in card preferred',
  );
  t.match(cards[1], {
    displayName: 'Phi-4-reasoning',
    description: 'Small reasoning model.',
    contextWindowTokens: 36864,
    maxOutput: 4096,
    abilities: { reasoning: true },
    source: 'remote',
  });
  t.notOk(cards[1]!.abilities.functionCall);
});

t.test('the catalog URL for the default base URL', async (t) => {
  t.equal(
    catalogURL(runtimeOptions({ baseURL: 'https://models.github.ai/inference' })),
    'https://models.github.ai/catalog/models',
  );
});

void t.test('the conformance kit', conformance);
