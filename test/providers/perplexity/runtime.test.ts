import t from 'tap';
import { definition } from '@manifold/provider-perplexity';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** Perplexity's base URL has no path: chat completions are at the host root. */
const perplexity = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: fake.url }, { providerId: 'perplexity' }));

const model = 'sonar-pro';

t.test('the default base URL is api.perplexity.ai and search is provider-level', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.perplexity.ai');
  t.equal(definition.manifest.settings?.searchMode, 'internal');
});

t.test('a temperature of 2 is not sent, lower ones are', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = perplexity(fake);

  await chatEvents(runtime, chatRequest({ model, temperature: 2 }));
  t.equal(fake.lastRequest()?.path, '/chat/completions');
  t.notOk('temperature' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model, temperature: 1.9 }));
  t.equal(lastBody(fake).temperature, 1.9);
});

t.test(
  'only one penalty is sent: presence when non-zero, else frequency (default 1)',
  async (t) => {
    const fake = await fakeUpstream(t);
    const runtime = perplexity(fake);
    const penalties = () => {
      const body = lastBody(fake);
      return { presence: body.presence_penalty, frequency: body.frequency_penalty };
    };

    await chatEvents(
      runtime,
      chatRequest({ model, presence_penalty: 0.5, frequency_penalty: 0.3 }),
    );
    t.same(penalties(), { presence: 0.5, frequency: undefined });

    await chatEvents(runtime, chatRequest({ model, presence_penalty: 0, frequency_penalty: 0.3 }));
    t.same(penalties(), { presence: undefined, frequency: 0.3 });

    await chatEvents(runtime, chatRequest({ model }));
    t.same(penalties(), { presence: undefined, frequency: 1 });
  },
);

t.test('search is built in: enabledSearch adds no tool nor parameter', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(perplexity(fake), chatRequest({ model, enabledSearch: true }));
  const body = lastBody(fake);
  t.notOk('tools' in body);
  t.notOk('enabledSearch' in body);
  t.notOk('web_search_options' in body);
});

t.test('citations and search_results repeated on chunks become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const citations = ['https://nodejs.org/en/about/previous-releases', 'https://github.com/nodejs'];
  const searchResults = [
    { title: 'Node.js releases', url: 'https://nodejs.org/en/about/previous-releases' },
    { title: 'nodejs on GitHub', url: 'https://github.com/nodejs' },
  ];
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Node ', '22 is LTS.']).map((c) => ({
      ...c,
      citations,
      search_results: searchResults,
    })),
  });

  const events = await chatEvents(perplexity(fake), chatRequest({ model }));

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  const grounding = groundings[0]!.data as { citations: Array<{ url: string }> };
  t.same(
    grounding.citations.map((citation) => citation.url),
    citations,
  );
  t.same(
    events.filter((event) => event.event === 'text').map((event) => event.data),
    ['Node ', '22 is LTS.'],
  );
});

t.test('there is no remote model list', async (t) => {
  const fake = await fakeUpstream(t);
  t.equal(perplexity(fake).models, undefined);
});

void t.test('the conformance kit', conformance);
