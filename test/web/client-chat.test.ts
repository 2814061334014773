// The web app's "fetch from the browser" path, DOM-free: the provider's own runtime run as the page
// runs it (the Ollama definition of providers/ollama/browser.ts), against the fake Ollama over a
// real socket, compared with the gateway's stream for the same upstream answer.
import t, { type Test } from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { definition } from '@manifold/provider-ollama/browser';
import { createUpstreamFetch } from '../../core/transport/src/browser.js';
import { ChatFetchError } from '../../web/src/lib/api-error.js';
import { openChatStream } from '../../web/src/lib/api.js';
import {
  diagnosingFetch,
  openClientChatStream,
  pageRuntimeOptions,
} from '../../web/src/lib/client-chat.js';
import { openProviderChat } from '../../web/src/features/providers/api/provider-calls.js';
import {
  $connectionChecks,
  checkConnection,
} from '../../web/src/features/providers/stores/connection-check.js';
import { $browserRuntimes } from '../../web/src/features/providers/stores/fetch-on-client.js';
import { $modelFetch, fetchModels } from '../../web/src/features/providers/stores/models.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';
import { startOllamaGateway } from '../providers/ollama/helpers.js';
import { closedPort, startFakeOllama, textChat } from '@manifold/provider-kit/fakes/ollama';

const OLLAMA_UNAVAILABLE = 'please check whether your ollama service is available';

const request = {
  model: 'qwen3',
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  stream: true,
  temperature: 0.8,
} as ChatRequest;

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Events as both ways must agree on them: the random stream id and the measured speed left out. */
const comparable = (events: StreamEvent[]) =>
  events.map((event) => (event.event === 'speed' ? ['speed'] : [event.event, event.data]));

/** The manifest as `/providers` serves it, with what the gateway sets. */
const served = {
  ...definition.manifest,
  source: 'builtin',
  enabled: true,
  sort: 4,
  serverKey: false,
} as ProviderManifest;

/** The web app's stores for one provider the page can run, as main.tsx sets them up. */
function pageStores(t: Test, baseURL: string) {
  $providers.set([served]);
  $providerSettings.set({ ollama: { vault: { baseURL } } });
  $browserRuntimes.set({
    ids: new Set(['ollama']),
    load: async (id) => (id === 'ollama' ? definition : undefined),
  });
  // Every call the app sends to its own origin (the gateway) goes through the page's fetch.
  const pageFetch = globalThis.fetch;
  const gatewayCalls: string[] = [];
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith('/')) gatewayCalls.push(url);
    return pageFetch(input, init);
  };
  t.teardown(() => {
    globalThis.fetch = pageFetch;
    $providers.set([]);
    $providerSettings.set({});
    $browserRuntimes.set({ ids: new Set(), load: async () => undefined });
  });
  return gatewayCalls;
}

t.test('a chat from the page gives the events the gateway gives for the same answer', async (t) => {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  const { url } = await startOllamaGateway(t);
  const answer = textChat(['It is', ' sunny.'], { thinking: ['Check.'], usage: [42, 19] });
  fake.reply({ kind: 'ndjson', lines: answer });
  fake.reply({ kind: 'ndjson', lines: answer });

  const viaGateway = await collect(
    await openChatStream(
      'ollama',
      request,
      { baseURL: fake.url },
      new AbortController().signal,
      (path, init) => fetch(`${url}${path}`, init),
    ),
  );
  const gatewayBody = fake.lastRequest('/api/chat')?.body;
  const fromPage = await collect(
    await openClientChatStream(
      definition,
      request,
      { baseURL: fake.url },
      new AbortController().signal,
    ),
  );

  t.same(comparable(fromPage), comparable(viaGateway), 'the same CONTRACT §4 events');
  t.same(comparable(fromPage).slice(0, -1), [
    ['reasoning', 'Check.'],
    ['text', 'It is'],
    ['text', ' sunny.'],
    ['stop', 'stop'],
    ['usage', { totalInputTokens: 42, totalOutputTokens: 19, totalTokens: 61 }],
  ]);
  t.match(fromPage.at(-1), { id: 'output_speed', event: 'speed', data: { ttft: Number } });
  t.same(fake.lastRequest('/api/chat')?.body, gatewayBody, 'Ollama got the same request body');
});

t.test('with fetch from the browser, chat and model list never call the gateway', async (t) => {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  const gatewayCalls = pageStores(t, fake.url);

  const events = await collect(
    await openProviderChat(
      'ollama',
      { ...request, model: 'llama3.2' },
      new AbortController().signal,
    ),
  );
  t.same(
    events.filter((e) => e.event === 'text').map((e) => e.data),
    ['Hello', ' from', ' the fake.'],
    'the answer came from Ollama',
  );
  t.equal(fake.lastRequest('/api/chat')?.headers.authorization, undefined, 'no key, no header');

  await checkConnection('ollama');
  t.match($connectionChecks.get().ollama, { state: 'ok' }, 'the connection check went there too');
  await fetchModels('ollama');
  t.match($modelFetch.get().ollama, { state: 'done', count: 4 }, 'and so did the model list');
  t.same(
    $providerSettings.get().ollama?.remoteModels?.map((card) => card.id),
    ['llama3.2', 'qwen3:8b', 'my-finetune', 'nomic-embed-text'],
  );
  t.same(gatewayCalls, [], 'not one call reached the gateway');

  $providerSettings.set({ ollama: { vault: { baseURL: fake.url }, fetchOnClient: false } });
  await t.rejects(
    openProviderChat('ollama', request, new AbortController().signal),
    'switched off, the chat goes to the gateway',
  );
  t.same(gatewayCalls, ['/webapi/chat/ollama']);
});

