// Providers that run in the page opt in with a browser-safe `providers/<id>/browser.ts` exporting
// their `definition`; the web app finds them by that file name (web/src/features/providers/api/
// browser-runtimes.ts). Each must bundle for a browser and be what the gateway's plugin registers.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { build } from 'esbuild';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { ROOT } from '../helpers/paths.js';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { openClientChatStream } from '../../web/src/lib/client-chat.js';

const providersDir = join(ROOT, 'providers');
const entries = readdirSync(providersDir).filter((id) =>
  existsSync(join(providersDir, id, 'browser.ts')),
);

t.test('the local-model servers can run in the page', async (t) => {
  t.ok(entries.includes('ollama'), 'Ollama');
  t.ok(entries.includes('lmstudio'), 'LM Studio');
});

for (const id of entries) {
  t.test(`${id}: browser.ts is the plugin's definition and bundles for a browser`, async (t) => {
    const browser = (await import(`@manifold/provider-${id}/browser`)) as {
      definition: ProviderDefinition;
    };
    const plugin = (await import(`@manifold/provider-${id}`)) as {
      definition: ProviderDefinition;
    };
    t.equal(browser.definition.manifest.id, id, 'its manifest id is its folder');
    t.equal(plugin.definition, browser.definition, 'the plugin registers the same definition');
    t.notOk(
      browser.definition.manifest.settings.disableBrowserRequest,
      'a provider that disables browser requests has no browser entry',
    );

    const bundle = await build({
      entryPoints: [join(providersDir, id, 'browser.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      conditions: ['manifold-source', 'browser'],
      logLevel: 'silent',
      metafile: true,
    });
    t.same(bundle.errors, [], 'no Node built-in is imported (the bundle fails on node: modules)');
    const inputs = Object.keys(bundle.metafile.inputs);
    t.notOk(
      inputs.some((input) => /node_modules\/(fastify|fastify-plugin|undici)\//.test(input)),
      'neither Fastify nor undici is in it',
    );
    t.ok(
      inputs.some((input) => input.endsWith('core/transport/src/browser.ts')),
      "the transport is the page's fetch",
    );
  });
}

t.test('the OpenAI wire runs in a page (the SDK refuses browsers unless told)', async (t) => {
  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const { definition } = (await import('@manifold/provider-lmstudio/browser')) as {
    definition: ProviderDefinition;
  };
  const saved = { window: Reflect.get(globalThis, 'window'), navigator: globalThis.navigator };
  // what the SDK takes for a browser: a window with a document, and a navigator
  Object.assign(globalThis, { window: { document: {} } });
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    configurable: true,
  });
  t.teardown(() => {
    Object.assign(globalThis, { window: saved.window });
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true });
  });

  const stream = await openClientChatStream(
    definition,
    { model: 'qwen/qwen3-8b', messages: [{ role: 'user', content: 'hi' }] } as ChatRequest,
    { baseURL: fake.baseURL.replace(/\/v1$/, '') },
    new AbortController().signal,
  );
  const kinds: string[] = [];
  for await (const event of stream) kinds.push(event.event);
  t.ok(kinds.includes('text'), 'the answer streams');
  t.equal(kinds.at(-1), 'speed');
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions', 'a bare origin got /v1');
  t.equal(fake.lastRequest()?.headers.authorization, 'Bearer not-required', 'no key needed');
});
