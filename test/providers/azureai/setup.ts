/**
 * Shared setup of the Azure AI Foundry tests: a fake inference endpoint (closed at teardown) and
 * the provider's runtime pointed at it with the fake's key and a recording logger.
 */
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '../../../providers/azureai/index.js';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import {
  AZURE_TEST_KEY,
  startFakeAzure,
  type FakeAzureOptions,
} from '@manifold/provider-kit/fakes/azure';

/** Start a fake Azure AI inference endpoint and build runtimes against it. */
export async function azureAISetup(
  t: { teardown(fn: () => unknown): void },
  fakeOptions: FakeAzureOptions = {},
) {
  const fake = await startFakeAzure({ flavor: 'inference', ...fakeOptions });
  t.teardown(() => fake.close());
  const options = (overrides: Partial<RuntimeOptions> = {}) => ({
    providerId: 'azureai',
    apiKey: AZURE_TEST_KEY,
    endpoint: fake.modelsURL,
    env: {},
    ...overrides,
    logger: recordingLogger(),
  });
  const runtime = (overrides: Partial<RuntimeOptions> = {}) =>
    definition.createRuntime(options(overrides));
  return { fake, runtime, options };
}
