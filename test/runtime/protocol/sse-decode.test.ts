import t from 'tap';
import { decodeSSE, SSEDecoder, type SSEMessage } from '@manifold/core/protocol/sse-decode';

const encoder = new TextEncoder();

/** Covers BOM, comments, CR / LF / CRLF, multi-line data, 3- and 4-byte UTF-8, retry, id, bare fields. */
const STREAM =
  '\uFEFF: a comment\r\n' +
  'retry: 3000\n' +
  'id: 42\r' +
  'event: text\r\n' +
  'data: 你好，世界 😀\r' +
  'data: 𝄞 second line\n' +
  '\n' +
  'data:no-space\r\n\r\n' +
  'event: usage\ndata\n\n' +
  'id\n' +
  'data: x\r\r' +
  'event: empty\n\n' +
  'retry: 12a\ndata:  two spaces\n\n' +
  'data: unterminated';

const EXPECTED: SSEMessage[] = [
  { event: 'text', id: '42', retry: 3000, data: '你好，世界 😀\n𝄞 second line' },
  { id: '42', data: 'no-space' },
  { event: 'usage', id: '42', data: '' },
  { data: 'x' },
  { data: ' two spaces' },
];

/** Order-independent text form of messages, for cheap comparison in large loops. */
const canonical = (messages: SSEMessage[]) =>
  JSON.stringify(
    messages.map((message) => [message.event, message.id, message.retry, message.data]),
  );
const EXPECTED_CANONICAL = canonical(EXPECTED);

function decodeChunks(chunks: Array<Uint8Array | string>) {
  const decoder = new SSEDecoder();
  const messages: SSEMessage[] = [];
  for (const chunk of chunks) messages.push(...decoder.push(chunk));
  messages.push(...decoder.end());
  return { messages, decoder };
}

t.test(
  'the whole stream decodes to the expected events and reports the cut last event',
  async (t) => {
    const { messages, decoder } = decodeChunks([encoder.encode(STREAM)]);
    t.strictSame(messages, EXPECTED);
    t.equal(decoder.pending, true);
    t.equal(decoder.retry, 3000);
  },
);

t.test('splitting the bytes at every single point gives the same events', async (t) => {
  const bytes = encoder.encode(STREAM);
  for (let split = 0; split <= bytes.length; split++) {
    const { messages, decoder } = decodeChunks([bytes.slice(0, split), bytes.slice(split)]);
    if (!t.strictSame(messages, EXPECTED, `split at byte ${split}`)) break;
    t.equal(decoder.pending, true);
  }
});

t.test('splitting the bytes at every pair of points gives the same events', async (t) => {
  const bytes = encoder.encode(STREAM);
  let failures = 0;
  for (let first = 0; first <= bytes.length; first++) {
    for (let second = first; second <= bytes.length; second++) {
      const { messages } = decodeChunks([
        bytes.slice(0, first),
        bytes.slice(first, second),
        bytes.slice(second),
      ]);
      if (canonical(messages) !== EXPECTED_CANONICAL) failures++;
    }
  }
  t.equal(failures, 0);
});

t.test('one byte per chunk gives the same events', async (t) => {
  const bytes = encoder.encode(STREAM);
  const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
  t.strictSame(decodeChunks(chunks).messages, EXPECTED);
});

t.test('string chunks split at every character give the same events', async (t) => {
  for (let split = 0; split <= STREAM.length; split++) {
    const { messages } = decodeChunks([STREAM.slice(0, split), STREAM.slice(split)]);
    if (!t.strictSame(messages, EXPECTED, `split at char ${split}`)) break;
  }
});

t.test('a CR ending one chunk and its LF starting the next make one line end', async (t) => {
  const decoder = new SSEDecoder();
  t.strictSame(decoder.push('data: a\r'), []);
  t.strictSame(decoder.push('\ndata: b\r'), []);
  t.strictSame(decoder.push('\n\r'), [{ data: 'a\nb' }]);
  t.strictSame(decoder.push('\n'), []);
  t.strictSame(decoder.push('data: c\n\n'), [{ data: 'c' }]);
  t.equal(decoder.pending, false);
});

