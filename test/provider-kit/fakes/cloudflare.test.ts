import t from 'tap';
import { nativeTextChunks, workersUsage } from '@manifold/provider-kit/fakes/cloudflare-builders';
import { startFakeCloudflare } from '@manifold/provider-kit/fakes/cloudflare';

async function fake(t: { teardown(fn: () => unknown): void }) {
  const server = await startFakeCloudflare();
  t.teardown(() => server.close());
  return server;
}

const post = (url: string, token: string | undefined, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });

t.test('the fake checks the token and the account like the Cloudflare API', async (t) => {
  const server = await fake(t);
  const run = `${server.apiBase}/accounts/${server.accountId}/ai/run/@cf/meta/llama-3.1-8b-instruct`;
  const noToken = await post(run, undefined, { messages: [] });
  t.equal(noToken.status, 401);
  t.same(await noToken.json(), {
    result: null,
    success: false,
    errors: [{ code: 10000, message: 'Authentication error' }],
    messages: [],
  });
  const otherAccount = await post(run.replace(server.accountId, 'f'.repeat(32)), server.token, {});
  t.equal(otherAccount.status, 403);
  const unknown = await post(
    `${server.apiBase}/accounts/${server.accountId}/ai/nope`,
    server.token,
    {},
  );
  t.equal(unknown.status, 404);
  t.match(await unknown.json(), { errors: [{ code: 7000 }] });
});

t.test('a streamed run is framed as data lines ending with data: [DONE]', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'stream', chunks: nativeTextChunks(['Hi'], { usage: workersUsage(3, 1) }) });
  const response = await post(
    `${server.gatewayURL()}/@cf/meta/llama-3.1-8b-instruct`,
    server.token,
    { messages: [{ role: 'user', content: 'Hi' }], stream: true },
  );
  t.equal(response.headers.get('content-type'), 'text/event-stream');
  const frames = (await response.text()).split('\n\n').filter(Boolean);
  t.equal(frames.length, 3);
  t.match(JSON.parse(frames[0]!.slice(6)), { response: 'Hi', p: String });
  t.match(JSON.parse(frames[1]!.slice(6)), { response: '', usage: { total_tokens: 4 } });
  t.equal(frames[2], 'data: [DONE]');
  t.same(server.lastRequest()?.body, { messages: [{ role: 'user', content: 'Hi' }], stream: true });
});

t.test('the catalogue is paged with result_info and filtered by task', async (t) => {
  const server = await fake(t);
  const response = await fetch(
    `${server.apiBase}/accounts/${server.accountId}/ai/models/search?task=Text%20Generation&per_page=4&page=2`,
    { headers: { authorization: `Bearer ${server.token}` } },
  );
  const body = (await response.json()) as Record<string, any>;
  t.same(body.result_info, { count: 2, page: 2, per_page: 4, total_count: 6 });
  t.ok(body.result.every((model: any) => model.task.name === 'Text Generation'));
});

t.test('a dropped stream leaves no active response behind', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'stream', chunks: nativeTextChunks(['a', 'b', 'c']), dropAfter: 1 });
  const response = await post(
    `${server.apiBase}/accounts/${server.accountId}/ai/run/@cf/x/y`,
    server.token,
    {},
  );
  await response.text().catch(() => '');
  t.equal(server.activeResponses(), 0);
});
