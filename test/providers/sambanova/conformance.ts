import type { Test } from 'tap';
import { definition } from '@manifold/provider-sambanova';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over sambanova (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'Meta-Llama-3.3-70B-Instruct', basePath: '/v1' });
