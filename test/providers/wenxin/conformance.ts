import type { Test } from 'tap';
import { definition } from '@manifold/provider-wenxin';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** Qianfan repeats its sources on the chunks in `search_results`. */
const search_results = [
  { index: 1, url: 'https://example.com/a', title: 'A' },
  { index: 2, url: 'https://example.com/b', title: 'B' },
];

/** The conformance kit over wenxin (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'ernie-4.5-turbo-128k',
    basePath: '/v2',
    scenarios: {
      citations: {
        kind: 'chunks',
        chunks: textChunks(['Cit', 'ed.'], { id: 'chatcmpl-conformance' }).map((c) => ({
          ...c,
          search_results,
        })),
      },
    },
  });
