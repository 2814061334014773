import t, { type Test } from 'tap';
import {
  anthropicTextEvents,
  renderAnthropicSSE,
} from '@manifold/provider-kit/fakes/anthropic-builders';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';

const headers = { 'x-api-key': 'sk-ant-fake', 'anthropic-version': '2023-06-01' };

async function fake(t: Test) {
  const server = await startFakeAnthropic({ apiKey: 'sk-ant-fake', modelsPageSize: 2 });
  t.teardown(() => server.close());
  return server;
}

t.test('requests without a valid key or version get the API error bodies', async (t) => {
  const server = await fake(t);
  const post = (extra: Record<string, string>) =>
    fetch(`${server.url}/v1/messages`, { method: 'POST', headers: extra, body: '{}' });
  const missing = await post({ 'anthropic-version': '2023-06-01' });
  t.equal(missing.status, 401);
  t.match(await missing.json(), {
    type: 'error',
    error: { type: 'authentication_error', message: 'x-api-key header is required' },
    request_id: /^req_fake_/,
  });
  const wrong = await post({ 'x-api-key': 'nope', 'anthropic-version': '2023-06-01' });
  t.equal(wrong.status, 401);
  const noVersion = await post({ 'x-api-key': 'sk-ant-fake' });
  t.equal(noVersion.status, 400);
  t.match(await noVersion.json(), { error: { type: 'invalid_request_error' } });
  t.equal(server.requests.length, 3, 'every request is recorded');
});

t.test('a stream is framed event by event with the API headers', async (t) => {
  const server = await fake(t);
  const events = anthropicTextEvents(['Hi']);
  server.reply({ kind: 'events', events });
  const response = await fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'm', stream: true }),
  });
  t.match(response.headers.get('content-type'), /^text\/event-stream/);
  t.match(response.headers.get('request-id'), /^req_fake_/);
  const text = await response.text();
  t.equal(text, renderAnthropicSSE(events));
  t.match(text, /^event: message_start\ndata: \{"type":"message_start"/);
  t.match(text, /event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/);
  t.same(server.lastRequest()?.body, { model: 'm', stream: true });
});

t.test('the model list pages with limit, after_id and before_id', async (t) => {
  const server = await fake(t);
  const page = async (query: string) =>
    (await fetch(`${server.url}/v1/models${query}`, { headers })).json() as Promise<any>;
  const first = await page('?limit=10');
  t.same(
    first.data.map((model: { id: string }) => model.id),
    ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001'],
  );
  t.match(first, { has_more: true, first_id: 'claude-sonnet-4-5-20250929' });
  t.match(first.data[0], { type: 'model', display_name: String, created_at: String });
  const last = await page('?after_id=claude-future-9-20270101');
  t.same(last, {
    data: [last.data[0]],
    has_more: false,
    first_id: 'claude-embedding-preview',
    last_id: 'claude-embedding-preview',
  });
  const before = await page('?before_id=claude-opus-4-1-20250805');
  t.same(
    before.data.map((model: { id: string }) => model.id),
    ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001'],
  );
  t.equal(before.has_more, false);
});

t.test('a non-streaming request gets a whole message; unknown routes a 404', async (t) => {
  const server = await fake(t);
  const message = await fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'claude-x' }),
  });
  t.match(await message.json(), {
    type: 'message',
    model: 'claude-x',
    content: [{ type: 'text', text: 'Hello from the fake.' }],
    stop_reason: 'end_turn',
  });
  const missing = await fetch(`${server.url}/v1/complete`, { method: 'POST', headers });
  t.equal(missing.status, 404);
  t.match(await missing.json(), { error: { type: 'not_found_error' } });
});

t.test('dropAfter cuts the connection after that many events', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'events', events: anthropicTextEvents(['a', 'b']), dropAfter: 2 });
  const response = await fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers,
    body: '{"stream":true}',
  });
  const error = await response.text().catch((caught: unknown) => caught);
  t.type(error, Error, 'the body ends with a network error');
});
