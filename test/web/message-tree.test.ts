import t from 'tap';
import {
  addChain,
  appendToThread,
  chooseVersion,
  deleteFromTree,
  showPathTo,
  threadOf,
  upgradeLinear,
  versionsInThread,
  versionsOf,
  type TreeMessage,
} from '../../web/src/features/chat/stores/message-tree.js';

interface M extends TreeMessage {
  text?: string;
}
interface C {
  messages: M[];
  branches?: Record<string, string>;
}

const ids = (c: C) => threadOf(c).map((m) => m.id);

/** q1 → a1; q1 answered again (a2); the thread shows a2 then q2 → a3 under it. */
function forked(): C {
  let c: C = { messages: [], branches: {} };
  c = appendToThread(c, [
    { id: 'q1', role: 'user' },
    { id: 'a1', role: 'assistant' },
  ]);
  c = addChain(c, 'q1', [{ id: 'a2', role: 'assistant' }]);
  c = appendToThread(c, [
    { id: 'q2', role: 'user' },
    { id: 'a3', role: 'assistant' },
  ]);
  return c;
}

t.test('appending chains messages after the last one of the thread', async (t) => {
  let c: C = { messages: [], branches: {} };
  c = appendToThread(c, [{ id: 'q1', role: 'user' }]);
  c = appendToThread(c, [{ id: 'a1', role: 'assistant' }]);
  t.same(ids(c), ['q1', 'a1']);
  t.equal(c.messages[1]?.parentId, 'q1');
  t.notOk('parentId' in c.messages[0]!, 'a first message has no parent');
});

t.test(
  'a regenerated reply is a new version; the thread shows it, the old one stays',
  async (t) => {
    const c = forked();
    t.same(ids(c), ['q1', 'a2', 'q2', 'a3']);
    t.same(versionsOf(c.messages, 'a2'), { ids: ['a1', 'a2'], index: 1 });
    const back = chooseVersion(c, 'a1');
    t.same(ids(back), ['q1', 'a1'], 'the old version comes back without what followed a2');
    t.same(ids(chooseVersion(back, 'a2')), ['q1', 'a2', 'q2', 'a3'], 'and a2 brings its messages');
  },
);

t.test('versionsInThread gives the pager of each message with versions', async (t) => {
  const c = forked();
  const info = versionsInThread(c.messages, threadOf(c));
  t.same(info.get('a2'), { index: 1, count: 2, previousId: 'a1' });
  t.notOk(info.has('q1'), 'a message without other versions has no pager');
  t.same(versionsInThread(c.messages, threadOf(chooseVersion(c, 'a1'))).get('a1'), {
    index: 0,
    count: 2,
    nextId: 'a2',
  });
});

t.test('an edited question is a version of the question (same parent, same role)', async (t) => {
  let c = forked();
  c = addChain(c, 'a2', [
    { id: 'q2b', role: 'user' },
    { id: 'a4', role: 'assistant' },
  ]);
  t.same(ids(c), ['q1', 'a2', 'q2b', 'a4']);
  t.same(versionsOf(c.messages, 'q2b').ids, ['q2', 'q2b']);
});

t.test('deleting a version drops what followed it and shows the version before', async (t) => {
  const c = deleteFromTree(forked(), 'a2');
  t.same(ids(c), ['q1', 'a1']);
  t.same(
    c.messages.map((m) => m.id),
    ['q1', 'a1'],
    'q2 and a3 belonged to a2',
  );
});

t.test('deleting a message without versions keeps what followed it', async (t) => {
  let c: C = { messages: [], branches: {} };
  c = appendToThread(c, [
    { id: 'q1', role: 'user' },
    { id: 'a1', role: 'assistant' },
    { id: 'q2', role: 'user' },
    { id: 'a2', role: 'assistant' },
  ]);
  const d = deleteFromTree(c, 'a1');
  t.same(ids(d), ['q1', 'q2', 'a2']);
  t.equal(d.messages.find((m) => m.id === 'q2')?.parentId, 'q1');
  t.same(ids(deleteFromTree(c, 'q1')), ['a1', 'q2', 'a2'], 'a first message can go');
});

t.test('deleting an assistant message takes its tool results with it', async (t) => {
  let c: C = { messages: [], branches: {} };
  c = appendToThread(c, [
    { id: 'q1', role: 'user' },
    { id: 'a1', role: 'assistant' },
    { id: 't1', role: 'tool' },
    { id: 't2', role: 'tool' },
    { id: 'q2', role: 'user' },
  ]);
  const d = deleteFromTree(c, 'a1');
  t.same(ids(d), ['q1', 'q2']);
});

t.test('stored linear conversations become chains; a cycle does not hang', async (t) => {
  const up = upgradeLinear<M, C>({
    messages: [
      { id: 'a', role: 'user' },
      { id: 'b', role: 'assistant' },
      { id: 'c', role: 'user' },
    ],
  });
  t.same(ids(up), ['a', 'b', 'c']);
  t.same(up.branches, {});
  t.equal(upgradeLinear(up), up, 'an upgraded conversation is kept as it is');
  const cycle: C = {
    messages: [
      { id: 'x', role: 'user', parentId: 'y' },
      { id: 'y', role: 'assistant', parentId: 'x' },
      { id: 'r', role: 'user' },
    ],
  };
  t.same(ids(cycle), ['r']);
});

t.test('showPathTo chooses the versions leading to a message', async (t) => {
  let c = forked();
  c = addChain(c, 'a2', [
    { id: 'q2b', role: 'user' },
    { id: 'a4', role: 'assistant' },
  ]);
  const back = chooseVersion(c, 'a1');
  t.same(ids(back), ['q1', 'a1']);
  t.same(ids(showPathTo(back, 'a3')), ['q1', 'a2', 'q2', 'a3'], 'a3 sits under a2 and q2');
  t.same(ids(showPathTo(back, 'a4')), ['q1', 'a2', 'q2b', 'a4']);
  t.equal(showPathTo(back, 'missing'), back);
});
