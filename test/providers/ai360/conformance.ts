import type { Test } from 'tap';
import { definition } from '@manifold/provider-ai360';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over ai360 (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: '360gpt-pro',
    // streaming is off when tools are present: the calls arrive whole in one JSON answer
    wholeToolCalls: true,
  });
