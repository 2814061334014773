import type { Test } from 'tap';
import { definition } from '@manifold/provider-github';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over github (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'openai/gpt-4.1', basePath: '/inference' });
