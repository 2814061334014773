/**
 * The conformance kit against the Azure AI Foundry runtime and the fake inference endpoint,
 * every scenario in Azure's framing (prompt-filter chunk first, filter verdicts on choices).
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
import { azureAISetup } from './setup.js';

const id = 'a1b2c3d4e5f6';
const usage = chatUsage(10, 5);
const model = 'DeepSeek-R1';

function inferenceScenario(scenario: ConformanceScenario): Scenario {
  switch (scenario) {
    case 'text':
      return {
        kind: 'chunks',
        chunks: azureChunks(textChunks(['Hello', ' world'], { id, model, usage })),
      };
    case 'reasoning':
      // DeepSeek-R1 on Azure AI thinks inside <think> tags in its content.
      return {
        kind: 'chunks',
        chunks: azureChunks(
          textChunks(['<think>', 'Let me ', 'think.', '</think>', 'Answer.'], { id, model, usage }),
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
            { id, model, usage },
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

t.test('azureai keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'azureai',
    request: { model },
    notExpressible: {
      citations: 'the Azure AI model inference API has no search and no citation fields',
    },
    async start() {
      const { fake, runtime } = await azureAISetup(t);
      return {
        runtime: () => runtime(),
        play: (scenario) => fake.reply(inferenceScenario(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
