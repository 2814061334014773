import type { Test } from 'tap';
import { definition } from '@manifold/provider-fireworksai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over fireworksai (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'accounts/fireworks/models/deepseek-v3p1',
    basePath: '/inference/v1',
  });
