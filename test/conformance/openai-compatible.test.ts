/**
 * The conformance kit over every OpenAI-compatible provider in this repository, each against the
 * fake OpenAI upstream speaking Chat Completions (and the Responses API where the provider's
 * search goes through it).
 */
import t from 'tap';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { definition as deepseek } from '@manifold/provider-deepseek';
import { definition as groq } from '@manifold/provider-groq';
import { definition as moonshot } from '@manifold/provider-moonshot';
import { definition as openai } from '@manifold/provider-openai';
import { chatUsage, chunk, textChunks, toolCallChunks } from '../upstreams/openai-builders.js';
import { streamErrorChunk } from '../upstreams/openai-errors.js';
import { responsesEvents } from '../upstreams/openai-responses-builders.js';
import { startFakeOpenAI, type Scenario } from '../upstreams/openai.js';
import { recordingLogger, TEST_KEY } from '../core/compat/runtime-helpers.js';
import { runConformance, type ConformanceScenario } from './kit.js';

const usage = chatUsage(10, 5);
const id = 'chatcmpl-conformance';

/** The generic scenarios as Chat Completions chunks. */
function chatScenario(scenario: ConformanceScenario): Scenario {
  switch (scenario) {
    case 'text':
      return { kind: 'chunks', chunks: textChunks(['Hello', ' world'], { id, usage }) };
    case 'reasoning':
      return {
        kind: 'chunks',
        chunks: textChunks(['Answer.'], { id, usage, reasoning: ['Let me ', 'think.'] }),
      };
    case 'tool-calls':
      return {
        kind: 'chunks',
        chunks: toolCallChunks(
          [
            { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
            { name: 'get_time', arguments: ['{"zone":', '"CET"}'] },
          ],
          { id, usage },
        ),
      };
    case 'citations': {
      // Perplexity-style: every chunk repeats the citation list.
      const citations = ['https://example.com/a', 'https://example.com/b'];
      return {
        kind: 'chunks',
        chunks: textChunks(['Cit', 'ed.'], { id }).map((c) => ({ ...c, citations })),
      };
    }
    case 'bad-json':
      return { kind: 'chunks', chunks: [chunk({ content: 'Hello' }, { id }), '{"id": broken'] };
    case 'early-end':
      return { kind: 'chunks', chunks: [chunk({ content: 'Hello' }, { id })], done: false };
    case 'stream-error':
      return { kind: 'chunks', chunks: [streamErrorChunk('The server had an error')] };
    case 'slow':
      return {
        kind: 'chunks',
        chunks: [chunk({ content: 'Hello' }, { id }), chunk({ content: ' late' }, { id })],
        delayMs: 30_000,
      };
  }
}

/** OpenAI's search goes through the Responses API: citations are url_citation annotations. */
const responsesCitations: Scenario = {
  kind: 'responses',
  events: responsesEvents({
    text: ['Cit', 'ed.'],
    annotations: [
      { url: 'https://example.com/a', title: 'A', start_index: 0, end_index: 3 },
      { url: 'https://example.com/b', title: 'B', start_index: 3, end_index: 6 },
    ],
  }),
};

const providers: Array<[ProviderDefinition, string]> = [
  [openai, 'gpt-4o-mini'],
  [deepseek, 'deepseek-chat'],
  [moonshot, 'kimi-k2-0905-preview'],
  [groq, 'llama-3.3-70b-versatile'],
];

for (const [definition, model] of providers) {
  const provider = definition.manifest.id;
  t.test(`${provider} keeps the protocol`, async (t) =>
    runConformance(t, {
      provider,
      request: { model },
      async start() {
        const fake = await startFakeOpenAI();
        return {
          runtime: () =>
            definition.createRuntime({
              providerId: provider,
              apiKey: TEST_KEY,
              baseURL: fake.baseURL,
              env: {},
              logger: recordingLogger(),
            }),
          play: (scenario) =>
            fake.reply(
              scenario === 'citations' && provider === 'openai'
                ? responsesCitations
                : chatScenario(scenario),
            ),
          activeResponses: () => fake.activeResponses(),
          close: () => fake.close(),
        };
      },
    }),
  );
}
