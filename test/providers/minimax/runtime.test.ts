import t from 'tap';
import { definition } from '@manifold/provider-minimax';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const minimax = (fake: FakeOpenAI, models?: ModelCard[]) =>
  definition.createRuntime(
    runtimeOptions(
      { baseURL: `${fake.url}/v1` },
      { providerId: 'minimax', ...(models && { models }) },
    ),
  );

t.test('the default base URL is api.minimax.chat/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.minimax.chat/v1');
});

t.test('temperature is halved, and left out when 0', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = minimax(fake);

  await chatEvents(runtime, chatRequest({ model: 'MiniMax-M1', temperature: 1 }));
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).temperature, 0.5);

  await chatEvents(runtime, chatRequest({ model: 'MiniMax-M1', temperature: 0 }));
  t.notOk('temperature' in lastBody(fake));
});

t.test('top_p must be in (0, 1]: 0 is left out, 1 is kept', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = minimax(fake);

  await chatEvents(runtime, chatRequest({ model: 'MiniMax-M1', top_p: 0 }));
  t.notOk('top_p' in lastBody(fake));
  await chatEvents(runtime, chatRequest({ model: 'MiniMax-M1', top_p: 1 }));
  t.equal(lastBody(fake).top_p, 1);
});

t.test('frequency and presence penalties are never sent', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(
    minimax(fake),
    chatRequest({ model: 'MiniMax-M1', frequency_penalty: 0.5, presence_penalty: 0.5 }),
  );
  t.notOk('frequency_penalty' in lastBody(fake));
  t.notOk('presence_penalty' in lastBody(fake));
});

t.test("max_tokens defaults to the model card's maxOutput", async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(minimax(fake), chatRequest({ model: 'MiniMax-M1' }));
  t.equal(lastBody(fake).max_tokens, 40_000, 'built-in card');

  await chatEvents(minimax(fake), chatRequest({ model: 'MiniMax-M1', max_tokens: 1000 }));
  t.equal(lastBody(fake).max_tokens, 1000, 'the request wins');

  const edited: ModelCard[] = [
    {
      id: 'MiniMax-M1',
      type: 'chat',
      maxOutput: 8192,
      enabled: true,
      abilities: {},
      source: 'custom',
    },
  ];
  await chatEvents(minimax(fake, edited), chatRequest({ model: 'MiniMax-M1' }));
  t.equal(lastBody(fake).max_tokens, 8192, 'the effective list of options.models');

  await chatEvents(minimax(fake), chatRequest({ model: 'abab-unknown' }));
  t.notOk('max_tokens' in lastBody(fake), 'no card, no default');
});

t.test('search adds the web_search tool', async (t) => {
  const fake = await fakeUpstream(t);
  const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

  await chatEvents(
    minimax(fake),
    chatRequest({ model: 'MiniMax-M1', enabledSearch: true, tools: [lookup] }),
  );
  t.same(lastBody(fake).tools, [lookup, { type: 'web_search' }]);

  await chatEvents(minimax(fake), chatRequest({ model: 'MiniMax-M1' }));
  t.notOk('tools' in lastBody(fake), 'no search, no tool');
});

t.test('the annotations of the closing messages become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const body = textChunks(['Found ', 'it.']).slice(0, -1);
  const closing = chunk({}, {}, 'stop');
  const choice = (closing.choices as Array<Record<string, unknown>>)[0];
  choice!.messages = [
    { role: 'tool', content: '[search results]' },
    {
      role: 'assistant',
      content: 'Found it.',
      annotations: [{ url: 'https://www.minimaxi.com/news' }, { url: 'https://example.com/m1' }],
    },
  ];
  fake.reply({ kind: 'chunks', chunks: [...body, closing] });

  const events = await chatEvents(
    minimax(fake),
    chatRequest({ model: 'MiniMax-M1', enabledSearch: true }),
  );

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'https://www.minimaxi.com/news', url: 'https://www.minimaxi.com/news' },
      { title: 'https://example.com/m1', url: 'https://example.com/m1' },
    ],
  });
});

t.test('the static cards are MiniMax-M1 and MiniMax-Text-01 as the issue gives them', async (t) => {
  const cards = definition.manifest.models ?? [];
  for (const id of ['MiniMax-M1', 'MiniMax-Text-01']) {
    const card = cards.find((item) => item.id === id);
    t.equal(card?.contextWindowTokens, 1_000_192, id);
    t.equal(card?.maxOutput, 40_000, id);
  }
  t.same(cards.find((card) => card.id === 'MiniMax-M1')?.pricing, {
    input: 1.2,
    output: 16,
    currency: 'CNY',
  });
  t.same(cards.find((card) => card.id === 'MiniMax-Text-01')?.pricing, {
    input: 1,
    output: 8,
    currency: 'CNY',
  });
});

t.test('there is no remote model list', async (t) => {
  const fake = await fakeUpstream(t);
  const cards = await minimax(fake).models?.(callContext());
  t.same(cards ?? [], []);
  t.equal(fake.requests.length, 0);
});

void t.test('the conformance kit', conformance);
