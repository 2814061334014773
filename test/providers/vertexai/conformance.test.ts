/**
 * The conformance kit against the Vertex AI runtime and the fake (service-account token exchange,
 * then the Vertex `publishers/google/models/…:streamGenerateContent` route).
 */
import t from 'tap';
import { runConformance } from '@manifold/provider-kit/conformance/kit';
import { fakeGoogle } from '../google/helpers.js';
import { googleScenario, WHOLE_CALLS } from '@manifold/provider-kit/conformance/google';
import { vertexRuntime } from './helpers.js';

t.test('vertexai keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'vertexai',
    request: { model: 'gemini-2.5-flash' },
    notExpressible: { 'tool-calls': WHOLE_CALLS },
    async start() {
      const fake = await fakeGoogle(t, {});
      const runtime = vertexRuntime(fake);
      return {
        runtime: () => runtime,
        play: (scenario) => fake.reply(googleScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
