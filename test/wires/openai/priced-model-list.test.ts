import t from 'tap';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { pricedModelListCards } from '@manifold/core/models/priced-model-list';
import { callContext, fakeUpstream, runtimeOptions } from './runtime-helpers.js';

const list = {
  data: [
    {
      id: 'vendor/chat-large',
      title: ' Chat Large ',
      display_name: 'ignored',
      description: 'A large chat model.',
      context_size: 131_072,
      input_token_price_per_m: 6000,
      output_token_price_per_m: 22_000,
    },
    { id: 'vendor/chat-small', display_name: 'Chat Small', context_size: 1.5 },
    { title: 'no id' },
  ],
};

const listed = async (test: { teardown(fn: () => unknown): void }, currency?: 'CNY') => {
  const fake = await fakeUpstream(test);
  fake.reply({ kind: 'json', body: list });
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: 'http://unused.invalid/v1', models: { transform: pricedModelListCards(currency) } },
    runtimeOptions(fake),
  );
  return runtime.models!(callContext());
};

t.test('a priced list becomes cards with titles, context and prices per million', async (t) => {
  const cards = await listed(t);

  t.same(
    cards.map((card) => card.id),
    ['vendor/chat-large', 'vendor/chat-small'],
  );
  t.match(cards[0], {
    displayName: 'Chat Large',
    description: 'A large chat model.',
    contextWindowTokens: 131_072,
    source: 'remote',
  });
  t.same(cards[0]?.pricing, { input: 0.6, output: 2.2 }, 'no currency: the card default');
  t.equal(cards[1]?.displayName, 'Chat Small');
  t.notOk('contextWindowTokens' in (cards[1] ?? {}), 'a fractional context is left out');
  t.notOk('pricing' in (cards[1] ?? {}));
});

t.test('the currency parameter is set on every price', async (t) => {
  const cards = await listed(t, 'CNY');

  t.same(cards[0]?.pricing, { currency: 'CNY', input: 0.6, output: 2.2 });
});
