import t from 'tap';
import type { ToolCall, ToolCallFragment } from '@manifold/core/contract/tool-call';
import {
  createOutputBuffer,
  FLUSH_INTERVAL_MS,
  FRAME_MS,
  type Timers,
} from '../../web/src/lib/output-buffer.js';

/** Deterministic timers: callbacks run only when the test advances the clock. */
class FakeTimers implements Timers {
  time = 0;
  private nextId = 1;
  private pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.pending.set(id, { at: this.time + ms, callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  now = (): number => this.time;

  get count(): number {
    return this.pending.size;
  }

  /** Move the clock forward, firing due timers in time order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.pending) {
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      }
      if (!next) break;
      this.pending.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
    }
    this.time = end;
  }
}

function setup(smooth: boolean, speed?: number) {
  const timers = new FakeTimers();
  const text: string[] = [];
  const reasoning: string[] = [];
  const tools: ToolCall[][] = [];
  const buffer = createOutputBuffer({
    smooth,
    ...(speed === undefined ? {} : { speed }),
    timers,
    onText: (value) => text.push(value),
    onReasoning: (value) => reasoning.push(value),
    onToolCalls: (calls) => tools.push(calls),
  });
  return { timers, text, reasoning, tools, buffer };
}

const fragment = (index: number, args: string, name = 'search'): ToolCallFragment => ({
  index,
  id: `call_${index}`,
  type: 'function',
  function: { name, arguments: args },
});

t.test('non-smooth: text and reasoning are flushed every 300 ms', async (t) => {
  const { timers, text, reasoning, buffer } = setup(false);
  buffer.pushReasoning('think ');
  buffer.pushText('Hel');
  timers.advance(100);
  buffer.pushText('lo');
  buffer.pushText('');
  timers.advance(FLUSH_INTERVAL_MS - 101);
  t.same(text, [], 'nothing before 300 ms');
  timers.advance(1);
  t.same(text, ['Hello']);
  t.same(reasoning, ['think ']);
  t.equal(timers.count, 0, 'no timer while idle');
  buffer.pushText(' world');
  t.equal(timers.count, 1, 'the next chunk starts a new cycle');
  timers.advance(FLUSH_INTERVAL_MS);
  t.same(text, ['Hello', ' world']);
});

t.test('non-smooth: finish flushes at once and resolves', async (t) => {
  const { timers, text, buffer } = setup(false);
  buffer.pushText('tail');
  await buffer.finish();
  t.same(text, ['tail']);
  t.equal(timers.count, 0);
  buffer.pushText('late');
  timers.advance(1000);
  t.same(text, ['tail'], 'pushes after finish are ignored');
});

t.test('non-smooth: tool calls are forwarded merged on every push', async (t) => {
  const { tools, buffer } = setup(false);
  buffer.pushToolCalls([fragment(0, '{"q":')]);
  buffer.pushToolCalls([fragment(0, '"x"}')]);
  t.equal(tools.length, 2);
  t.equal(tools[1]?.[0]?.function.arguments, '{"q":"x"}');
});

t.test('smooth: a short queue is shown at the start speed', async (t) => {
  const { timers, text, buffer } = setup(true);
  buffer.pushText('abc');
  // 10 chars/s: one character per 100 ms.
  timers.advance(96);
  t.same(text, [], 'under one character of budget after 6 frames');
  timers.advance(16);
  t.equal(text.join(''), 'a');
  timers.advance(208);
  t.equal(text.join(''), 'abc');
  t.ok(
    text.every((chunk) => chunk.length === 1),
    'one character at a time',
  );
  t.equal(timers.count, 0, 'the animation stops when the queue is empty');
});

t.test('smooth: a custom speed sets the pace', async (t) => {
  const { timers, text, buffer } = setup(true, 50);
  buffer.pushText('x'.repeat(20));
  timers.advance(FRAME_MS * 25); // 400 ms at 50 chars/s = 20 characters
  t.equal(text.join('').length, 20);
});

t.test('smooth: a long queue speeds up and drains within about a second', async (t) => {
  const { timers, text, buffer } = setup(true);
  buffer.pushText('y'.repeat(2000));
  timers.advance(FRAME_MS);
  // rate = 2000 / 1 s: 32 characters in the first 16 ms frame.
  t.equal(text[0]?.length, 32);
  timers.advance(1000);
  t.equal(text.join('').length, 2000, 'all 2000 characters within ~1 s, not 200 s');
});

t.test('smooth: reasoning has its own queue', async (t) => {
  const { timers, text, reasoning, buffer } = setup(true);
  buffer.pushReasoning('rr');
  buffer.pushText('tt');
  timers.advance(208); // 13 frames, 2.08 characters each at 10 chars/s
  t.equal(reasoning.join(''), 'rr');
  t.equal(text.join(''), 'tt');
});

t.test('smooth: surrogate pairs are never split', async (t) => {
  const { timers, text, buffer } = setup(true);
  buffer.pushText('😀😀');
  timers.advance(112);
  t.equal(text[0], '😀');
  timers.advance(1000);
  t.equal(text.join(''), '😀😀');
});

t.test('smooth: tool-call arguments are revealed 16 characters per frame', async (t) => {
  const { timers, tools, buffer } = setup(true);
  const args = '{"query":"' + 'a'.repeat(30) + '"}';
  buffer.pushToolCalls([fragment(0, args.slice(0, 20))]);
  buffer.pushToolCalls([fragment(0, args.slice(20))]);
  timers.advance(FRAME_MS);
  t.equal(tools.at(-1)?.[0]?.function.arguments, args.slice(0, 16));
  t.equal(tools.at(-1)?.[0]?.id, 'call_0');
  timers.advance(FRAME_MS);
  t.equal(tools.at(-1)?.[0]?.function.arguments, args.slice(0, 32));
  timers.advance(FRAME_MS);
  t.equal(tools.at(-1)?.[0]?.function.arguments, args);
  t.equal(tools.length, 3);
  timers.advance(FRAME_MS * 5);
  t.equal(tools.length, 3, 'no updates once everything is shown');
});

t.test('smooth: each tool call has its own reveal, keyed by index', async (t) => {
  const { timers, tools, buffer } = setup(true);
  buffer.pushToolCalls([fragment(1, 'b'.repeat(20), 'two')]);
  timers.advance(FRAME_MS);
  buffer.pushToolCalls([fragment(0, 'a'.repeat(20), 'one')]);
  timers.advance(FRAME_MS);
  const last = tools.at(-1) as ToolCall[];
  t.same(
    last.map((call) => [call.function.name, call.function.arguments.length]),
    [
      ['one', 16],
      ['two', 20],
    ],
  );
});

t.test('smooth: a call with empty arguments is still shown', async (t) => {
  const { timers, tools, buffer } = setup(true);
  buffer.pushToolCalls([fragment(0, '')]);
  timers.advance(FRAME_MS);
  t.same(
    tools.at(-1)?.map((call) => call.function.name),
    ['search'],
  );
});

t.test('smooth: finish drains the animation, then resolves', async (t) => {
  const { timers, text, tools, buffer } = setup(true);
  buffer.pushText('z'.repeat(50));
  buffer.pushToolCalls([fragment(0, 'q'.repeat(40))]);
  let done = false;
  const finished = buffer.finish().then(() => (done = true));
  t.equal(buffer.finish(), buffer.finish(), 'the same promise each time');
  await Promise.resolve();
  t.notOk(done);
  timers.advance(1100);
  await finished;
  t.ok(done);
  t.equal(text.join(''), 'z'.repeat(50));
  t.equal(tools.at(-1)?.[0]?.function.arguments.length, 40);
});

t.test('smooth: finish with nothing queued resolves at once', async (t) => {
  const { timers, buffer } = setup(true);
  await buffer.finish();
  t.equal(timers.count, 0);
});

t.test('stop shows everything that arrived at once and stops the timers', async (t) => {
  const { timers, text, reasoning, tools, buffer } = setup(true);
  buffer.pushReasoning('why');
  buffer.pushText('partial answer');
  buffer.pushToolCalls([fragment(0, '{"long":"' + 'x'.repeat(100) + '"}')]);
  timers.advance(FRAME_MS);
  buffer.stop();
  t.equal(text.join(''), 'partial answer');
  t.equal(reasoning.join(''), 'why');
  t.equal(tools.at(-1)?.[0]?.function.arguments.length, 111);
  t.equal(timers.count, 0);
  buffer.pushText('more');
  timers.advance(1000);
  t.equal(text.join(''), 'partial answer', 'nothing after stop');
});

t.test('stop resolves a pending finish; non-smooth stop flushes the buffers', async (t) => {
  const smooth = setup(true);
  smooth.buffer.pushText('slow text');
  const finished = smooth.buffer.finish();
  smooth.buffer.stop();
  await finished;
  t.equal(smooth.text.join(''), 'slow text');

  const batched = setup(false);
  batched.buffer.pushText('abc');
  batched.buffer.pushReasoning('r');
  batched.buffer.stop();
  t.same(batched.text, ['abc']);
  t.same(batched.reasoning, ['r']);
  t.equal(batched.timers.count, 0);
});
