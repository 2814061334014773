/**
 * `GET /metrics` (CONTRACT §10): after a mixed run the counters move by exactly the requests made,
 * and the exposition is answered only to whom it may be.
 */
import t from 'tap';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader } from '../../helpers/gateway.js';
import { ask, CLAUDE, resilientGateway, until } from '../resilience/helpers.js';

/** `name{labels}` → value, from a Prometheus text exposition. */
function samples(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    result.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return result;
}

const CHAT = 'route="/webapi/chat/:provider",provider="openai",model="gpt-4o-mini"';
const OPENAI = 'provider="openai",model="gpt-4o-mini"';

t.test('after a mixed run the counters moved by exactly the requests made', async (t) => {
  const { url, openai, chat } = await resilientGateway(t, { RETRY_MAX: '0' });
  const scrape = async () => samples(await (await fetch(`${url}/metrics`)).text());
  const before = await scrape();
  const moved = (after: Map<string, number>, key: string) =>
    (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const usage = chatUsage(10, 5, { cachedTokens: 4, reasoningTokens: 2 });

  // two answers, one streamed and one as JSON
  openai.reply({ kind: 'chunks', chunks: textChunks(['Hi'], { usage }) });
  openai.reply({ kind: 'chunks', chunks: textChunks(['Hi'], { usage }) });
  t.equal((await chat(ask())).status, 200);
  t.equal((await chat(ask(), { query: '?format=json' })).status, 200);
  // an upstream refusal
  openai.reply({ kind: 'error', status: 401, code: 'invalid_api_key' });
  t.equal((await chat(ask())).status, 401);
  // a stream that breaks after its first event
  openai.reply({ kind: 'chunks', chunks: textChunks(['Hel', 'lo']), dropAfter: 1, done: false });
  t.match((await chat(ask())).text, /event: error/);
  // a client that leaves mid-stream
  openai.reply({
    kind: 'chunks',
    chunks: textChunks(Array.from({ length: 100 }, () => 'word ')),
    delayMs: 20,
  });
  const client = new AbortController();
  const response = await fetch(`${url}/webapi/chat/openai`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify(ask()),
    signal: client.signal,
  });
  await response.body!.getReader().read();
  client.abort();
  await until(async () => (await scrape()).get('manifold_open_streams') === 0);

  const after = await scrape();
  t.equal(moved(after, `manifold_requests_total{${CHAT},status="200"}`), 2);
  t.equal(moved(after, `manifold_requests_total{${CHAT},status="401"}`), 1);
  t.equal(moved(after, `manifold_requests_total{${CHAT},status="471"}`), 1, 'the broken stream');
  t.equal(moved(after, `manifold_requests_total{${CHAT},status="499"}`), 1, 'the client left');
  const all = [...after.keys()].filter((key) => key.startsWith('manifold_requests_total{'));
  t.equal(
    all.reduce((sum, key) => sum + moved(after, key), 0),
    5,
    'five requests, five counts',
  );
  t.equal(
    moved(after, 'manifold_upstream_errors_total{provider="openai",type="InvalidProviderAPIKey"}'),
    1,
  );
  t.equal(
    moved(after, 'manifold_upstream_errors_total{provider="openai",type="ProviderBizError"}'),
    1,
    'the error event of the broken stream; the client leaving is no upstream error',
  );
  t.equal(moved(after, `manifold_tokens_total{${OPENAI},kind="input"}`), 20);
  t.equal(moved(after, `manifold_tokens_total{${OPENAI},kind="output"}`), 10);
  t.equal(moved(after, `manifold_tokens_total{${OPENAI},kind="cached"}`), 8);
  t.equal(moved(after, `manifold_tokens_total{${OPENAI},kind="reasoning"}`), 4);
  t.equal(moved(after, `manifold_ttft_seconds_count{${OPENAI}}`), 2, 'the two complete answers');
  t.equal(moved(after, `manifold_request_duration_seconds_count{${OPENAI}}`), 5);
  t.equal(after.get('manifold_open_streams'), 0);
  t.equal(after.get('manifold_credits_spent_total'), 0);
  t.ok(after.has('process_cpu_user_seconds_total'), 'with the default process metrics');
  t.ok(after.has('nodejs_heap_size_used_bytes'));
});

t.test('a retried chat that fell back counts once, for the model that answered', async (t) => {
  const { url, openai, anthropic, chat } = await resilientGateway(t, {
    RETRY_MAX: '1',
    FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': [`anthropic/${CLAUDE}`] }),
  });
  const scrape = async () => samples(await (await fetch(`${url}/metrics`)).text());
  const before = await scrape();
  const moved = (after: Map<string, number>, prefix: string) =>
    [...after.keys()]
      .filter((key) => key.startsWith(prefix))
      .reduce((sum, key) => sum + (after.get(key) ?? 0) - (before.get(key) ?? 0), 0);
  for (let i = 0; i < 2; i++)
    openai.reply({ kind: 'error', status: 503, headers: { 'retry-after': '0' } });

  const { status, headers } = await chat(ask());
  t.equal(status, 200);
  t.equal(headers.get('x-manifold-route'), `anthropic/${CLAUDE}`);
  t.equal(openai.requests.length + anthropic.requests.length, 3, 'three upstream calls');

  const after = await scrape();
  t.equal(moved(after, 'manifold_requests_total{'), 1, 'one request, one count');
  t.equal(
    moved(
      after,
      `manifold_requests_total{route="/webapi/chat/:provider",provider="anthropic",model="${CLAUDE}",status="200"}`,
    ),
    1,
    'counted for the model that answered',
  );
  t.equal(moved(after, 'manifold_upstream_errors_total{provider="openai"'), 2, 'both refusals');
  t.equal(moved(after, 'manifold_upstream_errors_total{provider="anthropic"'), 0);
  t.equal(moved(after, 'manifold_request_duration_seconds_count{'), 1);
  t.equal(after.get('manifold_open_streams'), 0);
});

t.test('without METRICS_TOKEN only this machine is answered', async (t) => {
  const { app, url } = await resilientGateway(t);
  const local = await fetch(`${url}/metrics`);
  t.equal(local.status, 200);
  t.match(local.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const proxied = await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
  t.equal(proxied.status, 403, 'a request through a proxy on this machine comes from elsewhere');
  t.match(await proxied.json(), { errorType: 403, body: { message: /METRICS_TOKEN/ } });
  const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(remote.statusCode, 403);
  const mapped = await app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' });
  t.equal(mapped.statusCode, 200);
});

t.test('with METRICS_TOKEN the bearer is needed, from anywhere', async (t) => {
  const { app, url } = await resilientGateway(t, { METRICS_TOKEN: 'scrape-me-0123456789' });
  const bare = await fetch(`${url}/metrics`);
  t.equal(bare.status, 401);
  t.equal(bare.headers.get('www-authenticate'), 'Bearer realm="metrics"');
  t.match(await bare.json(), { errorType: 401 });
  const wrong = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } });
  t.equal(wrong.status, 401);
  const remote = await app.inject({
    url: '/metrics',
    remoteAddress: '203.0.113.7',
    headers: { authorization: 'Bearer scrape-me-0123456789' },
  });
  t.equal(remote.statusCode, 200);
  t.match(remote.body, /# TYPE manifold_requests_total counter/);
});
