import t from 'tap';
import { convertGoogleUsage } from '@manifold/wire-google/usage';

t.test('Example G: prompt 1, total 1, TEXT 1 keeps only the non-zero counts', async (t) => {
  t.same(
    convertGoogleUsage({
      promptTokenCount: 1,
      totalTokenCount: 1,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 1 }],
    }),
    { totalInputTokens: 1, totalTokens: 1, inputTextTokens: 1 },
  );
});

t.test('thoughts count as output and as reasoning', async (t) => {
  t.same(
    convertGoogleUsage({
      promptTokenCount: 38,
      candidatesTokenCount: 19,
      thoughtsTokenCount: 304,
      totalTokenCount: 361,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 38 }],
    }),
    {
      totalInputTokens: 38,
      totalOutputTokens: 323,
      totalTokens: 361,
      inputTextTokens: 38,
      outputReasoningTokens: 304,
      outputTextTokens: 19,
    },
  );
});

t.test('modalities, cached content and tool-use prompt tokens are split out', async (t) => {
  t.same(
    convertGoogleUsage({
      promptTokenCount: 1300,
      cachedContentTokenCount: 1000,
      toolUsePromptTokenCount: 200,
      candidatesTokenCount: 1310,
      totalTokenCount: 2810,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 1042 },
        { modality: 'IMAGE', tokenCount: 258 },
      ],
      candidatesTokensDetails: [
        { modality: 'TEXT', tokenCount: 20 },
        { modality: 'IMAGE', tokenCount: 1290 },
      ],
    }),
    {
      totalInputTokens: 1500,
      totalOutputTokens: 1310,
      totalTokens: 2810,
      inputCachedTokens: 1000,
      inputCacheMissTokens: 500,
      inputTextTokens: 1042,
      inputImageTokens: 258,
      outputTextTokens: 20,
      outputImageTokens: 1290,
    },
  );
});

t.test('without candidate details the text output is the candidates count', async (t) => {
  t.same(
    convertGoogleUsage({
      promptTokenCount: 5,
      candidatesTokenCount: 7,
      cachedContentTokenCount: 0,
    }),
    { totalInputTokens: 5, totalOutputTokens: 7, totalTokens: 12, outputTextTokens: 7 },
    'a zero cached count is dropped and gives no cache-miss count',
  );
  t.same(
    convertGoogleUsage({
      promptTokenCount: 5,
      candidatesTokensDetails: [{ modality: 'AUDIO', tokenCount: 9 }],
    }),
    { totalInputTokens: 5, totalOutputTokens: 9, totalTokens: 14, outputAudioTokens: 9 },
    'candidates summed from the details when the count is missing',
  );
  t.same(convertGoogleUsage({}), {}, 'an empty record stays empty');
});
