import t from 'tap';
import { definition } from '@manifold/provider-wenxin';
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

const wenxin = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v2` }, { providerId: 'wenxin' }));

t.test('a request without streaming still streams upstream, with the same events', async (t) => {
  const fake = await fakeUpstream(t);

  const events = await chatEvents(
    wenxin(fake),
    chatRequest({ model: 'ernie-4.5-turbo-128k', stream: false }),
  );

  t.equal(fake.lastRequest()?.path, '/v2/chat/completions');
  t.equal(lastBody(fake).stream, true);
  t.ok(events.some((event) => event.event === 'text'));
  t.equal(events.at(-1)?.event, 'speed');
});

t.test('search sends web_search with citations and trace', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    wenxin(fake),
    chatRequest({ model: 'ernie-4.5-turbo-128k', enabledSearch: true }),
  );
  t.same(lastBody(fake).web_search, { enable: true, enable_citation: true, enable_trace: true });

  await chatEvents(wenxin(fake), chatRequest({ model: 'ernie-4.5-turbo-128k' }));
  t.notOk('web_search' in lastBody(fake));
});

t.test('the chunk search_results become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const search_results = [
    { index: 1, url: 'https://www.baidu.com/', title: 'Baidu' },
    { index: 2, url: 'https://cloud.baidu.com/', title: 'Baidu Cloud' },
  ];
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Cit', 'ed.']).map((c) => ({ ...c, search_results })),
  });

  const events = await chatEvents(
    wenxin(fake),
    chatRequest({ model: 'ernie-4.5-turbo-128k', enabledSearch: true }),
  );

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'Baidu', url: 'https://www.baidu.com/' },
      { title: 'Baidu Cloud', url: 'https://cloud.baidu.com/' },
    ],
  });
});

void t.test('the conformance kit', conformance);
