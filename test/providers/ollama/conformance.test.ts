/**
 * The conformance kit over the Ollama runtime, each scenario rendered as Ollama's `/api/chat`
 * NDJSON stream by the fake Ollama.
 */
import t from 'tap';
import { definition } from '@manifold/provider-ollama';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { runConformance } from '@manifold/provider-kit/conformance/kit';
import { startFakeOllama } from '@manifold/provider-kit/fakes/ollama';
import { OLLAMA_NOT_EXPRESSIBLE, ollamaScenario } from '@manifold/provider-kit/conformance/ollama';

t.test('Ollama passes the conformance kit', async (t) => {
  await runConformance(t, {
    provider: 'ollama',
    request: { model: 'llama3.2' },
    // whole tool calls are covered in runtime.test.ts
    notExpressible: OLLAMA_NOT_EXPRESSIBLE,
    async start() {
      const fake = await startFakeOllama();
      return {
        runtime: () =>
          definition.createRuntime({
            providerId: 'ollama',
            baseURL: fake.url,
            env: {},
            logger: recordingLogger(),
          }),
        play: (name) => fake.reply(ollamaScenario(name), '/api/chat'),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  });
});
