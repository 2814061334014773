/**
 * The conformance kit against the Google runtime and the fake Gemini API.
 */
import t from 'tap';
import { runConformance } from '@manifold/provider-kit/conformance/kit';
import { fakeGoogle, googleRuntime } from './helpers.js';
import { googleScenario, WHOLE_CALLS } from '@manifold/provider-kit/conformance/google';

t.test('google keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'google',
    request: { model: 'gemini-2.5-flash' },
    notExpressible: { 'tool-calls': WHOLE_CALLS },
    async start() {
      const fake = await fakeGoogle(t);
      return {
        runtime: () => googleRuntime(fake),
        play: (scenario) => fake.reply(googleScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
