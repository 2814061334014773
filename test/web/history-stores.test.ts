// The chat's history stores in Node: no IndexedDB (writes are skipped), a Map as localStorage.
import t from 'tap';

const stored = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});
const warn = console.warn;
console.warn = () => {};
t.teardown(() => {
  console.warn = warn;
});

const { cleanTitle, titleModelFor, titleRequest, TITLE_PROMPT } =
  await import('../../web/src/features/chat/stores/auto-title.js');
const { shortcutFor, runShortcut, $shortcutsOpen } =
  await import('../../web/src/features/chat/stores/shortcuts.js');
const { firstWords, replyAnnouncement } =
  await import('../../web/src/features/chat/stores/announcements.js');
const { conversationModel, linkPickerToConversations } =
  await import('../../web/src/features/chat/stores/conversation-model.js');
const { deleteConversationWithUndo, newChat, openSearchResult, $focusRequest, $scrollTarget } =
  await import('../../web/src/features/chat/stores/conversation-actions.js');
const conversations = await import('../../web/src/features/chat/stores/conversations.js');
const { $generation, $generations } =
  await import('../../web/src/features/chat/stores/generation.js');
const { $activeModelId, $activeProviderId } =
  await import('../../web/src/features/providers/stores/selection.js');
const { $toasts, runToastAction } = await import('../../web/src/lib/toasts.js');
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { Conversation } from '../../web/src/features/chat/stores/conversations.js';

const { $conversations, $activeConversationId, setPinned, selectConversation } = conversations;

const conversation = (id: string, extra: Partial<Conversation> = {}): Conversation => ({
  id,
  title: `Title ${id}`,
  createdAt: 1,
  messages: [],
  branches: {},
  ...extra,
});

t.beforeEach(() => {
  $conversations.set([]);
  $activeConversationId.set(undefined);
  $generations.set({});
  $toasts.set([]);
});

t.test('a title is the first line of the answer without marks, labels or quotes', async (t) => {
  t.equal(cleanTitle('"Paris weather tomorrow."'), 'Paris weather tomorrow');
  t.equal(cleanTitle('\n## Title: **Rust lifetimes**\nmore'), 'Rust lifetimes');
  t.equal(cleanTitle('<think>hmm</think>标题：「巴黎天气」。'), '巴黎天气');
  t.equal(cleanTitle('  \n '), undefined);
  t.equal(cleanTitle('x'.repeat(100))?.length, 60);
});

t.test('titles are written by the cheapest priced chat model that does not reason', async (t) => {
  const card = (id: string, price: number | undefined, extra: Partial<ModelCard> = {}) =>
    ({
      id,
      type: 'chat',
      enabled: true,
      abilities: {},
      ...(price === undefined ? {} : { pricing: { input: price, output: price } }),
      ...extra,
    }) as ModelCard;
  const cards = [
    card('big', 10),
    card('mini', 0.5),
    card('thinker', 0.1, { abilities: { reasoning: true } }),
    card('free-unknown', undefined),
    card('off', 0.01, { enabled: false }),
  ];
  t.equal(titleModelFor(cards, 'big'), 'mini');
  t.equal(titleModelFor([card('thinker', 1, { abilities: { reasoning: true } })], 'x'), 'thinker');
  t.equal(titleModelFor([], 'own-model'), 'own-model', 'else the conversation’s model');
  const request = titleRequest('mini', 'q'.repeat(2000), 'answer');
  t.equal(request.stream, false);
  t.match(request.messages[0]?.content, TITLE_PROMPT);
  t.ok(String(request.messages[0]?.content).length < 2000 + 200, 'long texts are clipped');
});

t.test('key presses map to shortcuts; typing keeps / and ?', async (t) => {
  const press = (key: string, extra: Partial<Parameters<typeof shortcutFor>[0]> = {}) =>
    shortcutFor({
      key,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      typing: false,
      ...extra,
    });
  t.equal(press('k', { ctrlKey: true }), 'search');
  t.equal(press('K', { metaKey: true }), 'search');
  t.equal(press('O', { ctrlKey: true, shiftKey: true }), 'newChat');
  t.equal(press('Escape'), 'stop');
  t.equal(press('Escape', { typing: true }), 'stop', 'Esc stops from the composer too');
  t.equal(press('Escape', { shiftKey: true }), 'composer');
  t.equal(press('/'), 'composer');
  t.equal(press('/', { typing: true }), undefined);
  t.equal(press('?'), 'help');
  t.equal(press('k', { ctrlKey: true, altKey: true }), undefined);
  t.equal(press('x', { ctrlKey: true }), undefined);
  t.equal(runShortcut('stop'), false, 'Esc with nothing streaming keeps its usual meaning');
  t.equal(runShortcut('help'), true);
  t.equal($shortcutsOpen.get(), true);
});

t.test('finished and failed replies are announced; stopped ones are not', async (t) => {
  t.equal(firstWords('one two three', 2), 'one two…');
  t.equal(
    replyAnnouncement({ id: 'a', role: 'assistant', content: 'Hello there, friend.' }, undefined),
    'Reply finished: Hello there, friend.',
  );
  t.equal(
    replyAnnouncement(
      {
        id: 'a',
        role: 'assistant',
        content: '',
        error: { errorType: 'X', message: 'ECONNREFUSED' },
      },
      'Trip',
    ),
    'Reply failed (Trip): ECONNREFUSED',
    'a reply in another conversation names it',
  );
  t.equal(
    replyAnnouncement({ id: 'a', role: 'assistant', content: 'x', stopped: true }, undefined),
    undefined,
  );
});

