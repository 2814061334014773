/**
 * The conformance kit over the Ollama runtime, each scenario rendered as Ollama's `/api/chat`
 * NDJSON stream by the fake Ollama.
 */
import t from 'tap';
import { definition } from '@manifold/provider-ollama';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { runConformance, type ConformanceScenario } from '../../conformance/kit.js';
import {
  chatChunk,
  startFakeOllama,
  textChat,
  type OllamaScenario,
} from '../../upstreams/ollama.js';

const usage: [number, number] = [10, 5];

/** The generic scenarios as Ollama chat streams. */
function scenario(name: ConformanceScenario): OllamaScenario {
  switch (name) {
    case 'text':
      return { kind: 'ndjson', lines: textChat(['Hello', ' world'], { usage }) };
    case 'reasoning':
      return {
        kind: 'ndjson',
        lines: textChat(['Answer.'], { thinking: ['Let me ', 'think.'], usage }),
      };
    case 'bad-json':
      return { kind: 'ndjson', lines: [chatChunk({ content: 'Hello' }), '{"message": broken'] };
    case 'early-end':
      return { kind: 'ndjson', lines: [chatChunk({ content: 'Hello' })] };
    case 'stream-error':
      return { kind: 'ndjson', lines: [{ error: 'llama runner process has terminated' }] };
    case 'slow':
      return {
        kind: 'ndjson',
        lines: [chatChunk({ content: 'Hello' }), chatChunk({ content: ' late' })],
        delayMs: 30_000,
      };
    case 'tool-calls':
    case 'citations':
      throw new Error(`${name} is not expressible`);
  }
}

t.test('Ollama passes the conformance kit', async (t) => {
  await runConformance(t, {
    provider: 'ollama',
    request: { model: 'llama3.2' },
    notExpressible: {
      'tool-calls':
        'Ollama sends each tool call whole (arguments as a JSON object), never as argument fragments; whole calls are covered in runtime.test.ts',
      citations: 'Ollama has no web search and no citations in its chat protocol',
    },
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
        play: (name) => fake.reply(scenario(name), '/api/chat'),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  });
});
