import type { Test } from 'tap';
import { definition } from '@manifold/provider-qiniu';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over qiniu (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'deepseek-v3', basePath: '/v1' });
