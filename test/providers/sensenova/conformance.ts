import type { Test } from 'tap';
import { definition } from '@manifold/provider-sensenova';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over sensenova (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'SenseNova-V6-5-Pro',
    basePath: '/compatible-mode/v1',
    notExpressible: {
      citations: 'SenseNova has no built-in search, so its answers carry no sources',
    },
  });
