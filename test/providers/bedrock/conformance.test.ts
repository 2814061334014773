/**
 * The conformance kit over Bedrock, against the fake Bedrock speaking binary event-stream frames:
 * once for Claude (Anthropic events in each chunk) and once for Llama (generation chunks).
 */
import t from 'tap';
import { definition } from '@manifold/provider-bedrock';
import {
  claudeEvents,
  claudeTextEvents,
  llamaChunks,
} from '@manifold/provider-kit/fakes/bedrock-builders';
import {
  startFakeBedrock,
  streamOf,
  type Frame,
  type Scenario,
} from '@manifold/provider-kit/fakes/bedrock';
import {
  runConformance,
  type ConformanceScenario,
  type ConformanceTarget,
} from '@manifold/provider-kit/conformance/kit';
import { bedrockOptions, CLAUDE, LLAMA3 } from './helpers.js';

const usage = { input: 10, output: 5 };
const helloThen = (then: Frame[]): Scenario =>
  streamOf(claudeTextEvents(['Hello']).slice(0, 3), { then });
const throttled: Frame = {
  exception: 'throttlingException',
  body: { message: 'Too many tokens, please wait before trying again.' },
};

/** The generic scenarios as Claude-on-Bedrock chunks. */
function claudeScenario(scenario: ConformanceScenario): Scenario {
  switch (scenario) {
    case 'text':
      return streamOf(claudeTextEvents(['Hello', ' world'], { usage }));
    case 'reasoning':
      return streamOf(
        claudeEvents({
          usage,
          blocks: [
            { type: 'thinking', thinking: ['Let me ', 'think.'], signature: 'sig' },
            { type: 'text', text: ['Answer.'] },
          ],
        }),
      );
    case 'tool-calls':
      return streamOf(
        claudeEvents({
          usage,
          stopReason: 'tool_use',
          blocks: [
            {
              type: 'tool_use',
              id: 'toolu_bdrk_a',
              name: 'get_weather',
              input: ['{"city":', '"Paris"}'],
            },
            {
              type: 'tool_use',
              id: 'toolu_bdrk_b',
              name: 'get_time',
              input: ['{"zone":', '"CET"}'],
            },
          ],
        }),
      );
    case 'citations': {
      // Anthropic's citations_delta events, as Bedrock relays them inside the chunks.
      const citation = (url: string, title: string) => ({
        type: 'content_block_delta',
        index: 0,
        delta: {
          type: 'citations_delta',
          citation: { type: 'web_search_result_location', url, title, cited_text: 'x' },
        },
      });
      const events = claudeTextEvents(['Cit', 'ed.']);
      return streamOf([
        ...events.slice(0, 3),
        citation('https://example.com/a', 'A'),
        citation('https://example.com/b', 'B'),
        citation('https://example.com/a', 'A'),
        ...events.slice(3),
      ]);
    }
    case 'bad-json':
      return helloThen([{ chunkText: '{"type": broken' }]);
    case 'early-end':
      return helloThen([]);
    case 'stream-error':
      return streamOf(claudeTextEvents(['x']).slice(0, 1), { then: [throttled] });
    case 'slow':
      return helloThen([
        { pause: 30_000 },
        ...claudeTextEvents([' late'])
          .slice(2)
          .map((chunk) => ({ chunk })),
      ]);
  }
}

/** The generic scenarios as Llama chunks (Llama has no tool calls or citations on InvokeModel). */
function llamaScenario(scenario: ConformanceScenario): Scenario {
  const hello = llamaChunks(['Hello']).slice(0, 1);
  switch (scenario) {
    case 'text':
      return streamOf(llamaChunks(['Hello', ' world'], { promptTokens: 10 }));
    case 'reasoning':
      // A reasoning-distilled model on the Llama wire thinks inside <think> tags.
      return streamOf(llamaChunks(['<think>Let me ', 'think.</think>', 'Answer.']));
    case 'bad-json':
      return streamOf(hello, { then: [{ chunkText: '{"generation": broken' }] });
    case 'early-end':
      return streamOf(hello);
    case 'stream-error':
      return streamOf([], { then: [throttled] });
    case 'slow':
      return streamOf(hello, {
        then: [{ pause: 30_000 }, { chunk: llamaChunks(['late']).at(-1) }],
      });
    default:
      throw new Error(`${scenario} is not expressible on the Llama wire`);
  }
}

const target =
  (play: (scenario: ConformanceScenario) => Scenario): ConformanceTarget['start'] =>
  async () => {
    const fake = await startFakeBedrock();
    return {
      runtime: () => definition.createRuntime(bedrockOptions(fake)),
      play: (scenario) => fake.reply(play(scenario)),
      activeResponses: () => fake.activeResponses(),
      close: () => fake.close(),
    };
  };

t.test('bedrock (Claude) keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'bedrock',
    request: { model: CLAUDE },
    start: target(claudeScenario),
  }),
);

t.test('bedrock (Llama) keeps the protocol', async (t) =>
  runConformance(t, {
    provider: 'bedrock',
    request: { model: LLAMA3 },
    start: target(llamaScenario),
    textUsage: { totalInputTokens: 10, totalOutputTokens: 2 },
    notExpressible: {
      'tool-calls':
        'Llama on InvokeModel takes one prompt string and answers plain text: no tool-call fields',
      citations: 'Llama generation chunks carry no citation or search fields',
    },
  }),
);
