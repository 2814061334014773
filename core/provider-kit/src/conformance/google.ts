/**
 * The conformance kit's generic scenarios rendered as Google streams them
 * (`data: <GenerateContentResponse>\r\n\r\n`, no end marker), for both Google providers.
 */
import type { ConformanceScenario } from './kit.js';
import { chunk, errorBody, grounding, textChunks, usage } from '../fakes/google-builders.js';
import type { GoogleScenario } from '../fakes/google.js';

const sources: Array<[string, string]> = [
  ['https://example.com/a', 'A'],
  ['https://example.com/b', 'B'],
];

/** The generic scenarios in the Gemini API's wire format. */
export function googleScenario(scenario: ConformanceScenario): GoogleScenario {
  switch (scenario) {
    case 'text':
      return { kind: 'chunks', chunks: textChunks(['Hello', ' world'], { usage: usage(10, 5) }) };
    case 'reasoning':
      return {
        kind: 'chunks',
        chunks: textChunks(['Answer.'], {
          thoughts: ['Let me ', 'think.'],
          usage: usage(10, 2, { thoughts: 3 }),
        }),
      };
    case 'tool-calls':
      throw new Error('not expressible');
    case 'citations':
      // Google repeats the grounding metadata on later chunks.
      return {
        kind: 'chunks',
        chunks: [
          chunk([{ text: 'Cit' }], { grounding: grounding(sources, ['cited']) }),
          chunk([{ text: 'ed.' }], {
            grounding: grounding(sources, ['cited']),
            finishReason: 'STOP',
          }),
        ],
      };
    case 'bad-json':
      return { kind: 'chunks', chunks: [chunk([{ text: 'Hello' }]), '{"candidates": broken'] };
    case 'early-end':
      return { kind: 'chunks', chunks: [chunk([{ text: 'Hello' }])] };
    case 'stream-error':
      return {
        kind: 'chunks',
        chunks: [errorBody(500, 'INTERNAL', 'An internal error has occurred.')],
      };
    case 'slow':
      return {
        kind: 'chunks',
        chunks: [chunk([{ text: 'Hello' }]), chunk([{ text: ' late' }])],
        delayMs: 30_000,
      };
  }
}

/** Gemini sends each function call whole, in one part: there are no argument fragments. */
export const WHOLE_CALLS =
  'Gemini sends every function call whole in one part (args as an object), never in argument fragments';
