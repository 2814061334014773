import type { Test } from 'tap';
import { definition } from '@manifold/provider-upstage';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over upstage (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'solar-pro2', basePath: '/v1/solar' });
