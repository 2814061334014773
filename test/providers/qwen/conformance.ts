import type { Test } from 'tap';
import { definition } from '@manifold/provider-qwen';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

// Qwen reports its sources in `search_info.search_results` on the stream's chunks.
const search_info = {
  search_results: [
    { index: 1, title: 'A', url: 'https://example.com/a' },
    { index: 2, title: 'B', url: 'https://example.com/b' },
  ],
};

/** The conformance kit over qwen (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'qwen-plus',
    basePath: '/compatible-mode/v1',
    scenarios: {
      citations: {
        kind: 'chunks',
        chunks: textChunks(['Cit', 'ed.'], { id: 'chatcmpl-conformance' }).map((c) => ({
          ...c,
          search_info,
        })),
      },
    },
  });
