/**
 * Helpers for the Cloudflare provider tests: a fake Workers AI upstream closed at teardown and
 * runtime options pointing at it.
 */
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '../../../providers/cloudflare/index.js';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  startFakeCloudflare,
  type FakeCloudflare,
  type FakeCloudflareOptions,
} from '@manifold/provider-kit/fakes/cloudflare';

export { definition };

/** Start the fake, closed at teardown. */
export async function fakeCloudflare(
  t: { teardown(fn: () => unknown): void },
  options: FakeCloudflareOptions = {},
): Promise<FakeCloudflare> {
  const fake = await startFakeCloudflare(options);
  t.teardown(() => fake.close());
  return fake;
}

/** Options for the account-id form: the fake's API base as `baseURL`, its account and token. */
export function cloudflareOptions(
  fake: FakeCloudflare,
  overrides: Partial<RuntimeOptions> = {},
): RuntimeOptions & { logger: ReturnType<typeof recordingLogger> } {
  return {
    providerId: 'cloudflare',
    apiKey: fake.token,
    baseURL: fake.apiBase,
    customBaseURL: true,
    baseURLOrAccountID: fake.accountId,
    env: {},
    ...overrides,
    logger: (overrides.logger as ReturnType<typeof recordingLogger>) ?? recordingLogger(),
  };
}

/** A runtime against the fake. */
export const cloudflareRuntime = (fake: FakeCloudflare, overrides: Partial<RuntimeOptions> = {}) =>
  definition.createRuntime(cloudflareOptions(fake, overrides));

/** The JSON body the fake received last. */
export const lastBody = (fake: FakeCloudflare): Record<string, any> =>
  (fake.lastRequest()?.body ?? {}) as Record<string, any>;
