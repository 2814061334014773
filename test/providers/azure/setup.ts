/**
 * Shared setup of the Azure OpenAI tests: a fake Azure resource (closed at teardown) and the
 * provider's runtime pointed at it with the fake's key and a recording logger.
 */
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '../../../providers/azure/index.js';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  AZURE_TEST_KEY,
  startFakeAzure,
  type FakeAzureOptions,
} from '@manifold/provider-kit/fakes/azure';

/** Start a fake Azure OpenAI resource and build runtimes against it. */
export async function azureSetup(
  t: { teardown(fn: () => unknown): void },
  fakeOptions: FakeAzureOptions = {},
) {
  const fake = await startFakeAzure(fakeOptions);
  t.teardown(() => fake.close());
  const options = (overrides: Partial<RuntimeOptions> = {}) => ({
    providerId: 'azure',
    apiKey: AZURE_TEST_KEY,
    endpoint: fake.url,
    apiVersion: '2024-10-21',
    env: {},
    ...overrides,
    logger: recordingLogger(),
  });
  const runtime = (overrides: Partial<RuntimeOptions> = {}) =>
    definition.createRuntime(options(overrides));
  return { fake, runtime, options };
}

/** The JSON body the fake received last. */
export const lastBody = (fake: { lastRequest(): { body: any } | undefined }): Record<string, any> =>
  fake.lastRequest()?.body ?? {};
