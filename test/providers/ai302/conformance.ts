import type { Test } from 'tap';
import { definition } from '@manifold/provider-ai302';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over ai302 (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'gpt-4o' });
