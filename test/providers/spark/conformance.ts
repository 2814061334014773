import type { Test } from 'tap';
import { definition } from '@manifold/provider-spark';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over spark (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'generalv3.5',
    notExpressible: {
      citations: 'Spark marks search sources inline in the text; its chunks carry no citation list',
    },
  });
