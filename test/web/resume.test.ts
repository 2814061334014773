import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ChatFetchError } from '../../web/src/lib/api-error.js';
import { openStreamResume, stopChatStream } from '../../web/src/lib/api.js';
import {
  createEventCounter,
  followStream,
  trimToMark,
} from '../../web/src/features/chat/stores/resume.js';

const text = (data: string): StreamEvent => ({ id: 's', event: 'text', data }) as StreamEvent;
const reasoning = (data: string): StreamEvent =>
  ({ id: 's', event: 'reasoning', data }) as StreamEvent;
const usage: StreamEvent = { id: 's', event: 'usage', data: { totalTokens: 3 } } as StreamEvent;

t.test('an event counts as applied once the text and reasoning up to it are shown', async (t) => {
  const counter = createEventCounter();
  counter.receive(reasoning('abc'));
  counter.receive(text('Hel'));
  counter.receive(text('lo'));
  counter.receive(usage);
  t.equal(counter.received, 4);
  t.equal(counter.applied, 0, 'nothing shown yet');
  counter.showReasoning(2);
  t.equal(counter.applied, 0, 'part of the reasoning');
  counter.showReasoning(1);
  t.equal(counter.applied, 1, 'the reasoning event');
  counter.showText(4);
  t.equal(counter.applied, 2, '"Hel" shown, "lo" only in part');
  t.same(
    counter.position(),
    { events: 2, text: 3, reasoning: 3 },
    'the text of the applied events, not the part of "lo" shown',
  );
  counter.showText(1);
  t.equal(counter.applied, 4, 'the rest, and the usage event after it');
  t.same(counter.position(), { events: 4, text: 5, reasoning: 3 });
});

t.test('a resumed message is cut back to the text of its applied events', async (t) => {
  const stored = {
    content: 'Hello wo',
    reasoning: 'abc',
    resume: { streamId: 'ms_x', events: 3, text: 6, reasoning: 3 },
  };
  t.same(trimToMark(stored), { ...stored, content: 'Hello ' });
  t.same(trimToMark({ content: 'done' }), { content: 'done' }, 'no mark, unchanged');
});

t.test(
  'events without text are applied at once; a resumed counter starts from its count',
  async (t) => {
    const counter = createEventCounter({ events: 7, text: 10, reasoning: 2 });
    t.equal(counter.applied, 7);
    t.same(counter.position(), { events: 7, text: 10, reasoning: 2 });
    counter.receive(usage);
    t.equal(counter.received, 8);
    t.equal(counter.applied, 8);
    counter.receive(text(''));
    t.equal(counter.applied, 9, 'an empty text needs nothing shown');
  },
);

async function* events(list: StreamEvent[], failAfter?: number): AsyncGenerator<StreamEvent> {
  for (const [index, event] of list.entries()) {
    if (index === failAfter) throw new ChatFetchError('NetworkError', 0, { message: 'cut' });
    yield event;
  }
  if (failAfter === list.length) throw new ChatFetchError('NetworkError', 0, { message: 'cut' });
}

t.test('a dropped stream is reopened after the events received, each event once', async (t) => {
  const all = ['a', 'b', 'c', 'd', 'e'].map(text);
  const counter = createEventCounter();
  const afters: number[] = [];
  const got: string[] = [];
  for await (const event of followStream(events(all, 2), {
    counter,
    streamId: () => 'ms_test',
    reopen: async (_id, after) => {
      afters.push(after);
      return events(all.slice(after), afters.length === 1 ? 1 : undefined);
    },
    signal: new AbortController().signal,
    delaysMs: [0, 0],
  })) {
    got.push(event.data as string);
  }
  t.same(got, ['a', 'b', 'c', 'd', 'e']);
  t.same(afters, [2, 3], 'resumed after 2, then after 3');
  t.equal(counter.received, 5);
});

t.test('a stream that is gone or has no id gives back the connection error', async (t) => {
  const all = ['a', 'b'].map(text);
  const gone = followStream(events(all, 1), {
    counter: createEventCounter(),
    streamId: () => 'ms_test',
    reopen: async () => {
      throw new ChatFetchError('NotFound', 404, { message: 'Unknown or expired stream' });
    },
    signal: new AbortController().signal,
    delaysMs: [0],
  });
  const seen: string[] = [];
  await t.rejects(
    (async () => {
      for await (const event of gone) seen.push(event.data as string);
    })(),
    /cut/,
  );
  t.same(seen, ['a']);
  const anonymous = followStream(events(all, 1), {
    counter: createEventCounter(),
    streamId: () => undefined,
    reopen: async () => t.fail('not reopened') as never,
    signal: new AbortController().signal,
    delaysMs: [0],
  });
  await t.rejects(
    (async () => {
      for await (const _event of anonymous);
    })(),
    /cut/,
  );
});

t.test('the resume and stop calls: GET …?after=n with the auth token, POST …/stop', async (t) => {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const answers = [
    new Response('id: ms_x\nevent: text\ndata: "lo"\n\nid: ms_x\nevent: stop\ndata: "stop"\n\n', {
      headers: { 'content-type': 'text/event-stream' },
    }),
    new Response(JSON.stringify({ errorType: 'NotFound', body: { message: 'gone' } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    }),
    new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
  ];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init ? { init } : {}) });
    return answers.shift()!;
  };
  const signal = new AbortController().signal;
  const got: string[] = [];
  for await (const event of await openStreamResume('ms_x', 3, {}, signal, fetchImpl))
    got.push(event.event);
  t.same(got, ['text', 'stop']);
  t.equal(calls[0]!.url, '/webapi/chat/streams/ms_x?after=3');
  t.equal(calls[0]!.init?.method, 'GET');
  const headers = calls[0]!.init?.headers as Record<string, string>;
  t.ok(headers['x-manifold-auth'], 'the auth token goes with it');
  t.notOk(headers['content-type'], 'a GET without a body type');
  await t.rejects(openStreamResume('ms_x', 0, {}, signal, fetchImpl), { status: 404 } as never);
  await stopChatStream('ms_x', {}, fetchImpl);
  t.equal(calls[2]!.url, '/webapi/chat/streams/ms_x/stop');
  t.equal(calls[2]!.init?.method, 'POST');
  t.equal(calls[2]!.init?.body, '{}');
});
