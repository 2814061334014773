import type { Test } from 'tap';
import { definition } from '@manifold/provider-ppio';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over ppio (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'deepseek/deepseek-v3.1', basePath: '/v3/openai' });
