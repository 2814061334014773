/**
 * The conformance kit against the Anthropic runtime, each generic scenario rendered as Anthropic
 * Messages SSE by the fake Anthropic API.
 */
import t from 'tap';
import { definition } from '@manifold/provider-anthropic';
import { runConformance } from '@manifold/provider-kit/conformance/kit';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { KEY } from './helpers.js';
import { anthropicScenario } from '@manifold/provider-kit/conformance/anthropic';

t.test('anthropic keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'anthropic',
    request: { model: 'claude-sonnet-4-5-20250929' },
    async start() {
      const fake = await startFakeAnthropic({ apiKey: KEY });
      return {
        runtime: () =>
          definition.createRuntime({
            providerId: 'anthropic',
            apiKey: KEY,
            baseURL: fake.url,
            env: {},
            logger: recordingLogger(),
          }),
        play: (scenario) => fake.reply(anthropicScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
