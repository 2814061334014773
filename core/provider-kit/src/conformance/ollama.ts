/**
 * The conformance kit's generic scenarios as Ollama's `/api/chat` NDJSON stream (the fake Ollama's
 * scenarios), for every runtime that speaks the Ollama wire.
 */
import { chatChunk, textChat, type OllamaScenario } from '../fakes/ollama.js';
import type { ConformanceScenario } from './kit.js';

const usage: [number, number] = [10, 5];

/** What the Ollama wire cannot express, with the reason. */
export const OLLAMA_NOT_EXPRESSIBLE: Partial<Record<ConformanceScenario, string>> = {
  'tool-calls':
    'Ollama sends each tool call whole (arguments as a JSON object), never as argument fragments',
  citations: 'Ollama has no web search and no citations in its chat protocol',
};

/** One generic scenario as the fake Ollama plays it. */
export function ollamaScenario(name: ConformanceScenario): OllamaScenario {
  switch (name) {
    case 'text':
      return { kind: 'ndjson', lines: textChat(['Hello', ' world'], { usage }) };
    case 'reasoning':
      return {
        kind: 'ndjson',
        lines: textChat(['Answer.'], { thinking: ['Let me ', 'think.'], usage }),
      };
    case 'bad-json':
      return { kind: 'ndjson', lines: [chatChunk({ content: 'Hello' }), '{"message": broken'] };
    case 'early-end':
      return { kind: 'ndjson', lines: [chatChunk({ content: 'Hello' })] };
    case 'stream-error':
      return { kind: 'ndjson', lines: [{ error: 'llama runner process has terminated' }] };
    case 'slow':
      return {
        kind: 'ndjson',
        lines: [chatChunk({ content: 'Hello' }), chatChunk({ content: ' late' })],
        delayMs: 30_000,
      };
    case 'tool-calls':
    case 'citations':
      throw new Error(`${name} is not expressible on the Ollama wire`);
  }
}
