import type { Test } from 'tap';
import { definition } from '@manifold/provider-vllm';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over vllm (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'Qwen/Qwen3-8B' });
