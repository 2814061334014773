import type { Test } from 'tap';
import { definition } from '@manifold/provider-zeroone';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over zeroone (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'yi-lightning', basePath: '/v1' });
