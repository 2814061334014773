import type { Test } from 'tap';
import { definition } from '@manifold/provider-mistral';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over mistral (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'mistral-small-latest' });
