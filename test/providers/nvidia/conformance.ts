import type { Test } from 'tap';
import { definition } from '@manifold/provider-nvidia';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over nvidia (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'meta/llama-3.3-70b-instruct', basePath: '/v1' });
