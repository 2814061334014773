/**
 * The conformance kit against the Azure OpenAI runtime and the fake Azure resource, every
 * scenario in Azure's framing (prompt-filter chunk first, filter verdicts on choices).
 */
import t from 'tap';
import { runConformance, type ConformanceScenario } from '@manifold/provider-kit/conformance/kit';
import { azureChunks, type Scenario } from '@manifold/provider-kit/fakes/azure';
import {
  chatUsage,
  chunk,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { streamErrorChunk } from '@manifold/provider-kit/fakes/openai-errors';
import { azureSetup } from './setup.js';

const id = 'chatcmpl-AzConformance';
const usage = chatUsage(10, 5);

function azureScenario(scenario: ConformanceScenario): Scenario {
  switch (scenario) {
    case 'text':
      return {
        kind: 'chunks',
        chunks: azureChunks(textChunks(['Hello', ' world'], { id, usage })),
      };
    case 'reasoning':
      // Azure OpenAI chat completions carry no reasoning text; reasoning deployments behind
      // Azure-compatible gateways stream it as `reasoning_content`, which is what this plays.
      return {
        kind: 'chunks',
        chunks: azureChunks(
          textChunks(['Answer.'], { id, usage, reasoning: ['Let me ', 'think.'] }),
        ),
      };
    case 'tool-calls':
      return {
        kind: 'chunks',
        chunks: azureChunks(
          toolCallChunks(
            [
              { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
              { name: 'get_time', arguments: ['{"zone":', '"CET"}'] },
            ],
            { id, usage },
          ),
        ),
      };
    case 'bad-json':
      return {
        kind: 'chunks',
        chunks: [...azureChunks([chunk({ content: 'Hello' }, { id })]), '{"id": broken'],
      };
    case 'early-end':
      return {
        kind: 'chunks',
        chunks: azureChunks([chunk({ content: 'Hello' }, { id })]),
        done: false,
      };
    case 'stream-error':
      return {
        kind: 'chunks',
        chunks: [streamErrorChunk('The server had an error processing your request.')],
      };
    case 'slow':
    case 'citations': {
      // The prompt-filter chunk and `Hello` share the first write; ` late` comes 30 s later.
      const [filter, hello, late] = azureChunks([
        chunk({ content: 'Hello' }, { id }),
        chunk({ content: ' late' }, { id }),
      ]);
      const first = `${JSON.stringify(filter)}\n\ndata: ${JSON.stringify(hello)}`;
      return { kind: 'chunks', chunks: [first, late!], delayMs: 30_000 };
    }
  }
}

t.test('azure keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'azure',
    request: { model: 'gpt-4o' },
    notExpressible: {
      citations:
        'Azure OpenAI chat completions carry no web citations (On Your Data citations need data_sources, which the gateway never sends)',
    },
    async start() {
      const { fake, runtime } = await azureSetup(t);
      return {
        runtime: () => runtime(),
        play: (scenario) => fake.reply(azureScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
