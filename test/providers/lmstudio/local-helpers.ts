/**
 * Shared checks of the keyless local servers (LM Studio, vLLM, Xinference): a chat without a key,
 * the halved temperature, the loaded-model list, and the gateway's probe of `<ID>_PROXY_URL`.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { startGateway } from '../../helpers/gateway.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';

/** A local port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What one local provider is checked with. */
export interface LocalServerCase {
  definition: ProviderDefinition;
  /** The package, imported by the gateway as discovery would. */
  load: () => Promise<unknown>;
  /** A built-in card id and an id no card names, with the abilities inferred for it. */
  model: string;
  listed: { id: string; abilities: ModelCard['abilities'] };
}

/** Register the shared local-server tests of one provider. */
export function localServerTests(t: Test, check: LocalServerCase): void {
  const { definition } = check;
  const id = definition.manifest.id;
  const envPrefix = id.toUpperCase();

  t.test('a chat without an API key reaches the server, temperature halved', async (t) => {
    const fake = await fakeUpstream(t);
    const runtime = definition.createRuntime(
      runtimeOptions(fake, { providerId: id, apiKey: undefined }),
    );
    const events = await chatEvents(runtime, chatRequest({ model: check.model, temperature: 0.8 }));
    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
    t.equal(lastBody(fake).model, check.model);
    t.equal(lastBody(fake).temperature, 0.4);
    t.ok(events.some((event) => event.event === 'text'));
  });

  t.test('the model list is GET /models, filtered and enriched', async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'json',
      body: modelList([check.model, check.listed.id, 'text-embedding-nomic-embed-text-v1.5']),
    });
    const runtime = definition.createRuntime(
      runtimeOptions(fake, { providerId: id, apiKey: undefined }),
    );
    const cards = await runtime.models!(callContext());
    t.equal(fake.lastRequest()?.path, '/v1/models');
    t.same(
      cards.map((card) => card.id),
      [check.model, check.listed.id],
    );
    const builtin = definition.manifest.models?.find((card) => card.id === check.model);
    t.equal(cards[0]?.displayName, builtin?.displayName, 'built-in card data');
    t.same(cards[1]?.abilities, check.listed.abilities, 'abilities inferred from the id');
  });

  t.test('the key form asks for the server URL, the key optional', async (t) => {
    const [url, key] = definition.manifest.keyVault;
    t.equal(url?.field, 'baseURL');
    t.equal(url?.placeholder, definition.manifest.defaultBaseURL);
    t.equal(key?.required, false);
    t.same(definition.localServer, {});
  });

  const enabledThrough = async (t: Test, proxyURL: string) => {
    const { url } = await startGateway(
      t,
      { [`${envPrefix}_PROXY_URL`]: proxyURL },
      { sources: [{ label: id, source: 'builtin', load: check.load }] },
    );
    const body = (await (await fetch(`${url}/providers`)).json()) as {
      providers: Array<{ id: string; enabled: boolean }>;
    };
    return body.providers.find((provider) => provider.id === id)?.enabled;
  };

  t.test(`GET /providers: enabled while ${envPrefix}_PROXY_URL answers /models`, async (t) => {
    const fake = await fakeUpstream(t);
    t.equal(await enabledThrough(t, fake.baseURL), true);
    t.equal(fake.lastRequest()?.path, '/v1/models');
  });

  t.test('GET /providers: disabled when nothing listens there', async (t) => {
    const port = await closedPort();
    t.equal(await enabledThrough(t, `http://127.0.0.1:${port}/v1`), false);
  });
}
