// Resumable chat streams in one process (CONTRACT §11): the stream id header, replay from an
// index then live, the owner check, `resumable` keeping the generation going, and the stop route.
import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { openStream, textOf } from '../../helpers/sse.js';
import { fakeUpstream, TEST_KEY } from '../../wires/openai/runtime-helpers.js';

const WORDS = Array.from({ length: 12 }, (_, index) => `w${index} `);

async function setup(t: Test, env = {}) {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t, {
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_API_KEY: TEST_KEY,
    ...env,
  });
  const slow = () =>
    fake.reply({
      kind: 'chunks',
      chunks: textChunks(WORDS, { usage: chatUsage(5, 12) }),
      delayMs: 40,
    });
  const chat = async (extra: Record<string, unknown> = {}, payload = {}) =>
    openStream(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader(payload),
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
        ...extra,
      }),
    });
  const resume = async (id: string, after: number, payload = {}) =>
    openStream(`${url}/webapi/chat/streams/${id}?after=${after}`, {
      headers: await authHeader(payload),
    });
  return { fake, url, slow, chat, resume };
}

t.test('a stream cut mid-answer resumes with exactly the missing events', async (t) => {
  const { slow, chat, resume } = await setup(t);
  slow();
  const first = await chat();
  t.equal(first.status, 200);
  const id = first.headers.get('x-manifold-stream-id');
  t.match(id, /^ms_[A-Za-z0-9_-]+$/, 'the answer names its stream');
  await first.until(4);
  const whole = await (await resume(id!, 0)).done;
  const got = first.events.length;
  first.cut();
  const rest = await (await resume(id!, got)).done;
  t.same([...first.events.slice(0, got), ...rest], whole, 'no event missing, none twice');
  t.equal(textOf(whole), WORDS.join(''));
  t.same(
    whole.slice(-3).map((event) => event.event),
    ['stop', 'usage', 'speed'],
  );
});

t.test('only the same credentials may resume; an unknown id is 404', async (t) => {
  const { fake, chat, resume, url } = await setup(t);
  fake.reply({ kind: 'chunks', chunks: textChunks(['a', 'b']) });
  const first = await chat({}, { apiKey: 'sk-mine' });
  const id = first.headers.get('x-manifold-stream-id')!;
  await first.done;
  t.equal((await resume(id, 0, { apiKey: 'sk-mine' })).status, 200);
  const other = await fetch(`${url}/webapi/chat/streams/${id}?after=0`, {
    headers: await authHeader({ apiKey: 'sk-other' }),
  });
  t.equal(other.status, 404, 'other credentials cannot read it');
  const unknown = await fetch(`${url}/webapi/chat/streams/ms_unknownunknown?after=0`, {
    headers: await authHeader({}),
  });
  t.equal(unknown.status, 404);
  t.match(await unknown.json(), { errorType: 404 });
});

t.test('resumable: the generation goes on after the client left', async (t) => {
  const { fake, slow, chat, resume } = await setup(t);
  slow();
  const first = await chat({ resumable: true });
  const id = first.headers.get('x-manifold-stream-id')!;
  await first.until(2);
  first.cut();
  await sleep(200);
  t.equal(fake.openConnections(), 1, 'the upstream call is still open');
  const rest = await (await resume(id, 2)).done;
  t.equal(textOf([...first.events.slice(0, 2), ...rest]), WORDS.join(''), 'the answer completed');
});

t.test('without resumable, leaving stops the upstream at once', async (t) => {
  const { fake, slow, chat } = await setup(t);
  slow();
  const first = await chat();
  await first.until(2);
  first.cut();
  for (let waited = 0; waited < 1000 && fake.openConnections() > 0; waited += 20) await sleep(20);
  t.equal(fake.openConnections(), 0);
});

t.test('the stop route stops a resumable generation', async (t) => {
  const { fake, slow, chat, resume, url } = await setup(t);
  slow();
  const first = await chat({ resumable: true });
  const id = first.headers.get('x-manifold-stream-id')!;
  await first.until(2);
  first.cut();
  const stop = await fetch(`${url}/webapi/chat/streams/${id}/stop`, {
    method: 'POST',
    headers: await authHeader({}),
    body: '{}',
  });
  t.equal(stop.status, 200);
  for (let waited = 0; waited < 1000 && fake.openConnections() > 0; waited += 20) await sleep(20);
  t.equal(fake.openConnections(), 0, 'the upstream call was aborted');
  const rest = await (await resume(id, 0)).done;
  t.ok(textOf(rest).length < WORDS.join('').length, 'the answer stopped short');
});
