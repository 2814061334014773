import type { Test } from 'tap';
import { definition } from '@manifold/provider-internlm';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over internlm (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'internlm3-latest',
    basePath: '/puyu/api/v1',
    // streaming is off when tools are present: the calls arrive whole in one JSON answer
    wholeToolCalls: true,
    notExpressible: {
      citations: 'InternLM has no built-in web search, so no citations',
    },
  });
