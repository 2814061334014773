import t from 'tap';
import { convertAnthropicUsage, mergeAnthropicUsage } from '@manifold/wire-anthropic/usage';

t.test('cache reads and writes count as input, split into cached, miss and write', async (t) => {
  t.same(
    convertAnthropicUsage({
      input_tokens: 6,
      cache_creation_input_tokens: 457,
      cache_read_input_tokens: 17918,
      output_tokens: 3222,
    }),
    {
      totalInputTokens: 18381,
      totalOutputTokens: 3222,
      totalTokens: 21603,
      inputCacheMissTokens: 6,
      inputCachedTokens: 17918,
      inputWriteCacheTokens: 457,
    },
  );
});

t.test('zero and null counts are dropped', async (t) => {
  t.same(
    convertAnthropicUsage({
      input_tokens: 10,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: null,
      output_tokens: 0,
    }),
    { totalInputTokens: 10, totalTokens: 10, inputCacheMissTokens: 10 },
  );
  t.same(convertAnthropicUsage({}), {});
});

t.test('thinking tokens are reported as reasoning, part of the output', async (t) => {
  t.same(
    convertAnthropicUsage({
      input_tokens: 5,
      output_tokens: 40,
      output_tokens_details: { thinking_tokens: 30 },
    }),
    {
      totalInputTokens: 5,
      totalOutputTokens: 40,
      totalTokens: 45,
      inputCacheMissTokens: 5,
      outputReasoningTokens: 30,
    },
  );
});

t.test('message_delta counts replace the earlier ones instead of adding to them', async (t) => {
  const start = { input_tokens: 457, cache_read_input_tokens: 100, output_tokens: 1 };
  t.same(mergeAnthropicUsage(start, { output_tokens: 83 }), {
    input_tokens: 457,
    cache_read_input_tokens: 100,
    output_tokens: 83,
  });
  t.same(
    mergeAnthropicUsage(start, {
      input_tokens: 0,
      cache_read_input_tokens: null,
      output_tokens: 83,
    }),
    { input_tokens: 457, cache_read_input_tokens: 100, output_tokens: 83 },
    'a relay that reports 0 or null input in message_delta keeps the message_start counts',
  );
  t.same(mergeAnthropicUsage(undefined, { input_tokens: 3 }), { input_tokens: 3 });
});
