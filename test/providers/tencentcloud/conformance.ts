import type { Test } from 'tap';
import { definition } from '@manifold/provider-tencentcloud';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over tencentcloud (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'deepseek-r1', basePath: '/v1' });
