/**
 * The conformance kit through AiHubMix's router: on its OpenAI wire (a model no other wire takes,
 * on Chat Completions) and on its Google wire (a gemini model, under `/gemini` of the fake
 * Gemini API, whose routes match any prefix).
 */
import type { Test } from 'tap';
import { definition } from '@manifold/provider-aihubmix';
import { compatConformance } from '../../conformance/compat-target.js';
import { runConformance } from '../../conformance/kit.js';
import { recordingLogger } from '../../core/compat/runtime-helpers.js';
import { fakeGoogle, GOOGLE_KEY } from '../google/helpers.js';
import { googleScenario, WHOLE_CALLS } from '../google/scenarios.js';

/**
 * The conformance kit over aihubmix (run by runtime.test.ts, so the provider's tests share one
 * process): the OpenAI wire, then the Google wire.
 */
export async function conformance(t: Test): Promise<void> {
  await t.test('on the OpenAI wire', (t) =>
    compatConformance(t, definition, { model: 'DeepSeek-V3.1' }),
  );
  await t.test('on the Google wire', async (t) =>
    runConformance(t, {
      provider: 'aihubmix',
      request: { model: 'gemini-2.5-flash' },
      notExpressible: { 'tool-calls': WHOLE_CALLS },
      async start() {
        const fake = await fakeGoogle(t);
        return {
          runtime: () =>
            definition.createRuntime({
              providerId: 'aihubmix',
              apiKey: GOOGLE_KEY,
              baseURL: fake.url,
              env: {},
              logger: recordingLogger(),
            }),
          play: (scenario) => fake.reply(googleScenario(scenario)),
          activeResponses: () => fake.activeResponses(),
          close: () => fake.close(),
        };
      },
    }),
  );
}
