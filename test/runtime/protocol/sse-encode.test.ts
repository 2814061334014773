import t from 'tap';
import { encodeComment, encodeEvent } from '@manifold/core/protocol/sse-encode';
import { SSEDecoder } from '@manifold/core/protocol/sse-decode';

t.test('a text event is framed as id, event and a JSON string data line', async (t) => {
  t.equal(
    encodeEvent({ id: 'chat_1', event: 'text', data: 'Hello' }),
    'id: chat_1\nevent: text\ndata: "Hello"\n\n',
  );
});

t.test('object payloads are compact one-line JSON', async (t) => {
  t.equal(
    encodeEvent({ id: 'output_speed', event: 'speed', data: { tps: 12.5, ttft: 300 } }),
    'id: output_speed\nevent: speed\ndata: {"tps":12.5,"ttft":300}\n\n',
  );
});

t.test('newlines inside text stay escaped on the single data line', async (t) => {
  const frame = encodeEvent({ id: 'x', event: 'text', data: 'line 1\nline 2\r\n' });
  t.equal(frame, 'id: x\nevent: text\ndata: "line 1\\nline 2\\r\\n"\n\n');
  t.equal(frame.split('\n').length, 5);
});

t.test('U+2028 and U+2029 are escaped and still decode to the same text', async (t) => {
  const text = 'a\u2028b\u2029c';
  const frame = encodeEvent({ id: 'x', event: 'text', data: text });
  t.notOk(frame.includes('\u2028'));
  t.notOk(frame.includes('\u2029'));
  t.ok(frame.includes('"a\\u2028b\\u2029c"'));
  const [message] = new SSEDecoder().push(frame);
  t.equal(JSON.parse(message?.data ?? ''), text);
});

t.test('an undefined data payload is sent as null', async (t) => {
  t.equal(
    encodeEvent({ id: 'x', event: 'data', data: undefined }),
    'id: x\nevent: data\ndata: null\n\n',
  );
});

t.test('line breaks in an id cannot break the framing', async (t) => {
  t.equal(
    encodeEvent({ id: 'a\nb\rc', event: 'stop', data: 'stop' }),
    'id: abc\nevent: stop\ndata: "stop"\n\n',
  );
  t.equal(
    encodeEvent({ id: 'plain', event: 'stop', data: 'stop' }),
    'id: plain\nevent: stop\ndata: "stop"\n\n',
  );
});

t.test('a comment is a colon line followed by a blank line', async (t) => {
  t.equal(encodeComment('ping'), ': ping\n\n');
  t.equal(encodeComment('a\nb'), ': a\n: b\n\n');
  t.same(new SSEDecoder().push(encodeComment('a\r\nb')), []);
});

t.test('every encoded event decodes back to its kind, id and data', async (t) => {
  const decoder = new SSEDecoder();
  const data = { citations: [{ title: '标题 😀', url: 'https://example.com' }] };
  const [message] = decoder.push(encodeEvent({ id: 'msg_1', event: 'grounding', data }));
  t.same(message, { event: 'grounding', id: 'msg_1', data: JSON.stringify(data) });
});
