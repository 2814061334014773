import t from 'tap';
import { HF_MESSAGES, stringError } from '@manifold/provider-kit/fakes/huggingface-builders';
import { startFakeHuggingFace } from '@manifold/provider-kit/fakes/huggingface';

async function fake(t: { teardown(fn: () => unknown): void }) {
  const server = await startFakeHuggingFace();
  t.teardown(() => server.close());
  return server;
}

t.test('the router refuses a wrong token with the string error form', async (t) => {
  const server = await fake(t);
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer hf_nope', 'content-type': 'application/json' },
    body: '{}',
  });
  t.equal(response.status, 401);
  t.same(await response.json(), { error: HF_MESSAGES.badCredentials });
});

t.test('a streamed in-stream error is framed as a data line without [DONE]', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'chunks', chunks: [stringError(HF_MESSAGES.proRequired)], done: false });
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'x/y', stream: true, messages: [] }),
  });
  t.equal(response.headers.get('content-type'), 'text/event-stream');
  t.equal(await response.text(), `data: ${JSON.stringify({ error: HF_MESSAGES.proRequired })}\n\n`);
});

t.test('the Hub list honours pipeline_tag and limit', async (t) => {
  const server = await fake(t);
  const response = await fetch(`${server.url}/api/models?pipeline_tag=text-generation&limit=3`);
  const models = (await response.json()) as Array<{ id: string; pipeline_tag: string }>;
  t.equal(models.length, 3);
  t.ok(models.every((model) => model.pipeline_tag === 'text-generation'));
  t.equal(server.lastRequest()?.query.get('limit'), '3');
});
