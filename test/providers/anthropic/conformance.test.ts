/**
 * The conformance kit against the Anthropic runtime, each generic scenario rendered as Anthropic
 * Messages SSE by the fake Anthropic API.
 */
import t from 'tap';
import { definition } from '@manifold/provider-anthropic';
import { runConformance, type ConformanceScenario } from '../../conformance/kit.js';
import { recordingLogger } from '../../core/compat/runtime-helpers.js';
import {
  anthropicErrorEvent,
  anthropicStream,
  anthropicTextEvents,
  anthropicToolEvents,
  citedTextBlock,
  messageStart,
  textBlock,
  thinkingBlock,
  webSearchBlocks,
} from '../../upstreams/anthropic-builders.js';
import { startFakeAnthropic, type AnthropicScenario } from '../../upstreams/anthropic.js';
import { KEY } from './helpers.js';

const id = 'msg_conformance';
const usage = { input: 10, output: 5 };
const sources = [
  { url: 'https://example.com/a', title: 'A' },
  { url: 'https://example.com/b', title: 'B' },
];

function scenarioOf(scenario: ConformanceScenario): AnthropicScenario {
  switch (scenario) {
    case 'text':
      return { kind: 'events', events: anthropicTextEvents(['Hello', ' world'], { id, usage }) };
    case 'reasoning':
      return {
        kind: 'events',
        events: anthropicStream(
          [thinkingBlock(['Let me ', 'think.'], 'EuYBsig'), textBlock(['Answer.'])],
          { id, usage },
        ),
      };
    case 'tool-calls':
      return {
        kind: 'events',
        events: anthropicToolEvents(
          [
            { id: 'toolu_w', name: 'get_weather', fragments: ['{"city":', '"Paris"}'] },
            { id: 'toolu_t', name: 'get_time', fragments: ['{"zone":', '"CET"}'] },
          ],
          { id, usage },
        ),
      };
    case 'citations':
      // The search results and the citations inside the text both name the sources.
      return {
        kind: 'events',
        events: anthropicStream(
          [
            webSearchBlocks('q', sources),
            citedTextBlock([
              { text: 'Cited', ...sources[0]! },
              { text: '.', ...sources[1]! },
            ]),
          ],
          { id },
        ),
      };
    case 'bad-json':
      return {
        kind: 'events',
        events: [...anthropicTextEvents(['Hello'], { id, stop: false }), '{"type": broken'],
      };
    case 'early-end':
      return { kind: 'events', events: anthropicTextEvents(['Hello'], { id, stop: false }) };
    case 'stream-error':
      return {
        kind: 'events',
        events: [messageStart({ id }), anthropicErrorEvent('api_error', 'Internal server error')],
      };
    case 'slow':
      // message_start, ping, block start and `Hello` arrive; then the stream stalls, open.
      return {
        kind: 'events',
        events: anthropicTextEvents(['Hello', ' late'], { id }),
        holdAfter: 4,
      };
  }
}

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
        play: (scenario) => fake.reply(scenarioOf(scenario)),
        activeResponses: () => fake.activeResponses(),
        close: () => fake.close(),
      };
    },
  }),
);
