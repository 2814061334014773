import type { Test } from 'tap';
import { definition } from '@manifold/provider-zhipu';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

// Zhipu sends its sources once, as `web_search` on the first chunk.
const web_search = [
  { title: 'A', link: 'https://example.com/a', media: 'example' },
  { title: 'B', link: 'https://example.com/b', media: 'example' },
];
const [first, ...rest] = textChunks(['Cit', 'ed.'], { id: 'chatcmpl-conformance' });

/** The conformance kit over zhipu (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'glm-4.5',
    basePath: '/api/paas/v4',
    scenarios: { citations: { kind: 'chunks', chunks: [{ ...first, web_search }, ...rest] } },
  });
