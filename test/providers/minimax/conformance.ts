import type { Test } from 'tap';
import { definition } from '@manifold/provider-minimax';
import { chunk, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

// MiniMax puts its sources on the closing chunk: the last of the choice's `messages`, annotated.
const id = 'chatcmpl-conformance';
const closing = chunk({}, { id }, 'stop');
(closing.choices as Array<Record<string, unknown>>)[0]!.messages = [
  {
    role: 'assistant',
    content: 'Cited.',
    annotations: [{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }],
  },
];

/** The conformance kit over minimax (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'MiniMax-M1',
    scenarios: {
      citations: {
        kind: 'chunks',
        chunks: [...textChunks(['Cit', 'ed.'], { id }).slice(0, -1), closing],
      },
    },
  });
