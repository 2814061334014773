import type { Test } from 'tap';
import { definition } from '@manifold/provider-perplexity';
import { compatConformance } from '@manifold/provider-kit/conformance/openai';

/** The conformance kit over perplexity (run by runtime.test.ts, so the provider's tests share one process). */
export const conformance = (t: Test): Promise<void> =>
  compatConformance(t, definition, { model: 'sonar', basePath: '' });
