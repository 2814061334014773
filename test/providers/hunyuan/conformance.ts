import type { Test } from 'tap';
import { definition } from '@manifold/provider-hunyuan';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** Hunyuan repeats its search sources on every chunk in `search_info.search_results`. */
const search_info = {
  search_results: [
    { index: 1, title: 'A', url: 'https://example.com/a' },
    { index: 2, title: 'B', url: 'https://example.com/b' },
  ],
};

/** The conformance kit over hunyuan (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'hunyuan-turbos-latest',
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
