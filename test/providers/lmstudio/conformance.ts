import type { Test } from 'tap';
import { definition } from '@manifold/provider-lmstudio';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over lmstudio (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'qwen/qwen3-8b' });
