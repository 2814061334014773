import t from 'tap';
import { definition } from '@manifold/provider-hunyuan';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const hunyuan = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'hunyuan', env }),
  );

t.test('a request without streaming still streams upstream, with the same events', async (t) => {
  const fake = await fakeUpstream(t);

  const events = await chatEvents(
    hunyuan(fake),
    chatRequest({ model: 'hunyuan-turbos-latest', stream: false }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).stream, true);
  t.same(lastBody(fake).stream_options, { include_usage: true });
  t.ok(events.some((event) => event.event === 'text'));
  t.equal(events.at(-1)?.event, 'speed');
});

t.test('frequency and presence penalties are removed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    hunyuan(fake),
    chatRequest({
      model: 'hunyuan-turbos-latest',
      frequency_penalty: 0.5,
      presence_penalty: -0.3,
      temperature: 0.7,
    }),
  );

  const body = lastBody(fake);
  t.notOk('frequency_penalty' in body);
  t.notOk('presence_penalty' in body);
  t.equal(body.temperature, 0.7);
});

t.test('search sends enhancement, citation and search_info, speed search by flag', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    hunyuan(fake),
    chatRequest({ model: 'hunyuan-turbos-latest', enabledSearch: true }),
  );
  t.match(lastBody(fake), { enable_enhancement: true, citation: true, search_info: true });
  t.notOk('enable_speed_search' in lastBody(fake));

  await chatEvents(
    hunyuan(fake, { HUNYUAN_ENABLE_SPEED_SEARCH: '1' }),
    chatRequest({ model: 'hunyuan-turbos-latest', enabledSearch: true }),
  );
  t.equal(lastBody(fake).enable_speed_search, true);

  await chatEvents(hunyuan(fake), chatRequest({ model: 'hunyuan-turbos-latest' }));
  t.notOk('enable_enhancement' in lastBody(fake));
  t.notOk('citation' in lastBody(fake));
});

t.test('search_info.search_results become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const search_info = {
    search_results: [
      { index: 1, title: 'Tencent', url: 'https://www.tencent.com/' },
      { index: 2, title: 'Hunyuan', url: 'https://hunyuan.tencent.com/' },
    ],
  };
  fake.reply({
    kind: 'chunks',
    chunks: [
      ...textChunks(['Cit', 'ed.'])
        .slice(0, 2)
        .map((c) => ({ ...c, search_info })),
      chunk({}, {}, 'stop'),
    ],
  });

  const events = await chatEvents(
    hunyuan(fake),
    chatRequest({ model: 'hunyuan-turbos-latest', enabledSearch: true }),
  );

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'Tencent', url: 'https://www.tencent.com/' },
      { title: 'Hunyuan', url: 'https://hunyuan.tencent.com/' },
    ],
  });
});

t.test('hunyuan-a13b gets enable_thinking from the thinking type', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = hunyuan(fake);

  await chatEvents(runtime, chatRequest({ model: 'hunyuan-a13b', thinking: { type: 'enabled' } }));
  t.equal(lastBody(fake).enable_thinking, true);

  await chatEvents(runtime, chatRequest({ model: 'hunyuan-a13b', thinking: { type: 'disabled' } }));
  t.equal(lastBody(fake).enable_thinking, false);

  await chatEvents(
    runtime,
    chatRequest({ model: 'hunyuan-turbos-latest', thinking: { type: 'enabled' } }),
  );
  t.notOk('enable_thinking' in lastBody(fake));
});

void t.test('the conformance kit', conformance);