t.test('only a blank line dispatches, and an event without data is not dispatched', async (t) => {
  const decoder = new SSEDecoder();
  t.strictSame(decoder.push('event: ping\n'), []);
  t.equal(decoder.pending, true);
  t.strictSame(decoder.push('\n'), []);
  t.equal(decoder.pending, false);
  t.strictSame(decoder.push('event: x\ndata: [DONE]\n'), []);
  t.strictSame(decoder.push('\n'), [{ event: 'x', data: '[DONE]' }]);
  t.strictSame(decoder.end(), []);
  t.equal(decoder.pending, false);
});

t.test('a BOM is dropped only at the very start', async (t) => {
  const bytes = encoder.encode('\uFEFFdata: \uFEFFx\n\n');
  t.strictSame(decodeChunks([bytes.slice(0, 1), bytes.slice(1, 2), bytes.slice(2)]).messages, [
    { data: '\uFEFFx' },
  ]);
  t.strictSame(decodeChunks(['\uFEFF', '\uFEFFdata: y\n\n']).messages, []);
});

t.test('retry takes digits only and ids with NUL are ignored', async (t) => {
  const { messages, decoder } = decodeChunks([
    'retry: 1.5\nretry: -1\nid: a\0b\ndata: 1\n\nretry: 250\ndata: 2\n\n',
  ]);
  t.strictSame(messages, [{ data: '1' }, { data: '2', retry: 250 }]);
  t.equal(decoder.retry, 250);
  t.equal(decoder.pending, false);
});

t.test('unknown fields and comments are ignored', async (t) => {
  const { messages } = decodeChunks([': hi\nfoo: bar\ndata: ok\n:\n\n']);
  t.strictSame(messages, [{ data: 'ok' }]);
});

t.test(
  'an incomplete UTF-8 sequence at the end is flushed as a replacement and marks pending',
  async (t) => {
    const bytes = encoder.encode('data: 😀');
    const { messages, decoder } = decodeChunks([bytes.slice(0, bytes.length - 1)]);
    t.strictSame(messages, []);
    t.equal(decoder.pending, true);
  },
);

t.test('a large event split into many chunks decodes in linear time', async (t) => {
  const piece = 'x'.repeat(10_000);
  const decoder = new SSEDecoder({ maxLineLength: 20_000_000 });
  const started = performance.now();
  decoder.push('data: ');
  let early = 0;
  for (let i = 0; i < 1000; i++) early += decoder.push(piece).length;
  t.equal(early, 0);
  const [message] = decoder.push('\n\n');
  t.equal(message?.data.length, 10_000_000);
  t.ok(performance.now() - started < 2000, 'took under 2 s');
});

t.test('many small events in one chunk are all dispatched', async (t) => {
  const text = Array.from({ length: 5000 }, (_, i) => `data: {"i":${i}}\n\n`).join('');
  const messages = new SSEDecoder().push(text);
  t.equal(messages.length, 5000);
  t.equal(messages[4999]?.data, '{"i":4999}');
});

t.test('decodeSSE reads a ReadableStream and an async iterable alike', async (t) => {
  const bytes = encoder.encode(STREAM);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  });
  const fromStream: SSEMessage[] = [];
  const decoder = new SSEDecoder();
  for await (const message of decodeSSE(stream, decoder)) fromStream.push(message);
  t.strictSame(fromStream, EXPECTED);
  t.equal(decoder.pending, true);

  async function* chunks() {
    for (let i = 0; i < bytes.length; i += 3) yield bytes.slice(i, i + 3);
  }
  const fromIterable: SSEMessage[] = [];
  for await (const message of decodeSSE(chunks())) fromIterable.push(message);
  t.strictSame(fromIterable, EXPECTED);
});

t.test('stopping decodeSSE early cancels the ReadableStream', async (t) => {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(encoder.encode('data: tick\n\n'));
    },
    cancel() {
      cancelled = true;
    },
  });
  let count = 0;
  for await (const message of decodeSSE(stream)) {
    t.equal(message.data, 'tick');
    if (++count === 3) break;
  }
  t.equal(cancelled, true);
});
