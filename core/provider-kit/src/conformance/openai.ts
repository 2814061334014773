/**
 * The conformance kit for an OpenAI-compatible provider (one built on the compat factory): the 8
 * generic scenarios as Chat Completions chunks from the fake OpenAI upstream, with per-provider
 * overrides for scenarios the provider's wire renders its own way (its citation fields, a stream
 * turned off with tools…).
 *
 * ```ts
 * compatConformance(t, definition, { model: 'qwen-plus' });
 * ```
 */
import type { Test } from 'tap';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import {
  chatCompletion,
  chatUsage,
  chunk,
  textChunks,
  toolCallChunks,
} from '../fakes/openai-builders.js';
import { streamErrorChunk } from '../fakes/openai-errors.js';
import { startFakeOpenAI, type Scenario } from '../fakes/openai.js';
import { recordingLogger, TEST_KEY } from '../testing.js';
import { runConformance, type ConformanceScenario } from './kit.js';

const usage = chatUsage(10, 5);
const id = 'chatcmpl-conformance';

/** The generic scenarios as Chat Completions chunks. */
export function chatScenario(scenario: ConformanceScenario): Scenario {
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

/** The `tool-calls` scenario as one non-streamed completion (providers that turn streaming off). */
const wholeToolCallsAnswer: Scenario = {
  kind: 'json',
  body: chatCompletion(null, {
    id,
    usage,
    toolCalls: [
      { name: 'get_weather', arguments: '{"city":"Paris"}' },
      { name: 'get_time', arguments: '{"zone":"CET"}' },
    ],
  }),
};

/** How one provider runs the kit. */
export interface CompatConformanceOptions {
  /** A chat model id of the provider. */
  model: string;
  /** Scenarios this provider's upstream renders differently (e.g. its own citation fields). */
  scenarios?: Partial<Record<ConformanceScenario, Scenario>>;
  /** Path the provider's base URL has on the fake (default `/v1`; e.g. `/openai/v1`). */
  basePath?: string;
  /** Scenarios the provider's wire cannot express, with the reason. */
  notExpressible?: Partial<Record<ConformanceScenario, string>>;
  /** Environment of the runtime. */
  env?: Record<string, string>;
  /**
   * The provider turns streaming off when tools are present: the `tool-calls` scenario is answered
   * as one JSON completion and the kit expects whole calls.
   */
  wholeToolCalls?: boolean;
}

/** Run the conformance kit over an OpenAI-compatible provider against the fake OpenAI upstream. */
export function compatConformance(
  t: Test,
  definition: ProviderDefinition,
  options: CompatConformanceOptions,
): Promise<void> {
  const provider = definition.manifest.id;
  return runConformance(t, {
    provider,
    request: { model: options.model },
    ...(options.notExpressible && { notExpressible: options.notExpressible }),
    ...(options.wholeToolCalls && { wholeToolCalls: true }),
    async start() {
      const fake = await startFakeOpenAI();
      return {
        runtime: () =>
          definition.createRuntime({
            providerId: provider,
            apiKey: TEST_KEY,
            baseURL: `${fake.url}${options.basePath ?? '/v1'}`,
            env: options.env ?? {},
            logger: recordingLogger(),
          }),
        play: (scenario) =>
          fake.reply(
            options.scenarios?.[scenario] ??
              (scenario === 'tool-calls' && options.wholeToolCalls
                ? wholeToolCallsAnswer
                : chatScenario(scenario)),
          ),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  });
}