t.test('each conversation remembers its model; opening it puts that in the picker', async (t) => {
  $activeProviderId.set('openai');
  $activeModelId.set('gpt-new');
  $conversations.set([
    conversation('a', { provider: 'anthropic', model: 'claude-old' }),
    conversation('b', {
      messages: [{ id: 'm', role: 'assistant', content: 'x', provider: 'google', model: 'gem' }],
    }),
    conversation('c'),
  ]);
  t.same(conversationModel(conversation('x')), undefined);
  t.same(conversationModel($conversations.get()[1]!), { provider: 'google', model: 'gem' });
  const unlink = linkPickerToConversations();
  t.teardown(unlink);
  selectConversation('a');
  t.equal($activeProviderId.get(), 'anthropic');
  t.equal($activeModelId.get(), 'claude-old');
  selectConversation('b');
  t.same([$activeProviderId.get(), $activeModelId.get()], ['google', 'gem']);
  $activeModelId.set('gem-pro');
  t.equal(
    conversations.findConversation('b')?.model,
    'gem-pro',
    'a choice in the picker is the conversation’s from then on',
  );
  t.equal(conversations.findConversation('a')?.model, 'claude-old', 'others keep theirs');
  selectConversation('c');
  t.same(
    [$activeProviderId.get(), $activeModelId.get()],
    ['google', 'gem-pro'],
    'a conversation without a model leaves the picker as it is',
  );
});

t.test('Stop is shown only for the conversation that streams', async (t) => {
  $conversations.set([conversation('a'), conversation('b')]);
  $generations.set({ a: { conversationId: 'a', messageId: 'm1' } });
  selectConversation('a');
  t.same($generation.get(), { status: 'streaming', conversationId: 'a', messageId: 'm1' });
  selectConversation('b');
  t.same($generation.get(), { status: 'idle' }, 'b is idle while a streams');
  $generations.set({
    a: { conversationId: 'a', messageId: 'm1' },
    b: { conversationId: 'b', messageId: 'm2' },
  });
  t.equal($generation.get().messageId, 'm2', 'both stream side by side');
});

t.test('a deleted conversation comes back in its place with Undo', async (t) => {
  $conversations.set([conversation('a'), conversation('b'), conversation('c')]);
  selectConversation('b');
  deleteConversationWithUndo('b');
  t.same(
    $conversations.get().map((c) => c.id),
    ['a', 'c'],
  );
  t.equal($activeConversationId.get(), undefined);
  const toast = $toasts.get().at(-1);
  t.equal(toast?.title, 'Conversation deleted');
  t.equal(toast?.description, 'Title b');
  runToastAction(toast!.id);
  t.same(
    $conversations.get().map((c) => c.id),
    ['a', 'b', 'c'],
  );
  t.equal($activeConversationId.get(), 'b', 'and on screen again');
});

t.test('pins, renames and a new chat', async (t) => {
  $conversations.set([conversation('a')]);
  setPinned('a', true);
  t.equal(conversations.findConversation('a')?.pinned, true);
  setPinned('a', false);
  t.notOk('pinned' in conversations.findConversation('a')!);
  conversations.renameConversation('a', '  New name  ');
  t.same(
    [conversations.findConversation('a')?.title, conversations.findConversation('a')?.titleSource],
    ['New name', 'user'],
  );
  conversations.renameConversation('a', '   ');
  t.equal(conversations.findConversation('a')?.title, 'New name', 'blank titles are ignored');
  selectConversation('a');
  newChat();
  t.equal($activeConversationId.get(), undefined);
  t.equal($focusRequest.get(), 'composer');
});

t.test(
  'deleting a conversation while it streams keeps the reply marked stopped for Undo',
  async (t) => {
    $conversations.set([
      conversation('a', {
        messages: [
          { id: 'q', role: 'user', content: 'q' },
          { id: 'r', parentId: 'q', role: 'assistant', content: 'partial' },
        ],
      }),
    ]);
    $generations.set({ a: { conversationId: 'a', messageId: 'r' } });
    deleteConversationWithUndo('a');
    t.same($conversations.get(), []);
    runToastAction($toasts.get().at(-1)!.id);
    t.match(conversations.findConversation('a')?.messages[1], {
      content: 'partial',
      stopped: true,
    });
  },
);

t.test('a search result opens the version it was found in and asks to scroll to it', async (t) => {
  $conversations.set([
    conversation('a', {
      messages: [
        { id: 'q', role: 'user', content: 'q' },
        { id: 'r1', parentId: 'q', role: 'assistant', content: 'old answer' },
        { id: 'r2', parentId: 'q', role: 'assistant', content: 'new answer' },
      ],
      branches: { q: 'r2' },
    }),
  ]);
  openSearchResult('a', 'r1');
  t.equal($activeConversationId.get(), 'a');
  t.same(
    conversations.$activeThread.get().map((m) => m.id),
    ['q', 'r1'],
  );
  t.equal($scrollTarget.get(), 'r1');
});
