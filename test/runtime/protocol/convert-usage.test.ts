import t from 'tap';
import {
  convertOpenAIUsage,
  convertResponsesUsage,
  dropEmpty,
} from '@manifold/core/protocol/convert-usage';

t.test('DeepSeek-style usage with think tags gives the reference Example B record', async (t) => {
  const usage = convertOpenAIUsage({
    prompt_tokens: 10,
    completion_tokens: 50,
    total_tokens: 60,
    completion_tokens_details: { reasoning_tokens: 20 },
    prompt_tokens_details: { cached_tokens: 0 },
    prompt_cache_hit_tokens: 0,
    prompt_cache_miss_tokens: 10,
  });
  t.strictSame(usage, {
    inputCacheMissTokens: 10,
    inputTextTokens: 10,
    outputReasoningTokens: 20,
    outputTextTokens: 30,
    totalInputTokens: 10,
    totalOutputTokens: 50,
    totalTokens: 60,
  });
});

t.test('OpenAI details map to cached, miss, reasoning, audio and prediction counts', async (t) => {
  const usage = convertOpenAIUsage({
    prompt_tokens: 1000,
    completion_tokens: 500,
    total_tokens: 1500,
    prompt_tokens_details: { cached_tokens: 800, audio_tokens: 100 },
    completion_tokens_details: {
      reasoning_tokens: 200,
      audio_tokens: 50,
      accepted_prediction_tokens: 5,
      rejected_prediction_tokens: 3,
    },
  });
  t.strictSame(usage, {
    totalInputTokens: 1000,
    totalOutputTokens: 500,
    totalTokens: 1500,
    inputCachedTokens: 800,
    inputCacheMissTokens: 200,
    inputTextTokens: 900,
    inputAudioTokens: 100,
    outputReasoningTokens: 200,
    outputTextTokens: 250,
    outputAudioTokens: 50,
    acceptedPredictionTokens: 5,
    rejectedPredictionTokens: 3,
  });
});

t.test('image output tokens are not counted as text', async (t) => {
  const usage = convertOpenAIUsage({
    prompt_tokens: 5,
    completion_tokens: 1300,
    completion_tokens_details: { image_tokens: 1290 },
  });
  t.equal(usage.outputImageTokens, 1290);
  t.equal(usage.outputTextTokens, 10);
  t.equal(usage.totalTokens, 1305);
});

t.test('DeepSeek hit and miss fields win over the details', async (t) => {
  const usage = convertOpenAIUsage({
    prompt_tokens: 100,
    completion_tokens: 20,
    total_tokens: 120,
    prompt_cache_hit_tokens: 64,
    prompt_cache_miss_tokens: 36,
  });
  t.equal(usage.inputCachedTokens, 64);
  t.equal(usage.inputCacheMissTokens, 36);
  t.equal(usage.totalInputTokens, 100);
});

t.test('Perplexity citation tokens count as input', async (t) => {
  const usage = convertOpenAIUsage({
    prompt_tokens: 10,
    completion_tokens: 20,
    total_tokens: 30,
    citation_tokens: 500,
  });
  t.strictSame(usage, {
    totalInputTokens: 510,
    totalOutputTokens: 20,
    totalTokens: 530,
    inputCitationTokens: 500,
    inputTextTokens: 10,
    outputTextTokens: 20,
  });
});

t.test('without a cached count no cache-miss count is invented', async (t) => {
  const usage = convertOpenAIUsage({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  t.notOk('inputCacheMissTokens' in usage);
  t.notOk('inputCachedTokens' in usage);
});

t.test(
  'for providers whose completion excludes reasoning, reasoning is added to the output',
  async (t) => {
    const usage = convertOpenAIUsage(
      {
        prompt_tokens: 30,
        completion_tokens: 10,
        total_tokens: 140,
        completion_tokens_details: { reasoning_tokens: 100, audio_tokens: 0 },
      },
      { completionExcludesReasoning: true },
    );
    t.strictSame(usage, {
      totalInputTokens: 30,
      totalOutputTokens: 110,
      totalTokens: 140,
      inputTextTokens: 30,
      outputReasoningTokens: 100,
      outputTextTokens: 10,
    });
  },
);

t.test('zero, negative, NaN and missing counts are dropped', async (t) => {
  t.strictSame(
    convertOpenAIUsage({
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      prompt_tokens_details: null,
      completion_tokens_details: { reasoning_tokens: Number.NaN, audio_tokens: -1 },
    }),
    {},
  );
  t.strictSame(
    dropEmpty({
      totalTokens: 0,
      inputCachedTokens: -3,
      outputTextTokens: Number.NaN,
      totalInputTokens: 4,
    }),
    { totalInputTokens: 4 },
  );
  t.strictSame(dropEmpty({ totalTokens: Number.POSITIVE_INFINITY, inputAudioTokens: null }), {});
});

t.test('a report with only total_tokens keeps the total', async (t) => {
  t.strictSame(convertOpenAIUsage({ total_tokens: 42 }), { totalTokens: 42 });
});

t.test('Responses API usage maps input, cache, output and reasoning', async (t) => {
  t.strictSame(
    convertResponsesUsage({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 40 },
      output_tokens: 50,
      output_tokens_details: { reasoning_tokens: 20 },
      total_tokens: 150,
    }),
    {
      totalInputTokens: 100,
      totalOutputTokens: 50,
      totalTokens: 150,
      inputCachedTokens: 40,
      inputCacheMissTokens: 60,
      inputTextTokens: 100,
      outputReasoningTokens: 20,
      outputTextTokens: 30,
    },
  );
  t.strictSame(convertResponsesUsage({ input_tokens: 0, output_tokens: 0, total_tokens: 0 }), {});
});
