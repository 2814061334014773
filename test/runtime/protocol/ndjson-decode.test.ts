import t from 'tap';
import { NDJSONDecoder } from '@manifold/core/protocol/ndjson-decode';
import { STREAM_CHUNK_ERROR_MESSAGE } from '@manifold/core/protocol/chunk-error';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

const encoder = new TextEncoder();
const STREAM =
  '{"status":"pulling manifest"}\n' +
  '{"status":"下载中 😀","completed":10,"total":100,"digest":"sha256:ab"}\r\n' +
  '\n' +
  '   \n' +
  '{"status":"success"}';
const EXPECTED = [
  { status: 'pulling manifest' },
  { status: '下载中 😀', completed: 10, total: 100, digest: 'sha256:ab' },
  { status: 'success' },
];

function decode(chunks: Array<Uint8Array | string>): unknown[] {
  const decoder = new NDJSONDecoder();
  const values: unknown[] = [];
  for (const chunk of chunks) values.push(...decoder.push(chunk));
  values.push(...decoder.end());
  return values;
}

t.test(
  'lines decode to values, blank lines are skipped and the last line needs no newline',
  async (t) => {
    t.strictSame(decode([encoder.encode(STREAM)]), EXPECTED);
  },
);

t.test('splitting the bytes at every point gives the same values', async (t) => {
  const bytes = encoder.encode(STREAM);
  for (let split = 0; split <= bytes.length; split++) {
    const values = decode([bytes.slice(0, split), bytes.slice(split)]);
    if (!t.strictSame(values, EXPECTED, `split at byte ${split}`)) break;
  }
});

t.test('one byte per chunk gives the same values', async (t) => {
  const bytes = encoder.encode(STREAM);
  t.strictSame(decode(Array.from(bytes, (byte) => Uint8Array.of(byte))), EXPECTED);
});

t.test('values are returned as soon as their line is complete', async (t) => {
  const decoder = new NDJSONDecoder();
  t.strictSame(decoder.push('{"a":'), []);
  t.strictSame(decoder.push('1}\n{"b"'), [{ a: 1 }]);
  t.strictSame(decoder.push(':2}\n'), [{ b: 2 }]);
  t.strictSame(decoder.end(), []);
});

t.test('a line that is not JSON raises a StreamChunkError naming the line', async (t) => {
  const decoder = new NDJSONDecoder();
  t.strictSame(decoder.push('{"ok":true}\n'), [{ ok: true }]);
  const error = (() => {
    try {
      decoder.push('{"broken":\n');
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  t.ok(error instanceof ManifoldError);
  const manifoldError = error as ManifoldError;
  t.equal(manifoldError.errorType, 'StreamChunkError');
  t.equal(manifoldError.message, STREAM_CHUNK_ERROR_MESSAGE);
  t.match(manifoldError.body, { context: { chunk: '{"broken":', error: { name: 'SyntaxError' } } });
});

t.test('a bad final line without newline also raises at end', async (t) => {
  const decoder = new NDJSONDecoder();
  decoder.push('{"a":1}\nnot json');
  t.throws(() => decoder.end(), { name: 'ManifoldError', errorType: 'StreamChunkError' });
});
