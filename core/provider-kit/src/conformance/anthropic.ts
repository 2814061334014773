/**
 * The generic conformance scenarios as Anthropic Messages SSE (the fake Anthropic API's scenarios),
 * for every runtime that speaks the Anthropic wire (Anthropic itself, routers' Anthropic backend).
 */
import type { ConformanceScenario } from './kit.js';
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
} from '../fakes/anthropic-builders.js';
import type { AnthropicScenario } from '../fakes/anthropic.js';

const id = 'msg_conformance';
const usage = { input: 10, output: 5 };
const sources = [
  { url: 'https://example.com/a', title: 'A' },
  { url: 'https://example.com/b', title: 'B' },
];

/** One generic scenario as the fake Anthropic API plays it. */
export function anthropicScenario(scenario: ConformanceScenario): AnthropicScenario {
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