t.test('a refused connection is OllamaServiceUnavailable with SPEC’s message', async (t) => {
  const port = await closedPort();
  const error = await openClientChatStream(
    definition,
    request,
    { baseURL: `http://127.0.0.1:${port}` },
    new AbortController().signal,
    { pageOrigin: 'http://127.0.0.1:3210' },
  ).catch((e: unknown) => e);
  t.type(error, ChatFetchError);
  const failure = error as ChatFetchError;
  t.equal(failure.errorType, 'OllamaServiceUnavailable');
  t.equal(failure.status, 472, 'the status the gateway would answer');
  t.equal(failure.body.message, OLLAMA_UNAVAILABLE);
  t.same(
    failure.body.clientFetch,
    { reason: 'unreachable', target: `http://127.0.0.1:${port}`, origin: 'http://127.0.0.1:3210' },
    'nothing answered the probe either',
  );
});

t.test('a server that answers but withholds its answer is diagnosed as CORS', async (t) => {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  // A browser's fetch when the answer lacks Access-Control-Allow-Origin: a CORS request rejects
  // with its TypeError, a no-cors one gets the (opaque) answer. The page's transport on top of it.
  const pageFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    if (init?.mode === 'no-cors') return pageFetch(input, init);
    throw new TypeError('Failed to fetch');
  };
  t.teardown(() => {
    globalThis.fetch = pageFetch;
  });
  const error = await openClientChatStream(
    definition,
    request,
    { baseURL: fake.url },
    new AbortController().signal,
    { fetch: createUpstreamFetch(), pageOrigin: 'http://127.0.0.1:3210' },
  ).catch((e: unknown) => e);
  t.type(error, ChatFetchError);
  const failure = error as ChatFetchError;
  t.equal(failure.errorType, 'OllamaServiceUnavailable', 'still the catalogue type');
  t.same(failure.body.clientFetch, {
    reason: 'cors',
    target: fake.url,
    origin: 'http://127.0.0.1:3210',
  });
  t.match(fake.lastRequest(), { method: 'GET', path: '/' }, 'the no-cors probe reached it');
});

t.test('an https page calling a plain-http address is told so without a probe', async (t) => {
  let probed = false;
  const diagnosis = diagnosingFetch(
    async () => {
      throw new TypeError('fetch failed');
    },
    {
      pageOrigin: 'https://chat.example.com',
      probe: async () => {
        probed = true;
        return new Response();
      },
    },
  );
  await t.rejects(diagnosis.fetch('http://192.168.1.20:11434/api/chat'), TypeError);
  t.same(diagnosis.failure(), {
    reason: 'insecure',
    target: 'http://192.168.1.20:11434',
    origin: 'https://chat.example.com',
  });
  t.equal(probed, false);

  const loopback = diagnosingFetch(
    async () => {
      throw new TypeError('fetch failed');
    },
    { pageOrigin: 'https://chat.example.com', probe: async () => new Response() },
  );
  await t.rejects(loopback.fetch('http://localhost:11434/api/chat'));
  t.equal(loopback.failure()?.reason, 'cors', 'loopback is allowed from https pages');
});

t.test('an abort is not diagnosed and rethrows as the AbortError', async (t) => {
  const fake = await startFakeOllama();
  t.teardown(() => fake.close());
  fake.reply({ kind: 'ndjson', lines: textChat(['a', 'b', 'c', 'd']), delayMs: 200 });
  const controller = new AbortController();
  const stream = await openClientChatStream(
    definition,
    request,
    { baseURL: fake.url },
    controller.signal,
  );
  const seen: string[] = [];
  const error = await (async () => {
    for await (const event of stream) {
      seen.push(event.event);
      controller.abort();
    }
  })().catch((e: unknown) => e);
  t.equal((error as Error)?.name, 'AbortError', 'the reader sees the abort, as from the gateway');
  t.same(seen, ['text']);
});

t.test('the runtime gets the options a gateway would build from the vault', async (t) => {
  const fetch: typeof globalThis.fetch = async () => new Response();
  const options = pageRuntimeOptions(
    'lmstudio',
    { baseURL: ' http://127.0.0.1:1234/ ', apiKey: '  ', region: '' },
    { defaultBaseURL: 'http://127.0.0.1:1234/v1', fetch },
  );
  t.equal(options.baseURL, 'http://127.0.0.1:1234/v1', 'a bare origin gets the default path');
  t.equal(options.customBaseURL, true, 'hosts are masked in errors');
  t.notOk('apiKey' in options, 'blank fields are left out');
  t.notOk('region' in options);
  t.equal(options.fetch, fetch);
  t.same(options.env, {}, 'no server environment in a page');

  const query = pageRuntimeOptions(
    'lmstudio',
    { baseURL: 'http://127.0.0.1:1234/v1?tenant=a' },
    { fetch },
  );
  t.equal(query.baseURL, 'http://127.0.0.1:1234/v1', 'the query comes off the base');
  t.not(query.fetch, fetch, 'and goes on every request');

  const refused = await openClientChatStream(
    definition,
    request,
    { baseURL: 'ftp://host' },
    new AbortController().signal,
  ).catch((e: unknown) => e);
  t.match(
    refused,
    { errorType: 'BadRequest', status: 400, body: { field: 'baseURL' } },
    'a URL that is not http(s) is refused as the gateway refuses it',
  );
});
