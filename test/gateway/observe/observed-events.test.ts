/** A chat's events pass through unchanged; the observer hears of each and of the end, once. */
import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ObservedEvents } from '@manifold/gateway/observe/observed-events';

const text = (data: string): StreamEvent => ({ id: 'c1', event: 'text', data }) as StreamEvent;

async function* source(events: StreamEvent[], fail?: Error) {
  yield* events;
  if (fail) throw fail;
}

function watch(events: AsyncIterable<StreamEvent>, signal?: AbortSignal) {
  const seen: string[] = [];
  const ends: Array<{ error?: unknown; early: boolean }> = [];
  const observed = new ObservedEvents(
    events,
    {
      event: (event) => void seen.push(String(event.data)),
      end: (outcome) => void ends.push(outcome),
    },
    signal,
  );
  return { observed, seen, ends };
}

t.test('read to the end: every event seen, one end that is not early', async (t) => {
  const { observed, seen, ends } = watch(source([text('a'), text('b')]));
  const read: string[] = [];
  for await (const event of observed) read.push(String(event.data));
  t.same(read, ['a', 'b']);
  t.same(seen, ['a', 'b']);
  t.same(ends, [{ early: false }]);
});

t.test('a reader that stops early, and a source that throws, end once', async (t) => {
  const early = watch(source([text('a'), text('b')]));
  for await (const _event of early.observed) break;
  t.same(early.ends, [{ early: true }]);

  const failure = new Error('upstream broke');
  const failed = watch(source([text('a')], failure));
  await t.rejects(async () => {
    for await (const _event of failed.observed);
  }, failure);
  t.same(failed.ends, [{ error: failure, early: false }]);
});

t.test('a client that leaves before anyone read ends the events as left early', async (t) => {
  const client = new AbortController();
  const unread = watch(source([text('a')]), client.signal);
  t.same(unread.ends, []);
  client.abort();
  t.same(unread.ends, [{ early: true }], 'ended at the abort, nobody reading');

  // once reading began, the end comes from the reading, not from the abort
  const reading = new AbortController();
  const read = watch(source([text('a'), text('b')]), reading.signal);
  const iterator = read.observed[Symbol.asyncIterator]();
  await iterator.next();
  reading.abort();
  t.same(read.ends, []);
  await iterator.return!();
  t.same(read.ends, [{ early: true }]);

  const gone = AbortSignal.abort();
  t.same(watch(source([]), gone).ends, [{ early: true }], 'already left: ended at once');
});

t.test('drain: every event to the observer then to the callback, the same ends', async (t) => {
  const { observed, seen, ends } = watch(source([text('a'), text('b')]));
  const order: string[] = [];
  const each = (event: StreamEvent) => {
    order.push(`each ${String(event.data)} after ${seen.length} seen`);
  };
  await observed.drain(each);
  t.same(order, ['each a after 1 seen', 'each b after 2 seen'], 'the observer first');
  t.same(ends, [{ early: false }]);

  const failure = new Error('upstream broke');
  const failed = watch(source([text('a')], failure));
  await t.rejects(
    failed.observed.drain(() => {}),
    failure,
  );
  t.same(failed.seen, ['a']);
  t.same(failed.ends, [{ error: failure, early: false }]);

  // a callback that throws stops the source, as leaving a for-await would
  let stopped = false;
  async function* stoppable() {
    try {
      yield text('a');
      yield text('b');
    } finally {
      stopped = true;
    }
  }
  const broken = watch(stoppable());
  const oops = new Error('writer broke');
  await t.rejects(
    broken.observed.drain(() => {
      throw oops;
    }),
    oops,
  );
  t.ok(stopped, 'the source was stopped');
  t.same(broken.ends, [{ early: true }]);
});
