import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  $connectionChecks,
  checkConnection,
  checkRequest,
} from '../../web/src/features/providers/stores/connection-check.js';
import { setModelEnabled } from '../../web/src/features/providers/stores/models.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';
import type { FetchImpl } from '../../web/src/lib/api.js';

const card = (id: string, patch: Partial<ModelCard> = {}): ModelCard => ({
  id,
  type: 'chat',
  enabled: true,
  abilities: {},
  source: 'builtin',
  ...patch,
});

const provider = {
  id: 'openai',
  name: 'OpenAI',
  sort: 0,
  enabled: true,
  models: [card('embed', { type: 'embedding' }), card('off', { enabled: false }), card('gpt-4o')],
} as unknown as ProviderManifest;

interface Call {
  url: string;
  init?: RequestInit;
}

/** A fetch answering every call with `answer()`, recording calls and whether the signal fired. */
function fakeFetch(answer: () => Response) {
  const calls: Call[] = [];
  const fetch: FetchImpl = async (url, init) => {
    calls.push({ url, init });
    return answer();
  };
  return { fetch, calls };
}

/** An SSE body; with `open`, the stream never ends by itself (only a cancel ends it). */
function sse(events: [string, unknown][], open = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      events.forEach(([event, data], i) =>
        controller.enqueue(
          encoder.encode(
            `id: s1\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`.replace('s1', `s${i}`),
          ),
        ),
      );
      if (!open) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const json = (value: unknown, status: number) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

t.beforeEach(() => {
  $providers.set([provider]);
  $providerSettings.set({ openai: { vault: { apiKey: 'sk-test' } } });
  $connectionChecks.set({});
});

t.test('checkRequest is a minimal chat', async (t) => {
  const request = checkRequest('m');
  t.same(request.messages, [{ role: 'user', content: 'hi' }]);
  t.equal(request.model, 'm');
  t.ok(request.max_tokens && request.max_tokens <= 16, 'few output tokens');
});

t.test('succeeds on the first text event and aborts the open stream', async (t) => {
  const { fetch, calls } = fakeFetch(() => sse([['text', 'Hel']], true));
  const result = await checkConnection('openai', fetch);
  t.same(result, { state: 'ok', model: 'gpt-4o' });
  t.same($connectionChecks.get().openai, result);
  t.equal(calls.length, 1);
  t.equal(calls[0]?.url, '/webapi/chat/openai');
  const body = JSON.parse(String(calls[0]?.init?.body)) as { model: string };
  t.equal(body.model, 'gpt-4o', 'the first enabled chat model');
  t.equal(calls[0]?.init?.signal?.aborted, true, 'the stream is aborted after success');
});

t.test('succeeds on reasoning or stop', async (t) => {
  for (const kind of ['reasoning', 'stop']) {
    const { fetch } = fakeFetch(() => sse([[kind, 'x']], true));
    t.equal((await checkConnection('openai', fetch)).state, 'ok', kind);
  }
});

t.test('an error event fails with its type', async (t) => {
  const { fetch } = fakeFetch(() =>
    sse([['error', { type: 'InsufficientQuota', message: 'no money', body: {} }]]),
  );
  t.same(await checkConnection('openai', fetch), {
    state: 'error',
    errorType: 'InsufficientQuota',
    model: 'gpt-4o',
  });
});

t.test('an error answer fails with its type', async (t) => {
  const { fetch } = fakeFetch(() =>
    json({ errorType: 'InvalidProviderAPIKey', body: { provider: 'openai' } }, 401),
  );
  t.same(await checkConnection('openai', fetch), {
    state: 'error',
    errorType: 'InvalidProviderAPIKey',
    model: 'gpt-4o',
  });
});

t.test('a network failure fails as UnknownChatFetchError', async (t) => {
  const fetch: FetchImpl = async () => {
    throw new TypeError('Failed to fetch');
  };
  t.same(await checkConnection('openai', fetch), {
    state: 'error',
    errorType: 'UnknownChatFetchError',
    model: 'gpt-4o',
  });
});

t.test('no enabled chat model: no request', async (t) => {
  setModelEnabled('openai', 'gpt-4o', false);
  const { fetch, calls } = fakeFetch(() => sse([['text', 'x']]));
  t.same(await checkConnection('openai', fetch), { state: 'noModel' });
  t.equal(calls.length, 0);
});
