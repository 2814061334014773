import t from 'tap';
import { Compile } from 'typebox/compile';
import { ProviderManifestSchema } from '@manifold/core/contract/provider-manifest';
import { manifest } from '@manifold/provider-anthropic/manifest';
import { remoteCard } from '@manifold/provider-anthropic/models';
import { callContext } from '../../wires/openai/runtime-helpers.js';
import { KEY, setup } from './helpers.js';

t.test('the model list follows every page with the key and version headers', async (t) => {
  const { fake, runtime } = await setup(t, { fake: { modelsPageSize: 2 } });
  const models = await runtime.models!(callContext());
  const calls = fake.requests.filter((request) => request.path === '/v1/models');
  t.equal(calls.length, 3, 'five ids in pages of two');
  for (const call of calls) {
    t.equal(call.method, 'GET');
    t.equal(call.headers['x-api-key'], KEY);
    t.equal(call.headers['anthropic-version'], '2023-06-01');
    t.equal(call.query.get('limit'), '1000');
  }
  t.same(
    calls.map((call) => call.query.get('after_id')),
    [null, 'claude-haiku-4-5-20251001', 'claude-future-9-20270101'],
  );
  t.same(
    models.map((model) => model.id),
    [
      'claude-sonnet-4-5-20250929',
      'claude-haiku-4-5-20251001',
      'claude-opus-4-1-20250805',
      'claude-future-9-20270101',
    ],
    'ids filtered as SPEC §9 says (embedding dropped)',
  );
  t.ok(models.every((model) => model.source === 'remote'));
});

t.test('built-in cards are preferred; unknown ids get a card from the list', async (t) => {
  const { runtime } = await setup(t);
  const models = await runtime.models!(callContext());
  const builtin = manifest.models.find((model) => model.id === 'claude-sonnet-4-5-20250929');
  t.same(
    models.find((model) => model.id === 'claude-sonnet-4-5-20250929'),
    { ...builtin, source: 'remote' },
  );
  t.same(
    models.find((model) => model.id === 'claude-future-9-20270101'),
    {
      id: 'claude-future-9-20270101',
      displayName: 'claude-future-9-20270101',
      type: 'chat',
      enabled: false,
      releasedAt: '2025-05-22',
      abilities: { functionCall: true },
      source: 'remote',
    },
  );
});

t.test('a remote entry keeps the limits and capabilities the API reports', async (t) => {
  t.same(
    remoteCard({
      type: 'model',
      id: 'claude-x',
      display_name: 'Claude X',
      created_at: '1970-01-01T00:00:00Z',
      max_input_tokens: 1_000_000,
      max_tokens: 128_000,
      capabilities: { image_input: { supported: true }, thinking: { supported: false } },
    }),
    {
      id: 'claude-x',
      displayName: 'Claude X',
      type: 'chat',
      enabled: false,
      contextWindowTokens: 1_000_000,
      maxOutput: 128_000,
      abilities: { functionCall: true, vision: true, reasoning: false },
      source: 'remote',
    },
    'an epoch release date is left out',
  );
  t.equal(remoteCard({ id: '' }), undefined);
  t.equal(remoteCard(null), undefined);
});

t.test('the manifest is valid and describes Anthropic as the gateway shows it', async (t) => {
  const check = Compile(ProviderManifestSchema);
  t.ok(check.Check({ ...manifest, source: 'builtin', serverKey: false }), 'schema-valid');
  t.match(manifest, {
    id: 'anthropic',
    sdkType: 'anthropic',
    enabled: true,
    sort: 2,
    defaultBaseURL: 'https://api.anthropic.com',
    settings: { responseAnimation: 'smooth' },
  });
  t.same(manifest.keyVault, [
    { field: 'apiKey', required: true, secret: true, label: 'API Key', placeholder: 'sk-ant-...' },
    {
      field: 'baseURL',
      required: false,
      secret: false,
      label: 'API base URL',
      placeholder: 'https://api.anthropic.com',
    },
  ]);
  for (const model of manifest.models) {
    t.equal(model.contextWindowTokens, 200_000, `${model.id} context`);
    t.ok(model.maxOutput && model.maxOutput >= 4096, `${model.id} maxOutput`);
    const { pricing } = model;
    t.ok(pricing.input > 0 && pricing.output > pricing.input, `${model.id} prices`);
    t.ok(pricing.cachedInput < pricing.input, `${model.id} cache reads are cheaper`);
    t.ok(pricing.writeCacheInput > pricing.input, `${model.id} cache writes cost more`);
    const params: readonly string[] = model.settings.extendParams;
    t.ok(params.includes('disableContextCaching'), `${model.id} caching can be turned off`);
    t.equal(
      params.includes('enableReasoning') && params.includes('reasoningBudgetToken'),
      model.abilities.reasoning === true,
      `${model.id} thinking controls exactly when it reasons`,
    );
  }
  for (const id of [
    'claude-opus-4-1-20250805',
    'claude-opus-4-20250514',
    'claude-sonnet-4-5-20250929',
    'claude-sonnet-4-20250514',
    'claude-3-7-sonnet-20250219',
    'claude-3-5-haiku-20241022',
    'claude-haiku-4-5-20251001',
    'claude-3-opus-20240229',
    'claude-3-haiku-20240307',
  ]) {
    t.ok(
      manifest.models.some((model) => model.id === id),
      `${id} has a card`,
    );
  }
});
