/**
 * A `/v1/*` client that leaves mid-stream aborts the upstream request at once (CONTRACT §3), on the
 * OpenAI- and the Anthropic-compatible stream alike.
 */
import t from 'tap';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { API_KEY, startCompatGateway } from './helpers.js';

const gateway = await startCompatGateway(t);
const words = Array.from({ length: 200 }, (_, index) => `word${index} `);

const requests: Array<[string, Record<string, unknown>]> = [
  ['/v1/chat/completions', { messages: [{ role: 'user', content: 'Hi' }] }],
  ['/v1/messages', { max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] }],
];

for (const [path, body] of requests) {
  t.test(`leaving ${path} mid-stream closes the upstream request`, async (t) => {
    gateway.openai.reply({ kind: 'chunks', chunks: textChunks(words), delayMs: 50 });
    const closed = gateway.openai.waitForClientClose();
    const controller = new AbortController();
    const response = await fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, model: 'openai/gpt-4o-mini', stream: true }),
      signal: controller.signal,
    });
    t.equal(response.status, 200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    t.match(new TextDecoder().decode(first.value), /word0|message_start/);
    controller.abort();
    await closed;
    t.equal(gateway.openai.activeResponses(), 0, 'no upstream answer left open');
  });
}
