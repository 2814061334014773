/**
 * The conformance kit over the Cloudflare Workers AI runtime, against the fake Workers AI upstream
 * speaking the native streaming format (`data: {"response":…}` chunks, `data: [DONE]`).
 */
import t from 'tap';
import { runConformance, type ConformanceScenario } from '@manifold/provider-kit/conformance/kit';
import {
  nativeChunk,
  nativeTextChunks,
  nativeToolCallChunks,
  workersUsage,
} from '@manifold/provider-kit/fakes/cloudflare-builders';
import type { CloudflareScenario } from '@manifold/provider-kit/fakes/cloudflare';
import { cloudflareRuntime, fakeCloudflare } from './helpers.js';

const usage = workersUsage(10, 5);

/** The generic scenarios in Workers AI's native wire format. */
function scenario(name: ConformanceScenario): CloudflareScenario {
  switch (name) {
    case 'text':
      return { kind: 'stream', chunks: nativeTextChunks(['Hello', ' world'], { usage }) };
    case 'reasoning':
      return {
        kind: 'stream',
        chunks: nativeTextChunks(['<think>', 'Let me ', 'think.', '</think>', 'Answer.'], {
          usage,
        }),
      };
    case 'tool-calls':
      return {
        kind: 'stream',
        chunks: nativeToolCallChunks(
          [
            { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
            { name: 'get_time', arguments: ['{"zone":', '"CET"}'] },
          ],
          { usage },
        ),
      };
    case 'bad-json':
      return { kind: 'stream', chunks: [nativeChunk('Hello'), '{"response": broken'] };
    case 'early-end':
      return { kind: 'stream', chunks: [nativeChunk('Hello')], done: false };
    case 'stream-error':
      return {
        kind: 'stream',
        chunks: [
          {
            success: false,
            errors: [{ code: 3040, message: 'Capacity temporarily exceeded, please try again.' }],
          },
        ],
        done: false,
      };
    case 'slow':
      return {
        kind: 'stream',
        chunks: [nativeChunk('Hello'), nativeChunk(' late')],
        delayMs: 30_000,
      };
    case 'citations':
      throw new Error('not expressible');
  }
}

t.test('cloudflare keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'cloudflare',
    request: { model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast' },
    notExpressible: {
      citations: 'Workers AI text generation has no web search and no citation field on the wire',
    },
    async start() {
      const fake = await fakeCloudflare(t);
      return {
        runtime: () => cloudflareRuntime(fake),
        play: (name) => fake.reply(scenario(name)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
