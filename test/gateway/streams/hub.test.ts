// The stream hub on its own (one process, no Redis): readers from any index, one abort listener per
// read however long the answer, and a bound on the finished streams kept in memory.
import { setImmediate as turn } from 'node:timers/promises';
import t from 'tap';
import pino from 'pino';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import {
  eventBytes,
  LiveStream,
  MAX_FINISHED_IN_MEMORY,
  StreamHub,
} from '@manifold/gateway/streams/hub';

const text = (data: string): StreamEvent => ({ id: 'chat_1', event: 'text', data }) as StreamEvent;

t.test('a reader follows a long answer with one abort listener', async (t) => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  const stream = new LiveStream('ms_test', 'owner', new AbortController());
  const signal = new AbortController().signal;
  const reading = (async () => {
    const got: string[] = [];
    for await (const event of stream.read(0, signal)) got.push(event.data as string);
    return got;
  })();
  for (let index = 0; index < 200; index++) {
    stream.push(text(String(index)));
    await turn();
  }
  stream.finish();
  const got = await reading;
  t.equal(got.length, 200);
  const tail: StreamEvent[] = [];
  for await (const event of stream.read(150)) tail.push(event);
  t.same(tail, stream.events.slice(150), 'from any index');
  t.same(warnings, [], 'no listener leak warning');
});

t.test('finished streams kept in memory are bounded', async (t) => {
  const hub = new StreamHub({ ttlSeconds: 600, shared: undefined, log: pino({ level: 'silent' }) });
  t.teardown(() => hub.close());
  const ids: string[] = [];
  for (let index = 0; index <= MAX_FINISHED_IN_MEMORY; index++) {
    ids.push(hub.start((async function* () {})(), 'owner', new AbortController()).id);
  }
  // let every pump finish
  for (let index = 0; index < 5; index++) await turn();
  t.equal(await hub.ownerOf(ids[0]!), undefined, 'the oldest is forgotten');
  t.equal(await hub.ownerOf(ids.at(-1)!), 'owner', 'the newest is kept');
});

t.test('readers get the events of one turn as one batch, in order, from any index', async (t) => {
  const stream = new LiveStream('ms_batches', 'owner', new AbortController());
  const batches: string[][] = [];
  const reading = (async () => {
    for await (const batch of stream.batches(0))
      batches.push(batch.map((event) => event.data as string));
  })();
  await turn();
  // one upstream read: three events pushed in the same turn
  for (const data of ['a', 'b', 'c']) stream.push(text(data));
  await turn();
  await turn();
  stream.push(text('d'));
  stream.finish();
  await reading;
  t.same(batches, [['a', 'b', 'c'], ['d']], 'one batch per turn');
  const later: string[][] = [];
  for await (const batch of stream.batches(2))
    later.push(batch.map((event) => event.data as string));
  t.same(later, [['c', 'd']], 'a later reader gets what there is at once, from its index');
  const single: string[] = [];
  for await (const event of stream.read(1)) single.push(event.data as string);
  t.same(single, ['b', 'c', 'd'], 'read() is the same events one by one');
});

t.test('finished streams kept in memory are bounded by their estimated size too', async (t) => {
  const hub = new StreamHub({
    ttlSeconds: 600,
    memoryBytes: 1024 * 1024,
    shared: undefined,
    log: pino({ level: 'silent' }),
  });
  t.teardown(() => hub.close());
  // each about 200 KB: 100,000 characters of text
  const long = text('x'.repeat(100_000));
  t.ok(eventBytes(long) >= 200_000, 'an event is estimated by its text');
  const ids: string[] = [];
  for (let index = 0; index < 8; index++) {
    ids.push(
      hub.start(
        (async function* () {
          yield long;
        })(),
        'owner',
        new AbortController(),
      ).id,
    );
    for (let turns = 0; turns < 3; turns++) await turn();
  }
  const kept = [];
  for (const id of ids) kept.push((await hub.ownerOf(id)) !== undefined);
  t.same(kept, [false, false, false, true, true, true, true, true], 'the newest that fit in 1 MiB');
});

t.test(
  'a finished stream is forgotten when its time is over, the later ones when theirs is',
  async (t) => {
    const hub = new StreamHub({ ttlSeconds: 1, shared: undefined, log: pino({ level: 'silent' }) });
    t.teardown(() => hub.close());
    const first = hub.start((async function* () {})(), 'owner', new AbortController()).id;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const second = hub.start((async function* () {})(), 'owner', new AbortController()).id;
    for (let index = 0; index < 3; index++) await turn();
    await new Promise((resolve) => setTimeout(resolve, 550));
    t.equal(await hub.ownerOf(first), undefined, 'the first, after its second');
    t.equal(await hub.ownerOf(second), 'owner', 'the second is still kept');
    await new Promise((resolve) => setTimeout(resolve, 600));
    t.equal(await hub.ownerOf(second), undefined, 'then the second');
  },
);
