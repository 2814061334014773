/**
 * The conformance kit over the Hugging Face runtime, against the fake router speaking
 * OpenAI-compatible chat completions with Hugging Face's in-stream error form.
 */
import t from 'tap';
import { runConformance, type ConformanceScenario } from '@manifold/provider-kit/conformance/kit';
import {
  chatUsage,
  chunk,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import {
  HF_MESSAGES,
  stringError,
  type HuggingFaceScenario,
} from '@manifold/provider-kit/fakes/huggingface';
import { fakeHuggingFace, huggingFaceRuntime } from './helpers.js';

const options = { id: 'chatcmpl-hf-conformance', model: 'openai/gpt-oss-120b' };
const usage = chatUsage(10, 5);

/** The generic scenarios as router chunks. */
function scenario(name: ConformanceScenario): HuggingFaceScenario {
  switch (name) {
    case 'text':
      return { kind: 'chunks', chunks: textChunks(['Hello', ' world'], { ...options, usage }) };
    case 'reasoning':
      return {
        kind: 'chunks',
        chunks: textChunks(['Answer.'], { ...options, usage, reasoning: ['Let me ', 'think.'] }),
      };
    case 'tool-calls':
      return {
        kind: 'chunks',
        chunks: toolCallChunks(
          [
            { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
            { name: 'get_time', arguments: ['{"zone":', '"CET"}'] },
          ],
          { ...options, usage },
        ),
      };
    case 'bad-json':
      return { kind: 'chunks', chunks: [chunk({ content: 'Hello' }, options), '{"id": broken'] };
    case 'early-end':
      return { kind: 'chunks', chunks: [chunk({ content: 'Hello' }, options)], done: false };
    case 'stream-error':
      return { kind: 'chunks', chunks: [stringError(HF_MESSAGES.proRequired)], done: false };
    case 'slow':
      return {
        kind: 'chunks',
        chunks: [chunk({ content: 'Hello' }, options), chunk({ content: ' late' }, options)],
        delayMs: 30_000,
      };
    case 'citations':
      throw new Error('not expressible');
  }
}

t.test('huggingface keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'huggingface',
    request: { model: 'openai/gpt-oss-120b' },
    notExpressible: {
      citations: 'Inference Providers have no web search; the router carries no citations',
    },
    async start() {
      const fake = await fakeHuggingFace(t);
      return {
        runtime: () => huggingFaceRuntime(fake),
        play: (name) => fake.reply(scenario(name)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
