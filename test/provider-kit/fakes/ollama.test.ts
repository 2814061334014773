import t, { type Test } from 'tap';
import { request as httpRequest } from 'node:http';
import {
  closedPort,
  ollamaError,
  pullLines,
  startFakeOllama,
  textChat,
  type FakeOllama,
} from '@manifold/provider-kit/fakes/ollama';

async function fake(t: Test): Promise<FakeOllama> {
  const server = await startFakeOllama();
  t.teardown(() => server.close());
  return server;
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

t.test('a streamed chat is NDJSON: one object per line, the last one done', async (t) => {
  const ollama = await fake(t);
  const response = await post(`${ollama.url}/api/chat`, { model: 'llama3.2', messages: [] });
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'application/x-ndjson');
  const lines = (await response.text()).split('\n');
  t.equal(lines.pop(), '', 'every line ends with a newline');
  const objects = lines.map((line) => JSON.parse(line));
  t.same(
    objects.map((o) => o.message.content),
    ['Hello', ' from', ' the fake.', ''],
  );
  t.match(objects.at(-1), {
    done: true,
    done_reason: 'stop',
    prompt_eval_count: 26,
    eval_count: 12,
  });
  t.same(
    ollama.lastRequest()?.body,
    { model: 'llama3.2', messages: [] },
    'the request is recorded',
  );
});

t.test('stream:false answers one JSON object', async (t) => {
  const ollama = await fake(t);
  const response = await post(`${ollama.url}/api/chat`, {
    model: 'm',
    messages: [],
    stream: false,
  });
  t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  t.match(await response.json(), { message: { content: 'Hello from the fake.' }, done: true });
});

t.test('errors are {"error": …} with the status, as Ollama sends them', async (t) => {
  const ollama = await fake(t);
  ollama.reply(ollamaError(404, "model 'x' not found"));
  const response = await post(`${ollama.url}/api/chat`, { model: 'x' });
  t.equal(response.status, 404);
  t.same(await response.json(), { error: "model 'x' not found" });
  const missing = await fetch(`${ollama.url}/api/nothing`);
  t.equal(missing.status, 404);
  t.equal(await missing.text(), '404 page not found');
});

t.test('tags, version, embed and pull answer realistic defaults', async (t) => {
  const ollama = await fake(t);
  const tags = (await (await fetch(`${ollama.url}/api/tags`)).json()) as { models: unknown[] };
  t.match(tags.models[0], { name: 'llama3.2:latest', details: { family: 'llama' } });
  t.same(await (await fetch(`${ollama.url}/api/version`)).json(), { version: '0.12.10' });
  const embed = (await (
    await post(`${ollama.url}/api/embed`, { model: 'e', input: ['a', 'b'] })
  ).json()) as {
    embeddings: number[][];
  };
  t.equal(embed.embeddings.length, 2, 'one vector per input');
  const pull = await post(`${ollama.url}/api/pull`, { model: 'llama3.2', stream: true });
  const statuses = (await pull.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).status);
  t.same(
    statuses,
    pullLines().map((line) => (line as { status: string }).status),
  );
  t.equal(statuses.at(-1), 'success');
});

t.test('a queued scenario bound to a path waits for that path', async (t) => {
  const ollama = await fake(t);
  ollama.reply(ollamaError(500, 'boom'), '/api/pull');
  t.equal((await fetch(`${ollama.url}/api/tags`)).status, 200, 'tags are not answered with it');
  t.equal((await post(`${ollama.url}/api/pull`, { model: 'm' })).status, 500);
});

t.test(
  'malformed lines are written raw, and a drop destroys the socket after the lines',
  async (t) => {
    const ollama = await fake(t);
    ollama.reply({ kind: 'ndjson', lines: ['{"broken'], end: 'drop' });
    const response = await post(`${ollama.url}/api/chat`, { model: 'm' });
    const reader = response.body!.getReader();
    const first = await reader.read();
    t.equal(new TextDecoder().decode(first.value), '{"broken\n');
    await t.rejects(reader.read(), 'the connection breaks instead of ending');
  },
);

t.test('a hanging stream stays open until the client closes it, which the fake sees', async (t) => {
  const ollama = await fake(t);
  ollama.reply({ kind: 'ndjson', lines: textChat(['Hi']).slice(0, 1), end: 'hang' });
  await new Promise<void>((resolve) => {
    const req = httpRequest(`${ollama.url}/api/chat`, { method: 'POST' }, (response) => {
      response.once('data', () => {
        t.equal(ollama.activeResponses(), 1, 'the answer is in flight');
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => undefined);
    req.end('{}');
  });
  await ollama.waitForClientClose();
  t.equal(ollama.activeResponses(), 0);
});

t.test('closedPort gives a port where nothing listens', async (t) => {
  const port = await closedPort();
  await t.rejects(fetch(`http://127.0.0.1:${port}/api/version`), { message: 'fetch failed' });
});

t.test('CORS as Ollama answers it: allowed origins get the headers, others 403', async (t) => {
  const ollama = await startFakeOllama({ origins: ['http://app.test:3210'] });
  t.teardown(() => ollama.close());
  const preflight = (origin: string) =>
    fetch(`${ollama.url}/api/chat`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  const allowed = await preflight('http://app.test:3210');
  t.equal(allowed.status, 204, 'a preflight of an allowed origin is 204');
  t.equal(allowed.headers.get('access-control-allow-origin'), 'http://app.test:3210');
  t.match(allowed.headers.get('access-control-allow-methods'), /POST/);
  t.match(allowed.headers.get('access-control-allow-headers'), /Content-Type/);

  const refused = await preflight('http://elsewhere.test');
  t.equal(refused.status, 403, 'any other origin is refused');
  t.equal(refused.headers.get('access-control-allow-origin'), null, 'without CORS headers');

  const chat = await fetch(`${ollama.url}/api/chat`, {
    method: 'POST',
    headers: { origin: 'http://app.test:3210', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'llama3.2', messages: [] }),
  });
  t.equal(chat.status, 200);
  t.equal(chat.headers.get('access-control-allow-origin'), 'http://app.test:3210');
  await chat.text();

  const plain = await post(`${ollama.url}/api/chat`, { model: 'llama3.2', messages: [] });
  t.equal(plain.status, 200, 'a request without Origin (a server) passes as before');
  t.equal(plain.headers.get('access-control-allow-origin'), null);
  await plain.text();

  ollama.allowOrigins([]);
  t.equal((await preflight('http://app.test:3210')).status, 403, 'origins can be changed');
  t.same(
    ollama.requests.filter((r) => r.method === 'OPTIONS').length,
    3,
    'preflights are recorded',
  );
});
