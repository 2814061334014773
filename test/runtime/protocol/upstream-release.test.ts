import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { RELEASED, upstreamRelease } from '@manifold/core/protocol/upstream-release';

const text = (data: string): StreamEvent => ({ id: 'x', event: 'text', data });
async function* events(...items: StreamEvent[]) {
  yield* items;
}

t.test('the client aborting aborts the upstream signal with its reason', async (t) => {
  const client = new AbortController();
  const release = upstreamRelease(client.signal);
  t.notOk(release.signal.aborted);
  client.abort(new Error('client left'));
  t.ok(release.signal.aborted);
  t.equal((release.signal.reason as Error).message, 'client left');
});

t.test('a stream read to its end leaves the upstream alone and unhooks', async (t) => {
  const client = new AbortController();
  const release = upstreamRelease(client.signal);
  const seen: unknown[] = [];
  for await (const event of release.wrap(events(text('a'), text('b')))) seen.push(event.data);
  t.same(seen, ['a', 'b']);
  t.notOk(release.signal.aborted);
  client.abort();
  t.notOk(release.signal.aborted, 'a later client abort no longer reaches it');
});

t.test('stopping early or failing before the stream releases the upstream', async (t) => {
  const early = upstreamRelease(new AbortController().signal);
  for await (const event of early.wrap(events(text('a'), text('b')))) {
    t.equal(event.data, 'a');
    break;
  }
  t.equal(early.signal.reason, RELEASED);
  const failed = upstreamRelease(new AbortController().signal);
  failed.fail();
  t.equal(failed.signal.reason, RELEASED);
  const already = new AbortController();
  already.abort();
  t.ok(upstreamRelease(already.signal).signal.aborted, 'an already aborted client aborts at once');
});

t.test('settle: a completed stream unhooks; an early stop or a failed one releases', async (t) => {
  const client = new AbortController();
  const completed = upstreamRelease(client.signal);
  completed.settle(true, false);
  t.notOk(completed.signal.aborted, 'read to its end: the socket may be reused');
  client.abort();
  t.notOk(completed.signal.aborted, 'and a later client abort no longer reaches it');

  const failed = upstreamRelease(new AbortController().signal);
  failed.settle(true, true);
  t.equal(failed.signal.reason, RELEASED, 'ended in an error: released');
  const left = upstreamRelease(new AbortController().signal);
  left.settle(false, false);
  t.equal(left.signal.reason, RELEASED, 'stopped early: released');
});
