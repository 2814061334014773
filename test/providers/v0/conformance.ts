import type { Test } from 'tap';
import { definition } from '@manifold/provider-v0';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over v0 (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'v0-1.5-md', basePath: '/v1' });
