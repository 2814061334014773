/**
 * Helpers for the Hugging Face provider tests: a fake router + Hub closed at teardown and runtime
 * options pointing at it.
 */
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '../../../providers/huggingface/index.js';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  startFakeHuggingFace,
  type FakeHuggingFace,
} from '@manifold/provider-kit/fakes/huggingface';

export { definition };

/** Start the fake, closed at teardown. */
export async function fakeHuggingFace(
  t: { teardown(fn: () => unknown): void },
  options: Parameters<typeof startFakeHuggingFace>[0] = {},
): Promise<FakeHuggingFace> {
  const fake = await startFakeHuggingFace(options);
  t.teardown(() => fake.close());
  return fake;
}

/** Options pointing the router and the Hub at the fake. */
export function huggingFaceOptions(
  fake: FakeHuggingFace,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'huggingface',
    apiKey: fake.token,
    baseURL: fake.baseURL,
    customBaseURL: true,
    env: { HUGGINGFACE_HUB_URL: fake.url },
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A runtime against the fake. */
export const huggingFaceRuntime = (
  fake: FakeHuggingFace,
  overrides: Partial<RuntimeOptions> = {},
) => definition.createRuntime(huggingFaceOptions(fake, overrides));

/** The JSON body the fake received last. */
export const lastBody = (fake: FakeHuggingFace): Record<string, any> =>
  (fake.lastRequest()?.body ?? {}) as Record<string, any>;
