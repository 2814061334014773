import t from 'tap';
import { definition } from '@manifold/provider-xai';
import { chatUsage, modelList, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
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

const xai = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'xai', env }),
  );

const penalties = { frequency_penalty: 0.5, presence_penalty: 0.3 };

t.test('the default base URL is api.x.ai/v1 and the search env flags are documented', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.x.ai/v1');
  t.ok(definition.environment.XAI_MAX_SEARCH_RESULTS);
  t.ok(definition.environment.XAI_SAFE_SEARCH);
});

t.test(
  'penalties are dropped for grok-3-mini, grok-4 and grok-code, kept for grok-3',
  async (t) => {
    const fake = await fakeUpstream(t);
    const runtime = xai(fake);

    for (const model of ['grok-3-mini', 'grok-4', 'grok-4-fast-reasoning', 'grok-code-fast-1']) {
      await chatEvents(runtime, chatRequest({ model, ...penalties }));
      t.notOk('frequency_penalty' in lastBody(fake), `${model}: no frequency_penalty`);
      t.notOk('presence_penalty' in lastBody(fake), `${model}: no presence_penalty`);
    }

    await chatEvents(runtime, chatRequest({ model: 'grok-3', ...penalties }));
    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
    t.equal(lastBody(fake).frequency_penalty, 0.5);
    t.equal(lastBody(fake).presence_penalty, 0.3);
  },
);

t.test('search adds search_parameters: auto, citations, 15 results, news/web/x', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = xai(fake);

  await chatEvents(runtime, chatRequest({ model: 'grok-4', enabledSearch: true }));
  t.same(lastBody(fake).search_parameters, {
    mode: 'auto',
    return_citations: true,
    max_search_results: 15,
    sources: [
      { type: 'news', safe_search: false },
      { type: 'web', safe_search: false },
      { type: 'x' },
    ],
  });

  await chatEvents(runtime, chatRequest({ model: 'grok-4' }));
  t.notOk('search_parameters' in lastBody(fake), 'no search, no parameters');
});

t.test(
  'XAI_MAX_SEARCH_RESULTS is held to 1–30 and XAI_SAFE_SEARCH=1 turns safe search on',
  async (t) => {
    const fake = await fakeUpstream(t);
    const searchParameters = async (env: Record<string, string>) => {
      await chatEvents(xai(fake, env), chatRequest({ model: 'grok-3', enabledSearch: true }));
      return lastBody(fake).search_parameters;
    };

    t.equal((await searchParameters({ XAI_MAX_SEARCH_RESULTS: '50' })).max_search_results, 30);
    t.equal((await searchParameters({ XAI_MAX_SEARCH_RESULTS: '0' })).max_search_results, 1);
    t.equal((await searchParameters({ XAI_MAX_SEARCH_RESULTS: '7' })).max_search_results, 7);
    t.equal((await searchParameters({ XAI_MAX_SEARCH_RESULTS: 'many' })).max_search_results, 15);

    const safe = await searchParameters({ XAI_SAFE_SEARCH: '1' });
    t.same(
      safe.sources.map((source: { safe_search?: boolean }) => source.safe_search),
      [true, true, undefined],
    );
  },
);

t.test('Live Search citations on the chunks become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const citations = ['https://x.com/xai/status/1', 'https://x.ai/news/grok-4'];
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Grok ', '4 is out.']).map((c) => ({ ...c, citations })),
  });

  const events = await chatEvents(xai(fake), chatRequest({ model: 'grok-4', enabledSearch: true }));

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(
    (groundings[0]!.data as { citations: Array<{ url: string }> }).citations.map((c) => c.url),
    citations,
  );
});

t.test(
  'usage: reasoning tokens are added to completion tokens (xAI reports them apart)',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'chunks',
      chunks: textChunks(['Done.'], { usage: chatUsage(10, 5, { reasoningTokens: 20 }) }),
    });

    const events = await chatEvents(xai(fake), chatRequest({ model: 'grok-3-mini' }));

    const usage = events.find((event) => event.event === 'usage')?.data as Record<string, number>;
    t.equal(usage.totalOutputTokens, 25);
    t.equal(usage.outputTextTokens, 5);
    t.equal(usage.outputReasoningTokens, 20);
  },
);

t.test('the model list comes from /models with grok abilities inferred by id', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['grok-4', 'grok-4-1-fast-reasoning', 'grok-2-vision-1212']),
  });
  const cards = await xai(fake).models!(callContext());
  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['grok-4', 'grok-4-1-fast-reasoning', 'grok-2-vision-1212'],
  );
  t.equal(cards[0]!.displayName, 'Grok 4', 'built-in card preferred');
  t.equal(cards[1]!.abilities.reasoning, true, 'inferred from the id');
  t.equal(cards[1]!.abilities.functionCall, true);
  t.equal(cards[2]!.abilities.vision, true);
  t.notOk(cards[2]!.abilities.reasoning);
});

void t.test('the conformance kit', conformance);
