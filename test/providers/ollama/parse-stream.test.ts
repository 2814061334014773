import t from 'tap';
import { ndjsonValues } from '@manifold/provider-ollama/parse-stream';

const encoder = new TextEncoder();

/** A body delivering `bytes` in the given pieces. */
function body(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function values(stream: ReadableStream<Uint8Array>) {
  const result: unknown[] = [];
  try {
    for await (const value of ndjsonValues(stream)) result.push(value);
  } catch (error) {
    return { result, error: error as { errorType?: string } };
  }
  return { result, error: undefined };
}

t.test('every split point of a multi-byte NDJSON body gives the same values', async (t) => {
  const text = '{"city":"杭州"}\r\n\n{"n":1}\n{"last":"é"}';
  const bytes = encoder.encode(text);
  for (let at = 0; at <= bytes.length; at++) {
    const { result, error } = await values(body([bytes.subarray(0, at), bytes.subarray(at)]));
    t.equal(error, undefined);
    t.same(result, [{ city: '杭州' }, { n: 1 }, { last: 'é' }], `split at byte ${at}`);
  }
});

t.test('values before a malformed line in the same chunk are kept', async (t) => {
  const { result, error } = await values(
    body([encoder.encode('{"a":1}\n{"b":2}\n{oops\n{"c":3}\n')]),
  );
  t.same(result, [{ a: 1 }, { b: 2 }]);
  t.equal(error?.errorType, 'StreamChunkError');
});

t.test('a body that breaks ends the values and reports the drop', async (t) => {
  let dropped: unknown;
  let reads = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (reads++ === 0) controller.enqueue(encoder.encode('{"a":1}\n{"b"'));
      else controller.error(new TypeError('terminated'));
    },
  });
  const result: unknown[] = [];
  for await (const value of ndjsonValues(stream, (error) => (dropped = error))) result.push(value);
  t.same(result, [{ a: 1 }], 'the cut line is not parsed');
  t.match(dropped, { message: 'terminated' });
});
