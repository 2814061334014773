import type { Test } from 'tap';
import { definition } from '@manifold/provider-openrouter';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';

const id = 'chatcmpl-conformance';
/** OpenRouter reports web-search citations as `url_citation` annotations on the delta. */
const annotations = ['https://example.com/a', 'https://example.com/b'].map((url) => ({
  type: 'url_citation',
  url_citation: { url, title: url },
}));

/** The conformance kit over openrouter (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'openai/gpt-4o-mini',
    basePath: '/api/v1',
    scenarios: {
      citations: {
        kind: 'chunks',
        chunks: [
          chunk({ role: 'assistant', content: 'Cit' }, { id }),
          chunk({ content: 'ed.', annotations }, { id }),
          ...textChunks([], { id }),
        ],
      },
    },
  });
