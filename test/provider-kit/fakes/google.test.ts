import t from 'tap';
import { request as httpRequest } from 'node:http';
import { googleJSON, startFakeGoogle } from '@manifold/provider-kit/fakes/google';
import { chunk, modelEntry, textChunks, usage } from '@manifold/provider-kit/fakes/google-builders';

const KEY = 'AIzaSyFake0123456789abcdefghijklmnopqr';

async function fake(t: { teardown(fn: () => unknown): void }, options = {}) {
  const server = await startFakeGoogle({ apiKey: KEY, ...options });
  t.teardown(() => server.close());
  return server;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

t.test('JSON is written the way the streaming API writes it', async (t) => {
  t.equal(googleJSON({ a: [1, { b: 'x' }], c: null }), '{"a": [1,{"b": "x"}],"c": null}');
});

t.test('a stream is data: events framed by CRLF CRLF, with no end marker', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'chunks', chunks: textChunks(['Hi'], { usage: usage(2, 1) }) });
  const response = await post(
    `${server.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
    { contents: [] },
    { 'x-goog-api-key': KEY },
  );
  t.equal(response.headers.get('content-type'), 'text/event-stream');
  const text = await response.text();
  t.match(text, /^data: \{"candidates": \[\{"content": \{"parts": \[\{"text": "Hi"\}\]/);
  t.ok(text.endsWith('}\r\n\r\n'));
  t.equal(text.split('\r\n\r\n').length, 2, 'one event');
  t.same(server.lastGenerate()?.body, { contents: [] }, 'the request is recorded');
});

t.test('a Gemini call without the key, or with another, gets API_KEY_INVALID', async (t) => {
  const server = await fake(t);
  const path = `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`;
  const refused = await post(path, {}, { 'x-goog-api-key': 'AIzaOther' });
  t.equal(refused.status, 400);
  t.match(await refused.json(), { error: { details: [{ reason: 'API_KEY_INVALID' }] } });
  const byQuery = await post(`${path}?key=${KEY}`, {});
  t.equal(byQuery.status, 200, 'the key is accepted in ?key= too');
  t.same(
    await byQuery.json(),
    JSON.parse(
      googleJSON(
        chunk([{ text: 'Hello from the fake.' }], { finishReason: 'STOP', usage: usage(8, 4) }),
      ),
    ),
  );
});

t.test('the model list is paged with nextPageToken', async (t) => {
  const server = await fake(t, {
    models: ['a', 'b', 'c'].map((id) => modelEntry(id)),
    maxPageSize: 2,
  });
  const first = (await (
    await fetch(`${server.url}/v1beta/models?pageSize=1000&key=${KEY}`)
  ).json()) as any;
  t.same(
    first.models.map((m: any) => m.name),
    ['models/a', 'models/b'],
  );
  t.equal(first.nextPageToken, 'page-2');
  const second = (await (
    await fetch(`${server.url}/v1beta/models?pageToken=page-2`, {
      headers: { 'x-goog-api-key': KEY },
    })
  ).json()) as any;
  t.same(
    second.models.map((m: any) => m.name),
    ['models/c'],
  );
  t.notOk('nextPageToken' in second);
});

t.test('Vertex calls need a token from the token endpoint', async (t) => {
  const server = await fake(t);
  const path = `${server.url}/v1/projects/p/locations/global/publishers/google/models/m:generateContent`;
  t.equal((await post(path, {})).status, 401);
  const refusedGrant = await fetch(server.tokenURL, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password' }),
  });
  t.equal(refusedGrant.status, 400);
  const token = (await (
    await fetch(server.tokenURL, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: 'a.b.c',
      }),
    })
  ).json()) as any;
  t.match(token, { access_token: 'ya29.fake-token-1', token_type: 'Bearer', expires_in: 3599 });
  t.equal((await post(path, {}, { authorization: `Bearer ${token.access_token}` })).status, 200);
});

t.test('dropAfter cuts the connection after the chunks before it', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'chunks', chunks: textChunks(['a', 'b', 'c']), dropAfter: 1 });
  const received = await new Promise<string>((resolve) => {
    let text = '';
    const request = httpRequest(
      `${server.url}/v1beta/models/m:streamGenerateContent?alt=sse`,
      { method: 'POST', headers: { 'x-goog-api-key': KEY } },
      (response) => {
        response.on('data', (part: Buffer) => (text += part.toString()));
        response.on('error', () => resolve(text));
        response.on('close', () => resolve(text));
      },
    );
    request.on('error', () => resolve(text));
    request.end('{}');
  });
  t.equal(received.split('\r\n\r\n').length, 2, 'only the first chunk arrived');
  t.equal(server.activeResponses(), 0);
});
