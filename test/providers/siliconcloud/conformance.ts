import type { Test } from 'tap';
import { definition } from '@manifold/provider-siliconcloud';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over siliconcloud (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'deepseek-ai/DeepSeek-V3.1',
    notExpressible: { citations: 'SiliconCloud has no built-in web search, so no citations' },
  });
