import t from 'tap';
import {
  dateGroupOf,
  groupConversations,
  searchConversations,
  snippetAround,
} from '../../web/src/features/chat/stores/conversation-list.js';
import type { Conversation } from '../../web/src/features/chat/stores/conversations.js';

const DAY = 24 * 60 * 60 * 1000;
// Noon, so "the same calendar day" holds in any time zone the tests run in.
const now = new Date(2026, 10, 24, 12, 0, 0).getTime();

const conversation = (id: string, extra: Partial<Conversation> = {}): Conversation => ({
  id,
  title: id,
  createdAt: now,
  messages: [],
  ...extra,
});

t.test('search finds titles and message texts, every version included', async (t) => {
  const all = [
    conversation('Trip to Lisbon', {
      messages: [
        { id: 'm1', role: 'user', content: 'Where should I eat?' },
        { id: 'm2', role: 'assistant', content: 'Try the pastéis de nata at Belém.' },
      ],
    }),
    conversation('Rust lifetimes', {
      messages: [{ id: 'm3', role: 'assistant', content: 'An old version about Belém too.' }],
    }),
    conversation('Other'),
  ];
  t.same(
    searchConversations(all, '').map((i) => i.conversation.id),
    ['Trip to Lisbon', 'Rust lifetimes', 'Other'],
    'an empty search lists everything',
  );
  const byTitle = searchConversations(all, '  LISBON ');
  t.same(byTitle, [{ conversation: all[0] }], 'titles match case-insensitively, without a snippet');
  const byText = searchConversations(all, 'belém');
  t.same(
    byText.map((i) => [i.conversation.id, i.match?.messageId, i.match?.match]),
    [
      ['Trip to Lisbon', 'm2', 'Belém'],
      ['Rust lifetimes', 'm3', 'Belém'],
    ],
  );
  t.same(searchConversations(all, 'nothing like this'), []);
});

t.test('a snippet shows words around the match, cut at spaces, with ellipses', async (t) => {
  const text = `${'word '.repeat(20)}needle ${'tail '.repeat(20)}`.trim();
  const at = text.indexOf('needle');
  const s = snippetAround(text, at, 6, 12);
  t.equal(s.match, 'needle');
  t.match(s.before, /^…(word )+$/);
  t.match(s.after, /^( tail)+…$/);
  t.same(snippetAround('short needle', 6, 6), { before: 'short ', match: 'needle', after: '' });
  t.equal(snippetAround('a\n\nneedle', 3, 6).before, 'a ', 'line breaks are flattened');
});

t.test('date groups follow calendar days', async (t) => {
  t.same(dateGroupOf(now - 60_000, now), { kind: 'today' });
  t.same(dateGroupOf(now - DAY, now), { kind: 'yesterday' });
  t.same(dateGroupOf(now - 3 * DAY, now), { kind: 'previous7Days' });
  t.same(dateGroupOf(now - 20 * DAY, now), { kind: 'previous30Days' });
  t.same(dateGroupOf(new Date(2026, 3, 2).getTime(), now), {
    kind: 'month',
    year: 2026,
    month: 3,
  });
});

t.test('pinned conversations come first, then date groups, newest first', async (t) => {
  const items = [
    conversation('old', { createdAt: now - 40 * DAY }),
    conversation('today-early', { createdAt: now - 2 * 60 * 60 * 1000 }),
    conversation('pinned-old', { createdAt: now - 90 * DAY, pinned: true }),
    conversation('today-late', { createdAt: now - DAY, updatedAt: now - 60_000 }),
    conversation('yesterday', { createdAt: now - DAY }),
  ].map((c) => ({ conversation: c }));
  const groups = groupConversations(items, now);
  t.same(
    groups.map((g) => [g.key, g.items.map((i) => i.conversation.id)]),
    [
      ['pinned', ['pinned-old']],
      ['today', ['today-late', 'today-early']],
      ['yesterday', ['yesterday']],
      ['2026-10', ['old']],
    ],
    'updatedAt (the last message) orders and groups a conversation',
  );
});
