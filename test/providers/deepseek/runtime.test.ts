import t from 'tap';
import { definition } from '../../../providers/deepseek/index.js';
import { options as deepseekOptions } from '../../../providers/deepseek/options.js';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';

t.test('the default base URL is api.deepseek.com/v1', async (t) => {
  t.equal(deepseekOptions.baseURL, 'https://api.deepseek.com/v1');
  t.same(
    definition.manifest.models.map((card) => card.id),
    ['deepseek-chat', 'deepseek-reasoner'],
  );
});

t.test('reasoning_content becomes reasoning events and the cache usage is split', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'reasoning-content' });
  const runtime = definition.createRuntime(runtimeOptions(fake, { providerId: 'deepseek' }));

  const events = kinds(await chatEvents(runtime, chatRequest({ model: 'deepseek-reasoner' })));

  t.match(lastBody(fake), {
    model: 'deepseek-reasoner',
    stream: true,
    stream_options: { include_usage: true },
  });
  t.same(
    events.filter(([kind]) => kind === 'reasoning').map(([, text]) => text),
    ['The user', ' asks for', ' 2 + 2', '.', ' That is', ' 4', '.'],
  );
  t.same(
    events.filter(([kind]) => kind === 'text').map(([, text]) => text),
    ['2 + 2', ' = ', '**4**', '.'],
  );
  const tail = events.filter(([kind]) => kind !== 'reasoning' && kind !== 'text');
  t.same(tail.slice(0, 2), [
    ['stop', 'stop'],
    [
      'usage',
      {
        totalInputTokens: 20,
        totalOutputTokens: 25,
        totalTokens: 45,
        inputCachedTokens: 16,
        inputCacheMissTokens: 4,
        inputTextTokens: 20,
        outputReasoningTokens: 17,
        outputTextTokens: 8,
      },
    ],
  ]);
  t.equal(tail[2]?.[0], 'speed');
});

t.test(
  'top-level prompt cache hit and miss counts are used as DeepSeek reports them',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'chunks',
      chunks: textChunks(['Hi'], {
        usage: {
          prompt_tokens: 100,
          completion_tokens: 5,
          total_tokens: 105,
          prompt_cache_hit_tokens: 64,
          prompt_cache_miss_tokens: 36,
        },
      }),
    });
    const runtime = definition.createRuntime(runtimeOptions(fake, { providerId: 'deepseek' }));

    const events = await chatEvents(runtime, chatRequest({ model: 'deepseek-chat' }));

    t.match(events.find((event) => event.event === 'usage')?.data, {
      totalInputTokens: 100,
      inputCachedTokens: 64,
      inputCacheMissTokens: 36,
    });
  },
);
