import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { buildChatRequest } from '../../web/src/features/chat/stores/build-request.js';
import type { UIMessage } from '../../web/src/features/chat/stores/conversations.js';

const history: UIMessage[] = [
  { id: '1', role: 'user', content: 'one' },
  { id: '2', role: 'assistant', content: 'two' },
  { id: '3', role: 'user', content: 'three' },
  { id: '4', role: 'assistant', content: 'four' },
  { id: '5', role: 'user', content: 'five' },
];
const provider = { id: 'p', settings: {} } as unknown as ProviderManifest;
const card = (extra: Partial<ModelCard>): ModelCard =>
  ({ id: 'm', type: 'chat', enabled: true, abilities: {}, ...extra }) as ModelCard;

t.test('defaults: plain messages, no optional params', async (t) => {
  const request = buildChatRequest({ model: 'm', history });
  t.same(request, {
    model: 'm',
    stream: true,
    messages: history.map((m) => ({ role: m.role, content: m.content })),
  });
});

t.test('system prompt is expanded and put first', async (t) => {
  const request = buildChatRequest({
    model: 'm',
    history,
    settings: { systemPrompt: 'Hi {{name}}, lang {{language}}' },
    template: { extra: { name: 'Ada' }, language: 'zh' },
  });
  t.same(request.messages[0], { role: 'system', content: 'Hi Ada, lang zh' });
  t.equal(request.messages.length, 6);
  const blank = buildChatRequest({ model: 'm', history, settings: { systemPrompt: '  ' } });
  t.equal(blank.messages[0]?.role, 'user', 'a blank prompt sends no system message');
});

t.test('history count keeps only the last N messages when enabled', async (t) => {
  const on = buildChatRequest({
    model: 'm',
    history,
    settings: { historyCountEnabled: true, historyCount: 2, systemPrompt: 'S' },
  });
  t.same(
    on.messages.map((m) => m.content),
    ['S', 'four', 'five'],
  );
  const off = buildChatRequest({
    model: 'm',
    history,
    settings: { historyCountEnabled: false, historyCount: 2 },
  });
  t.equal(off.messages.length, 5);
});

t.test('temperature, top_p and caching are sent only when switched on', async (t) => {
  const off = buildChatRequest({
    model: 'm',
    history,
    settings: { temperature: 0.3, topP: 0.5, temperatureEnabled: false, topPEnabled: false },
  });
  t.notOk('temperature' in off);
  t.notOk('top_p' in off);
  t.notOk('enabledContextCaching' in off);
  const on = buildChatRequest({
    model: 'm',
    history,
    settings: {
      temperature: 0.3,
      temperatureEnabled: true,
      topP: 0.5,
      topPEnabled: true,
      disableContextCaching: true,
    },
  });
  t.equal(on.temperature, 0.3);
  t.equal(on.top_p, 0.5);
  t.equal(on.enabledContextCaching, false);
});

t.test('search is sent only when the model or provider can search', async (t) => {
  const settings = { search: true };
  t.notOk(
    'enabledSearch' in
      buildChatRequest({ model: 'm', history, settings, provider, card: card({}) }),
  );
  t.equal(
    buildChatRequest({
      model: 'm',
      history,
      settings,
      provider,
      card: card({ abilities: { search: true } }),
    }).enabledSearch,
    true,
  );
  const searching = { id: 'p', settings: { searchMode: 'params' } } as unknown as ProviderManifest;
  t.equal(
    buildChatRequest({ model: 'm', history, settings, provider: searching }).enabledSearch,
    true,
  );
  t.notOk(
    'enabledSearch' in
      buildChatRequest({ model: 'm', history, settings: { search: false }, provider: searching }),
  );
});

t.test('reasoning is gated by the model card extendParams', async (t) => {
  const settings = { reasoning: true, reasoningBudget: 4096 };
  t.notOk('thinking' in buildChatRequest({ model: 'm', history, settings, card: card({}) }));
  const noBudget = card({ settings: { extendParams: ['enableReasoning'] } });
  t.same(buildChatRequest({ model: 'm', history, settings, card: noBudget }).thinking, {
    type: 'enabled',
    budget_tokens: 1024,
  });
  const withBudget = card({
    settings: { extendParams: ['enableReasoning', 'reasoningBudgetToken'] },
  });
  t.same(buildChatRequest({ model: 'm', history, settings, card: withBudget }).thinking, {
    type: 'enabled',
    budget_tokens: 4096,
  });
  t.same(
    buildChatRequest({ model: 'm', history, settings: { reasoning: false }, card: withBudget })
      .thinking,
    { type: 'disabled', budget_tokens: 0 },
  );
});

t.test('toWire sends a user message with its imageList and fileList', async (t) => {
  const withAttachments: UIMessage[] = [
    {
      id: 'u',
      role: 'user',
      content: '',
      imageList: [{ alt: 'cat.png', url: 'data:image/png;base64,AAAA' }],
      fileList: [{ id: 'f', name: 'a.md', fileType: 'text/markdown', size: 2, content: 'hi' }],
    },
    { id: 'a', role: 'assistant', content: 'ok', imageList: [{ url: 'data:x' }] },
    { id: 'u2', role: 'user', content: 'plain', imageList: [], fileList: [] },
  ];
  const request = buildChatRequest({ model: 'm', history: withAttachments });
  t.same(request.messages, [
    {
      role: 'user',
      content: '',
      imageList: [{ alt: 'cat.png', url: 'data:image/png;base64,AAAA' }],
      fileList: [{ id: 'f', name: 'a.md', fileType: 'text/markdown', size: 2, content: 'hi' }],
    },
    { role: 'assistant', content: 'ok' },
    { role: 'user', content: 'plain' },
  ]);
});
