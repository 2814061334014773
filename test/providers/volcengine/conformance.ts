import type { Test } from 'tap';
import { definition } from '@manifold/provider-volcengine';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over volcengine (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'doubao-seed-1-6',
    basePath: '/api/v3',
    notExpressible: { citations: 'Volcengine Ark chat completions have no built-in web search' },
  });
