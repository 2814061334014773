// The agents store in Node (no IndexedDB: writes are skipped): create, edit, default, duplicate,
// soft delete with undo, the sync's way in (last writer wins), and a new chat from an agent.
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

const agents = await import('../../web/src/features/agents/stores/agents.js');
const { $toasts, runToastAction } = await import('../../web/src/lib/toasts.js');
const { startFromAgent } = await import('../../web/src/features/agents/stores/new-chat.js');
const { $draftAgentId, $draftAgentSettings, adoptDraftAgentSettings } =
  await import('../../web/src/features/chat/stores/agent-settings.js');
const { createConversation, findConversation } =
  await import('../../web/src/features/chat/stores/conversations.js');
const { buildChatRequest } = await import('../../web/src/features/chat/stores/build-request.js');

t.test('create, edit, default, duplicate, delete with undo', async (t) => {
  const changed: string[] = [];
  const stop = agents.onAgentChanged((a) => changed.push(a.id));
  const a = agents.createAgent({ title: 'A' });
  const b = agents.createAgent({ title: 'B' });
  agents.updateAgent(a.id, { systemRole: 'Be kind.' });
  t.equal(agents.findAgent(a.id)?.systemRole, 'Be kind.');
  agents.setDefaultAgent(a.id);
  t.equal(agents.$defaultAgent.get()?.id, a.id);
  agents.setDefaultAgent(b.id);
  t.equal(agents.$defaultAgent.get()?.id, b.id, 'one default at a time');
  t.notOk(agents.findAgent(a.id)?.isDefault);
  const copy = agents.duplicateAgent(a.id)!;
  t.match(copy.title, /^A /);
  t.equal(copy.systemRole, 'Be kind.');
  t.notOk(copy.isDefault);
  t.not(copy.id, a.id);

  agents.deleteAgentWithUndo(b.id);
  t.notOk(agents.findAgent(b.id), 'deleted');
  t.ok(
    agents.$agents.get().find((x) => x.id === b.id)?.deletedAt,
    'kept as a soft delete for the sync',
  );
  t.notOk(agents.$defaultAgent.get(), 'a deleted agent is no default');
  runToastAction($toasts.get().at(-1)!.id);
  t.ok(agents.findAgent(b.id), 'undo brings it back');
  t.equal(agents.$defaultAgent.get()?.id, b.id, 'and it is the default again');
  t.ok(changed.includes(a.id) && changed.includes(b.id), 'local changes are reported');
  stop();
});

t.test('rows from the sync: the later updatedAt wins', async (t) => {
  const a = agents.createAgent({ title: 'Local' });
  agents.putAgentRows([{ id: a.id, title: 'Older', updatedAt: '2000-01-01T00:00:00.000Z' }]);
  t.equal(agents.findAgent(a.id)?.title, 'Local');
  agents.putAgentRows([{ id: a.id, title: 'Newer', updatedAt: '2999-01-01T00:00:00.000Z' }]);
  t.equal(agents.findAgent(a.id)?.title, 'Newer');
  agents.putAgentRows([
    { id: 'remote_1', title: 'From elsewhere', chatConfig: { historyCount: 3 } } as never,
  ]);
  t.equal(agents.findAgent('remote_1')?.chatConfig.historyCount, 3);
  t.equal(agents.findAgent('remote_1')?.chatConfig.searchMode, 'off', 'defaults filled in');
});

t.test('a new chat from an agent takes its settings and remembers it', async (t) => {
  const agent = agents.createAgent({
    title: 'Pirate',
    systemRole: 'Arr.',
    params: { temperature: 0.5, max_tokens: 300, presence_penalty: 0.2 },
    chatConfig: {
      searchMode: 'off',
      displayMode: 'chat',
      historyCount: 4,
      enableHistoryCount: true,
      disableContextCaching: true,
      useModelBuiltinSearch: false,
    },
  });
  startFromAgent(agent);
  t.equal($draftAgentId.get(), agent.id);
  t.equal($draftAgentSettings.get().systemPrompt, 'Arr.');
  const conversation = createConversation('Hi');
  adoptDraftAgentSettings(conversation.id);
  const saved = findConversation(conversation.id)!;
  t.equal(saved.agentId, agent.id);
  t.equal($draftAgentId.get(), undefined, 'the draft is reset');
  const request = buildChatRequest({
    model: 'm',
    history: [{ id: 'u', role: 'user', content: 'Hi' }],
    settings: saved.agent ?? {},
  });
  t.equal(request.temperature, 0.5);
  t.equal(request.max_tokens, 300);
  t.equal(request.presence_penalty, 0.2);
  t.notOk('frequency_penalty' in request);
  t.equal(request.enabledContextCaching, false);
  t.same(request.messages[0], { role: 'system', content: 'Arr.' });
});
