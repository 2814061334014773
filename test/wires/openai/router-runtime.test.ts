import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { leanFetch } from '@manifold/transport';
import {
  createRouterRuntime,
  keywordRoute,
  type RouterRoute,
} from '@manifold/wire-openai/router-runtime';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  recordingLogger,
  runtimeOptions,
} from './runtime-helpers.js';

const card = (id: string): ModelCard => ({
  id,
  type: 'chat',
  enabled: false,
  abilities: {},
  source: 'remote',
});

/** A backend that answers one text event naming itself, and counts how often it was built. */
function backend(name: string, match: (model: string) => boolean = () => false) {
  const built: RuntimeOptions[] = [];
  const route: RouterRoute = {
    name,
    match,
    createRuntime(options): ProviderRuntime {
      built.push(options);
      return {
        async chat() {
          const events: StreamEvent[] = [{ id: 'chat-1', event: 'text', data: name }];
          return (async function* () {
            yield* events;
          })();
        },
        models: async () => [card(`${name}-model`)],
      };
    },
  };
  return { route, built };
}

const options = (): RuntimeOptions => ({
  providerId: 'router-test',
  apiKey: 'sk-test',
  env: {},
  logger: recordingLogger(),
});

const answer = async (runtime: ProviderRuntime, model: string) =>
  (await chatEvents(runtime, chatRequest({ model }))).map((event) => event.data);

t.test('the first route whose match accepts the model serves the chat', async (t) => {
  const first = backend('first', (model) => model.startsWith('claude'));
  const second = backend('second', () => true);
  const fallback = backend('fallback');
  const runtime = createRouterRuntime(options(), {
    routes: [first.route, second.route],
    fallback: fallback.route,
  });

  t.same(await answer(runtime, 'claude-sonnet-4'), ['first']);
  t.same(await answer(runtime, 'gemini-2.5-pro'), ['second']);
});

t.test('a model no route matches goes to the fallback', async (t) => {
  const claude = backend('claude', (model) => model.includes('claude'));
  const fallback = backend('fallback');
  const runtime = createRouterRuntime(options(), {
    routes: [claude.route],
    fallback: fallback.route,
  });

  t.same(await answer(runtime, 'deepseek-chat'), ['fallback']);
});

t.test('each backend is built on its first use, once', async (t) => {
  const claude = backend('claude', (model) => model.includes('claude'));
  const gemini = backend('gemini', (model) => model.includes('gemini'));
  const fallback = backend('fallback');
  const runtime = createRouterRuntime(options(), {
    routes: [claude.route, gemini.route],
    fallback: fallback.route,
  });
  t.equal(claude.built.length + gemini.built.length + fallback.built.length, 0, 'none at first');

  await answer(runtime, 'claude-sonnet-4');
  await answer(runtime, 'claude-opus-4-1');

  t.equal(claude.built.length, 1);
  t.equal(gemini.built.length, 0);
  t.equal(fallback.built.length, 0);
});

t.test('the model list is the fallback backend’s unless a list function is given', async (t) => {
  const claude = backend('claude', () => true);
  const fallback = backend('fallback');
  const routed = createRouterRuntime(options(), {
    routes: [claude.route],
    fallback: fallback.route,
  });
  t.same(await routed.models!(callContext()), [card('fallback-model')]);
  t.equal(claude.built.length, 0, 'the list builds no other backend');

  const listed = createRouterRuntime(options(), {
    routes: [],
    fallback: fallback.route,
    models: async () => [card('own')],
  });
  t.same(await listed.models!(callContext()), [card('own')]);
});

t.test(
  'a keyword route matches anywhere, ^ at the start or after an owner, ! excludes',
  async (t) => {
    const route = keywordRoute('google', ['gemini', '^imagen', '!gemini-embedding'], () => {
      throw new Error('not built');
    });

    t.ok(route.match('gemini-2.5-pro'));
    t.ok(route.match('Google/Gemini-2.5-Flash'), 'case-insensitive, with an owner prefix');
    t.ok(route.match('imagen-4.0-generate-001'));
    t.ok(route.match('google/imagen-4'), '^ after an owner prefix');
    t.notOk(route.match('my-imagen'), '^ only at the start');
    t.notOk(route.match('gemini-embedding-001'), 'excluded');
    t.notOk(route.match('claude-sonnet-4'));
  },
);

t.test('router headers reach the upstream through the gateway’s own fetch', async (t) => {
  const fake = await fakeUpstream(t);
  const seen: string[] = [];
  const gatewayFetch: typeof fetch = (input, init) => {
    seen.push(String(input));
    return leanFetch(input, init);
  };
  const runtime = createRouterRuntime(runtimeOptions(fake, { fetch: gatewayFetch }), {
    routes: [],
    fallback: {
      name: 'openai',
      createRuntime: (backendOptions) =>
        createOpenAICompatibleRuntime({ baseURL: fake.baseURL }, backendOptions),
    },
    headers: { 'X-Client': 'LobeHub' },
  });

  await chatEvents(runtime, chatRequest({ model: 'gpt-4o-mini' }));

  t.equal(fake.lastRequest()?.headers['x-client'], 'LobeHub');
  t.ok(fake.lastRequest()?.headers.authorization, 'the SDK’s own headers are kept');
  t.same(seen, [`${fake.baseURL}/chat/completions`], 'the gateway fetch made the call');
});
