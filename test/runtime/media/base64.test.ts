import t from 'tap';
import { btoaBytes, bytesToBase64, concatBytes } from '@manifold/core/media/base64';

const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7919 + 13) % 256);

t.test('base64 without Buffer matches Node’s, around padding and slice boundaries', async (t) => {
  for (const length of [0, 1, 2, 3, 4, 0x7fff, 0x8000, 0x8001, 100_003]) {
    const data = bytes(length);
    const expected = Buffer.from(data).toString('base64');
    t.equal(btoaBytes(data), expected, `${length} bytes, the portable path`);
    t.equal(bytesToBase64(data), expected, `${length} bytes, the fast path`);
  }
});

t.test('bytesToBase64 works where Buffer does not exist (a browser)', async (t) => {
  const saved = globalThis.Buffer;
  const data = bytes(70_000);
  const expected = saved.from(data).toString('base64');
  let encoded: string;
  Reflect.deleteProperty(globalThis, 'Buffer');
  try {
    encoded = bytesToBase64(data);
  } finally {
    globalThis.Buffer = saved;
  }
  t.equal(encoded, expected);
});

t.test('concatBytes joins chunks in order', async (t) => {
  t.same([...concatBytes([Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)])], [1, 2, 3]);
  t.equal(concatBytes([]).byteLength, 0);
});
