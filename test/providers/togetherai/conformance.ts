import type { Test } from 'tap';
import { definition } from '@manifold/provider-togetherai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over togetherai (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' });
