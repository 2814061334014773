import type { Test } from 'tap';
import { definition } from '@manifold/provider-xai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over xai (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'grok-4-fast-non-reasoning' });
