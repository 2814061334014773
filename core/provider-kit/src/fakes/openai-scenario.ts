/**
 * What the fake OpenAI upstream answers next, and how a scenario becomes wire frames. Chat Completions streams
 * are framed `data: <json>\n\n` and end with `data: [DONE]\n\n`; Responses streams are framed
 * `event: <type>\ndata: <json>\n\n` and have no `[DONE]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ErrorScenario } from './openai-errors.js';

/** One streamed payload: an object is JSON-encoded, a string is written verbatim (e.g. broken JSON). */
export type WireChunk = object | string;

/** Timing and failure options shared by the streaming scenarios. */
export interface StreamOptions {
  /** Pause before each chunk after the first, in ms (keep ≤ 50 in tests). */
  delayMs?: number;
  /** Destroy the socket after this many chunks: a dropped connection. */
  dropAfter?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

/** Stream `chat.completion.chunk`s, then `data: [DONE]` unless `done` is false. */
export interface ChunksScenario extends StreamOptions {
  kind: 'chunks';
  chunks: readonly WireChunk[];
  /** Send `data: [DONE]` after the chunks; default true. */
  done?: boolean;
}

/**
 * Stream `core/provider-kit/fixtures/openai/<name>.chunks.txt`: one raw chunk per line; blank lines and `#` lines
 * are skipped; `!drop` destroys the socket there; `!nodone` leaves out `[DONE]`. Framed as a Responses stream
 * when answering a `/responses` request, else as a Chat Completions stream.
 */
export interface FixtureScenario {
  kind: 'fixture';
  name: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** A plain JSON answer: a completion, a model list, or any error body with any status (default 200). */
export interface JsonScenario {
  kind: 'json';
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A Responses API stream; objects without `sequence_number` get their position in the stream. */
export interface ResponsesScenario extends StreamOptions {
  kind: 'responses';
  events: readonly WireChunk[];
}

/** Accept the request and never answer, until the client or `close()` ends the connection. */
export interface HangScenario {
  kind: 'hang';
}

/** Exactly this status, these headers and this body, e.g. an HTML 502 from a proxy or an empty body. */
export interface RawScenario {
  kind: 'raw';
  status: number;
  headers?: Record<string, string>;
  /** Text, or bytes (spoken audio). */
  body: string | Uint8Array;
}

/** What the fake answers to one request. */
export type Scenario =
  | ChunksScenario
  | FixtureScenario
  | JsonScenario
  | ErrorScenario
  | ResponsesScenario
  | HangScenario
  | RawScenario;

/** A wire frame: an SSE message body (already framed) or the instruction to destroy the socket. */
export type Frame = { text: string } | { drop: true };

/** The stream a fixture or chunk list becomes, ready to write. */
export interface FramedStream {
  frames: Frame[];
  delayMs: number;
  headers: Record<string, string>;
}

const fixtureDirectory = new URL('../../fixtures/openai/', import.meta.url);

/** The path of a fixture file; throws when it does not exist so a typo fails the test that queued it. */
export function fixturePath(name: string): URL {
  const path = new URL(`${name}.chunks.txt`, fixtureDirectory);
  if (!existsSync(path))
    throw new Error(`No OpenAI fixture ${name}.chunks.txt in ${fixtureDirectory.pathname}`);
  return path;
}

/** The lines of a fixture: raw chunks plus `!drop` / `!nodone` directives, comments and blanks removed. */
export function readFixture(name: string): string[] {
  return readFileSync(fixturePath(name), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

function chatFrame(chunk: WireChunk): Frame {
  return { text: `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n` };
}

function responsesFrame(event: WireChunk, position: number): Frame {
  if (typeof event === 'string') {
    const type = /"type"\s*:\s*"([^"]+)"/.exec(event)?.[1];
    return { text: `${type ? `event: ${type}\n` : ''}data: ${event}\n\n` };
  }
  const record = event as Record<string, unknown>;
  const numbered = 'sequence_number' in record ? record : { ...record, sequence_number: position };
  return { text: `event: ${String(record.type)}\ndata: ${JSON.stringify(numbered)}\n\n` };
}

function withDrop(frames: Frame[], dropAfter: number | undefined): Frame[] {
  return dropAfter === undefined ? frames : [...frames.slice(0, dropAfter), { drop: true }];
}

/** Frames for a streaming scenario; `responses` framing also applies to a fixture answering `/responses`. */
export function framesOf(
  scenario: ChunksScenario | ResponsesScenario | FixtureScenario,
  responsesPath: boolean,
): FramedStream {
  const headers = scenario.headers ?? {};
  const delayMs = scenario.delayMs ?? 0;
  if (scenario.kind === 'chunks') {
    const frames = withDrop(scenario.chunks.map(chatFrame), scenario.dropAfter);
    if (scenario.done !== false) frames.push({ text: 'data: [DONE]\n\n' });
    return { frames, delayMs, headers };
  }
  if (scenario.kind === 'responses') {
    return {
      frames: withDrop(scenario.events.map(responsesFrame), scenario.dropAfter),
      delayMs,
      headers,
    };
  }
  const lines = readFixture(scenario.name);
  const frames: Frame[] = [];
  for (const [position, line] of lines.entries()) {
    if (line === '!nodone') continue;
    if (line === '!drop') frames.push({ drop: true });
    else frames.push(responsesPath ? responsesFrame(line, position) : chatFrame(line));
  }
  if (!responsesPath && !lines.includes('!nodone') && !lines.includes('!drop')) {
    frames.push({ text: 'data: [DONE]\n\n' });
  }
  return { frames, delayMs, headers };
}
