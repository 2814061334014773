import type { Test } from 'tap';
import { definition } from '@manifold/provider-giteeai';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over giteeai (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'Qwen3-235B-A22B', basePath: '/v1' });
