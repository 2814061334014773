import t from 'tap';
import { definition } from '@manifold/provider-spark';
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

const spark = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'spark', env }),
  );

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
};

t.test('the user field is never sent', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    spark(fake),
    chatRequest({ model: 'generalv3.5', user: 'alice' }),
    callContext({ userId: 'user-1' }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.notOk('user' in lastBody(fake));
});

t.test('search adds the web_search tool in normal mode by default', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    spark(fake),
    chatRequest({ model: '4.0Ultra', enabledSearch: true, tools: [weatherTool] }),
  );

  t.same(lastBody(fake).tools, [
    weatherTool,
    { type: 'web_search', web_search: { enable: true, search_mode: 'normal' } },
  ]);

  await chatEvents(spark(fake), chatRequest({ model: '4.0Ultra' }));
  t.notOk('tools' in lastBody(fake));
});

t.test('SPARK_SEARCH_MODE sets the search mode', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    spark(fake, { SPARK_SEARCH_MODE: 'deep' }),
    chatRequest({ model: 'max-32k', enabledSearch: true }),
  );

  t.same(lastBody(fake).tools, [
    { type: 'web_search', web_search: { enable: true, search_mode: 'deep' } },
  ]);
});

void t.test('the conformance kit', conformance);
