// The stream hub on its own (one process, no Redis): readers from any index, one abort listener per
// read however long the answer, and a bound on the finished streams kept in memory.
import { setImmediate as turn } from 'node:timers/promises';
import t from 'tap';
import pino from 'pino';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { LiveStream, MAX_FINISHED_IN_MEMORY, StreamHub } from '@manifold/gateway/streams/hub';

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
