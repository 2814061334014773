import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { callContext, rejection } from '../../wires/openai/runtime-helpers.js';
import {
  catalogueModel,
  DEFAULT_CATALOGUE,
  resultEnvelope,
} from '@manifold/provider-kit/fakes/cloudflare-builders';
import { cloudflareRuntime, fakeCloudflare } from './helpers.js';

const list = (runtime: ReturnType<typeof cloudflareRuntime>) => runtime.models!(callContext());
const byId = (cards: ModelCard[], id: string) => cards.find((card) => card.id === id);

t.test(
  'the catalogue becomes Text Generation cards with abilities, context and prices',
  async (t) => {
    const fake = await fakeCloudflare(t);
    const cards = await list(cloudflareRuntime(fake));
    const request = fake.lastRequest()!;
    t.equal(request.path, `/client/v4/accounts/${fake.accountId}/ai/models/search`);
    t.equal(request.query.get('task'), 'Text Generation');
    t.equal(request.headers.authorization, `Bearer ${fake.token}`);
    t.same(cards.map((card) => card.id).sort(), [
      '@cf/deepseek-ai/deepseek-r1-distill-qwen-32b',
      '@cf/meta/llama-3.2-11b-vision-instruct',
      '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
      '@cf/meta/llama-4-scout-17b-16e-instruct',
      '@cf/qwen/qwen3-30b-a3b-fp8',
      '@hf/thebloke/neural-chat-7b-v3-1-awq',
    ]);
    t.ok(cards.every((card) => card.source === 'remote'));
    t.same(byId(cards, '@cf/meta/llama-3.2-11b-vision-instruct'), {
      id: '@cf/meta/llama-3.2-11b-vision-instruct',
      displayName: 'llama-3.2-11b-vision-instruct',
      description: 'llama-3.2-11b-vision-instruct model',
      type: 'chat',
      enabled: false,
      abilities: { functionCall: false, reasoning: false, vision: true },
      contextWindowTokens: 128_000,
      pricing: { input: 0.049, output: 0.68 },
      source: 'remote',
    });
    t.match(byId(cards, '@hf/thebloke/neural-chat-7b-v3-1-awq'), {
      displayName: 'neural-chat-7b-v3-1-awq (Beta)',
      contextWindowTokens: 4096,
    });
    t.match(byId(cards, '@cf/qwen/qwen3-30b-a3b-fp8')?.abilities, {
      functionCall: true,
      reasoning: true,
    });
    t.match(
      byId(cards, '@cf/meta/llama-3.3-70b-instruct-fp8-fast'),
      {
        displayName: 'Llama 3.3 70B Instruct fp8 Fast',
        enabled: true,
        source: 'remote',
      },
      'the built-in card is preferred',
    );
  },
);

t.test('other tasks are left out even when the API returns them', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({ kind: 'json', body: resultEnvelope(DEFAULT_CATALOGUE) });
  const cards = await list(cloudflareRuntime(fake));
  t.notOk(cards.some((card) => /bge|whisper|flux/.test(card.id)));
  t.equal(cards.length, 6);
});

t.test('the list is read page by page until the total is reached', async (t) => {
  const many = Array.from({ length: 130 }, (_, i) =>
    catalogueModel(`@cf/test/model-${String(i).padStart(3, '0')}`, 'Text Generation'),
  );
  const fake = await fakeCloudflare(t, { catalogue: many });
  const cards = await list(cloudflareRuntime(fake));
  t.equal(cards.length, 130);
  t.same(
    fake.requests.map((r) => [r.query.get('page'), r.query.get('per_page')]),
    [
      ['1', '100'],
      ['2', '100'],
    ],
  );
});

t.test('an AI Gateway URL lists the account found in it from the API base', async (t) => {
  const fake = await fakeCloudflare(t);
  const cards = await list(cloudflareRuntime(fake, { baseURLOrAccountID: fake.gatewayURL() }));
  t.equal(fake.lastRequest()?.path, `/client/v4/accounts/${fake.accountId}/ai/models/search`);
  t.equal(cards.length, 6);

  const error = await rejection(
    list(cloudflareRuntime(fake, { baseURLOrAccountID: `${fake.url}/my-proxy/workers-ai` })),
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error?.body.message, /needs an account ID/);
});

t.test('a refused list request maps like a chat error', async (t) => {
  const fake = await fakeCloudflare(t);
  const error = await rejection(list(cloudflareRuntime(fake, { apiKey: 'cf-bad-0123456789abcd' })));
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  fake.reply({ kind: 'raw', status: 200, headers: { 'content-type': 'text/html' }, body: '<p>' });
  const odd = await rejection(list(cloudflareRuntime(fake)));
  t.equal(odd?.errorType, 'ProviderBizError', 'an answer without a list is a business error');
});
