import type { Test } from 'tap';
import { definition } from '@manifold/provider-cohere';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over cohere (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, {
    model: 'command-a-03-2025',
    basePath: '/compatibility/v1',
  });
