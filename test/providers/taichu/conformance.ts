import type { Test } from 'tap';
import { definition } from '@manifold/provider-taichu';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over taichu (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'taichu_llm',
    basePath: '/maas/v1',
    notExpressible: { citations: 'Taichu has no built-in search, so its answers carry no sources' },
  });
