import type { Test } from 'tap';
import { definition } from '@manifold/provider-search1api';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over search1api (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'deepseek-r1-online' });
