import type { Test } from 'tap';
import { definition } from '@manifold/provider-infiniai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over infiniai (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'deepseek-v3.1', basePath: '/maas/v1' });
