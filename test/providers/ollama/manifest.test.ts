import t, { type Test } from 'tap';
import { join } from 'node:path';
import pino from 'pino';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { loadConfig } from '@manifold/gateway/config';
import { builtinSources } from '@manifold/gateway/discovery';
import { Registry } from '@manifold/gateway/registry';
import { definition } from '@manifold/provider-ollama';
import { manifest } from '@manifold/provider-ollama/manifest';
import { ROOT } from '../../helpers/paths.js';
import { startOllamaGateway } from './helpers.js';

async function served(t: Test, env: Record<string, string> = {}): Promise<ProviderManifest> {
  const { url } = await startOllamaGateway(t, env);
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: ProviderManifest[];
  };
  const ollama = providers.find((provider) => provider.id === 'ollama');
  if (!ollama) throw new Error('ollama is not served');
  return ollama;
}

t.test('the providers/ollama folder is discovered as the provider-ollama plugin', async (t) => {
  const source = (await builtinSources(join(ROOT, 'providers'))).find((s) => s.label === 'ollama');
  t.ok(source, 'found by its manifold-provider keyword');
  const plugin = ((await source!.load()) as { default: Record<symbol, { name?: string }> }).default;
  t.equal(plugin[Symbol.for('plugin-meta')]?.name, 'provider-ollama');
});

t.test(
  'the manifest: sdkType ollama, optional base URL and proxy key, model fetcher',
  async (t) => {
    const ollama = await served(t);
    t.match(ollama, {
      id: 'ollama',
      sdkType: 'ollama',
      source: 'builtin',
      defaultBaseURL: 'http://127.0.0.1:11434',
      settings: { showModelFetcher: true },
      serverKey: false,
    });
    t.same(
      ollama.keyVault.map((field) => [
        field.field,
        field.required,
        field.secret,
        field.placeholder,
      ]),
      [
        ['baseURL', false, false, 'http://127.0.0.1:11434'],
        ['apiKey', false, true, 'Bearer token of your proxy'],
      ],
    );
  },
);

t.test(
  'not enabled by default; OLLAMA_PROXY_URL, ENABLED_OLLAMA=1 or a key enables it',
  async (t) => {
    const effective = (env: Record<string, string> = {}) => {
      const registry = new Registry(
        loadConfig({ LOG_LEVEL: 'silent', ...env }),
        pino({ level: 'silent' }),
      );
      registry.register(definition);
      return registry.manifests()[0]!;
    };
    t.equal(effective().enabled, false);
    const addressed = effective({ OLLAMA_PROXY_URL: 'http://10.0.0.5:11434' });
    t.equal(addressed.enabled, true, 'a keyless local server is configured by its address');
    t.equal(addressed.serverKey, false, 'an address is not a credential');
    t.equal(
      effective({ OLLAMA_PROXY_URL: 'http://10.0.0.5:11434', ENABLED_OLLAMA: '0' }).enabled,
      false,
    );
    t.equal(effective({ ENABLED_OLLAMA: '1' }).enabled, true);
    const keyed = effective({ OLLAMA_API_KEY: 'proxy-token-0123456789' });
    t.equal(keyed.enabled, true);
    t.equal(keyed.serverKey, true);
  },
);

t.test('popular models with context windows and no prices', async (t) => {
  const ids = manifest.models.map((card) => card.id);
  for (const id of [
    'llama3.2',
    'llama3.1',
    'qwen3',
    'deepseek-r1',
    'gemma3',
    'mistral',
    'phi4',
    'qwen2.5-coder',
    'gpt-oss',
  ])
    t.ok(ids.includes(id), id);
  for (const card of manifest.models) {
    t.ok((card.contextWindowTokens ?? 0) > 0, `${card.id} has a context window`);
    t.notOk('pricing' in card, `${card.id} has no price`);
  }
  t.same(
    manifest.models.filter((card) => card.abilities.reasoning).map((card) => card.id),
    ['qwen3', 'deepseek-r1', 'gpt-oss', 'gpt-oss:120b'],
  );
});
