import t from 'tap';
import { ThinkTagSplitter, type ThinkSegment } from '@manifold/core/protocol/think-splitter';

function split(chunks: string[]): ThinkSegment[] {
  const splitter = new ThinkTagSplitter();
  const segments: ThinkSegment[] = [];
  for (const chunk of chunks) segments.push(...splitter.push(chunk));
  segments.push(...splitter.flush());
  return segments;
}

/** Adjacent segments of one kind joined: what a reader of the stream sees. */
function joined(segments: ThinkSegment[]): ThinkSegment[] {
  const result: ThinkSegment[] = [];
  for (const segment of segments) {
    const last = result[result.length - 1];
    if (last?.kind === segment.kind) last.text += segment.text;
    else result.push({ ...segment });
  }
  return result;
}

const CONTENT = 'Intro <think>思考 😀 a < b</think>Answer <b>bold</b>';
const EXPECTED: ThinkSegment[] = [
  { kind: 'text', text: 'Intro ' },
  { kind: 'reasoning', text: '思考 😀 a < b' },
  { kind: 'text', text: 'Answer <b>bold</b>' },
];

t.test('a tag shared with text is split exactly at the tag', async (t) => {
  t.strictSame(split(['<think>abc</think>Hello']), [
    { kind: 'reasoning', text: 'abc' },
    { kind: 'text', text: 'Hello' },
  ]);
  t.strictSame(split(['<think>', 'abc</think>Hello']), [
    { kind: 'reasoning', text: 'abc' },
    { kind: 'text', text: 'Hello' },
  ]);
});

t.test('text before <think> is emitted as text', async (t) => {
  t.strictSame(split(['Sure. <think>hmm</think>Done']), [
    { kind: 'text', text: 'Sure. ' },
    { kind: 'reasoning', text: 'hmm' },
    { kind: 'text', text: 'Done' },
  ]);
});

t.test('splitting the content at every point gives the same segments', async (t) => {
  for (let split1 = 0; split1 <= CONTENT.length; split1++) {
    const segments = split([CONTENT.slice(0, split1), CONTENT.slice(split1)]);
    if (!t.strictSame(joined(segments), EXPECTED, `split at ${split1}`)) break;
    t.ok(
      segments.every((segment) => segment.text.length > 0),
      'no empty segment',
    );
  }
});

t.test('one character per chunk gives the same segments', async (t) => {
  const segments = split(Array.from(CONTENT));
  t.strictSame(joined(segments), EXPECTED);
  t.ok(segments.every((segment) => segment.text.length > 0));
});

t.test('a tag split across chunks is recognised and nothing of it leaks', async (t) => {
  const splitter = new ThinkTagSplitter();
  t.strictSame(splitter.push('<thi'), []);
  t.equal(splitter.holding, true);
  t.strictSame(splitter.push('nk>reason</th'), [{ kind: 'reasoning', text: 'reason' }]);
  t.strictSame(splitter.push('ink>'), []);
  t.equal(splitter.inThink, false);
  t.strictSame(splitter.push('answer'), [{ kind: 'text', text: 'answer' }]);
  t.strictSame(splitter.flush(), []);
});

t.test('only the possible tag prefix is held back', async (t) => {
  const splitter = new ThinkTagSplitter();
  t.strictSame(splitter.push('a <b'), [{ kind: 'text', text: 'a <b' }]);
  t.strictSame(splitter.push('x <'), [{ kind: 'text', text: 'x ' }]);
  t.strictSame(splitter.push('<t'), [{ kind: 'text', text: '<' }]);
  t.strictSame(splitter.push('able>'), [{ kind: 'text', text: '<table>' }]);
});

t.test('flush releases held text that turned out not to be a tag', async (t) => {
  const splitter = new ThinkTagSplitter();
  t.strictSame(splitter.push('value <thin'), [{ kind: 'text', text: 'value ' }]);
  t.strictSame(splitter.flush(), [{ kind: 'text', text: '<thin' }]);
  t.strictSame(splitter.flush(), []);
});

t.test('an unclosed think block stays reasoning, held text included', async (t) => {
  t.strictSame(split(['<think>still thinking</thi']), [
    { kind: 'reasoning', text: 'still thinking' },
    { kind: 'reasoning', text: '</thi' },
  ]);
});

t.test('a nested <think> inside a think block is reasoning text', async (t) => {
  t.strictSame(split(['<think>a<think>b</think>c</think>d']), [
    { kind: 'reasoning', text: 'a<think>b' },
    { kind: 'text', text: 'c</think>d' },
  ]);
});

t.test('tags that are whole chunks produce no empty segments', async (t) => {
  t.strictSame(split(['<think>', '</think>', 'Hi']), [{ kind: 'text', text: 'Hi' }]);
  t.strictSame(split(['a<think></think>b']), [{ kind: 'text', text: 'ab' }]);
  t.strictSame(split(['']), []);
});

t.test('a second think block later in the answer is reasoning again', async (t) => {
  t.strictSame(split(['<think>1</think>x<think>2</think>y']), [
    { kind: 'reasoning', text: '1' },
    { kind: 'text', text: 'x' },
    { kind: 'reasoning', text: '2' },
    { kind: 'text', text: 'y' },
  ]);
});
