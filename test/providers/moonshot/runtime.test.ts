import t from 'tap';
import { definition } from '../../../providers/moonshot/index.js';
import { options as moonshotOptions } from '../../../providers/moonshot/options.js';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
  user,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';

const moonshot = (fake: FakeOpenAI) => {
  const options = runtimeOptions(fake, { providerId: 'moonshot' });
  return { runtime: definition.createRuntime(options), logger: options.logger };
};

t.test('the default base URL is the China platform', async (t) => {
  t.equal(moonshotOptions.baseURL, 'https://api.moonshot.cn/v1');
  t.equal(definition.manifest.defaultBaseURL, 'https://api.moonshot.cn/v1');
});

t.test('temperature is halved: a request 1.0 reaches the upstream as 0.5', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime, logger } = moonshot(fake);

  await chatEvents(runtime, chatRequest({ model: 'kimi-k2-0905-preview', temperature: 1 }));

  t.equal(lastBody(fake).temperature, 0.5);
  t.ok(logger.records.some((record) => record.message === 'temperature 1 → 0.5 (halve)'));
});

t.test('search adds the builtin $web_search tool next to the request tools', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = moonshot(fake);
  const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

  await chatEvents(
    runtime,
    chatRequest({ model: 'kimi-k2-0905-preview', enabledSearch: true, tools: [lookup] }),
  );
  t.same(lastBody(fake).tools, [
    lookup,
    { type: 'builtin_function', function: { name: '$web_search' } },
  ]);

  await chatEvents(runtime, chatRequest({ model: 'kimi-k2-0905-preview' }));
  t.notOk('tools' in lastBody(fake), 'no search, no tool');
});

t.test('an assistant message with empty content is sent with a single space', async (t) => {
  const fake = await fakeUpstream(t);
  const { runtime } = moonshot(fake);

  await chatEvents(
    runtime,
    chatRequest({
      model: 'moonshot-v1-8k',
      messages: [
        user('Weather?'),
        {
          role: 'assistant',
          content: '',
          tools: [
            {
              id: 'call_1',
              identifier: 'weather',
              apiName: 'today',
              type: 'default',
              arguments: '{}',
            },
          ],
        },
        { role: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
        { role: 'assistant', content: 'It is sunny.' },
        user('Thanks'),
      ],
    }),
  );

  const messages = lastBody(fake).messages;
  t.equal(messages[1].content, ' ');
  t.equal(messages[1].tool_calls[0].id, 'call_1');
  t.equal(messages[2].content, 'Sunny', 'tool messages are left alone');
  t.equal(messages[3].content, 'It is sunny.');
});
