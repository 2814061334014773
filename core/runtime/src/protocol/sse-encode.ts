import type { StreamEvent } from '../contract/stream-event.js';

const LINE_BREAK = /[\r\n]/g;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

let lastId = '';
let lastSafeId = '';

/** The id with line breaks removed, so it cannot break the event's framing. Cached: a stream repeats one id. */
function safeId(id: string): string {
  if (id === lastId) return lastSafeId;
  lastId = id;
  lastSafeId = id.indexOf('\n') === -1 && id.indexOf('\r') === -1 ? id : id.replace(LINE_BREAK, '');
  return lastSafeId;
}

/**
 * JSON of an event payload on one line. JSON.stringify never emits raw CR or LF; U+2028 and U+2029 are
 * legal in JSON but some line readers (and pre-ES2019 parsers) split on them, so they are escaped.
 */
function toJSONLine(data: unknown): string {
  const json = JSON.stringify(data) ?? 'null';
  if (json.indexOf('\u2028') === -1 && json.indexOf('\u2029') === -1) return json;
  return json.replace(LINE_SEPARATORS, (separator) =>
    separator === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/**
 * Frame one stream event as server-sent event text (CONTRACT §4):
 * `id: <id>\nevent: <kind>\ndata: <json>\n\n`. `data` is always one line of JSON
 * (a string payload is a quoted JSON string; `undefined` becomes `null`).
 */
export function encodeEvent(event: StreamEvent): string {
  return (
    'id: ' +
    safeId(event.id) +
    '\nevent: ' +
    event.event +
    '\ndata: ' +
    toJSONLine(event.data) +
    '\n\n'
  );
}

/**
 * An SSE comment (`: text\n\n`), e.g. the idle `: ping` that keeps proxies from closing the stream.
 * Clients ignore it. A multi-line text becomes one comment line per line.
 */
export function encodeComment(text: string): string {
  if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return ': ' + text + '\n\n';
  return (
    text
      .split(/\r\n|\r|\n/)
      .map((line) => ': ' + line + '\n')
      .join('') + '\n'
  );
}

/**
 * A server-sent event of another API's stream: `data: <json>\n\n`, or with `event`
 * `event: <event>\ndata: <json>\n\n` (the OpenAI- and Anthropic-compatible streams). `data` is one
 * line of JSON, as in `encodeEvent`.
 */
export function encodeData(data: unknown, event?: string): string {
  const line = 'data: ' + toJSONLine(data) + '\n\n';
  return event === undefined ? line : 'event: ' + event.replace(LINE_BREAK, '') + '\n' + line;
}
