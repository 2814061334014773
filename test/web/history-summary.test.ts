import t from 'tap';
import {
  historyAfterSummary,
  planSummary,
  recentStart,
  summaryBlock,
  summaryRequest,
  systemWithSummary,
  transcriptOf,
} from '../../web/src/features/agents/stores/history-summary.js';
import { buildChatRequest } from '../../web/src/features/chat/stores/build-request.js';
import type { UIMessage } from '../../web/src/features/chat/stores/conversations.js';
import {
  normalizeAgent,
  settingsOfAgent,
  toAgentBody,
} from '../../web/src/features/agents/stores/agent-model.js';

const user = (id: string, content = `q${id}`): UIMessage => ({ id, role: 'user', content });
const reply = (id: string, content = `a${id}`): UIMessage => ({ id, role: 'assistant', content });
const call = (id: string, name: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{"q":"x"}' },
});

const turns = (n: number): UIMessage[] =>
  Array.from({ length: n }, (_, i) => [user(`u${i}`), reply(`a${i}`)]).flat();

t.test('messages older than the limit are summarised, the recent ones are not', async (t) => {
  const thread = [...turns(3), user('u3')]; // 7 messages
  t.equal(recentStart(thread, 2), 5);
  const plan = planSummary(thread, 2);
  t.ok(plan);
  t.same(
    plan!.messages.map((m) => m.id),
    ['u0', 'a0', 'u1', 'a1', 'u2'],
  );
  t.equal(plan!.throughId, 'u2');
  t.equal(plan!.covered, 5);
  t.equal(planSummary(turns(1), 2), undefined, 'within the limit: nothing to summarise');
});

t.test(
  'a summary that covers exactly the older messages is kept; an older one is extended',
  async (t) => {
    const thread = [...turns(3), user('u3')];
    t.equal(planSummary(thread, 2, { text: 'S', throughId: 'u2' }), undefined);
    const plan = planSummary(thread, 2, { text: 'old summary', throughId: 'a0' });
    t.same(
      plan!.messages.map((m) => m.id),
      ['u1', 'a1', 'u2'],
    );
    t.equal(plan!.previous, 'old summary');
    const request = summaryRequest('cheap', plan!);
    const content = String(request.messages[1]!.content);
    t.match(content, /<previous_summary>\nold summary\n<\/previous_summary>/);
    t.equal(request.model, 'cheap');
    t.equal(request.stream, false);
    t.ok((request.max_tokens ?? 0) <= 1000, 'a few hundred tokens');
    t.match(String(request.messages[0]!.content), /language of the conversation/);
    // a summary of another version (its message is not in the thread) is replaced
    const other = planSummary(thread, 2, { text: 'x', throughId: 'gone' });
    t.same(other!.messages.length, 5);
    t.notOk(other!.previous);
  },
);

t.test('an assistant tool call and its results are never split', async (t) => {
  const thread: UIMessage[] = [
    user('u0'),
    reply('a0'),
    user('u1', 'Weather?'),
    {
      id: 'c1',
      role: 'assistant',
      content: '',
      toolCalls: [call('k1', 'w____now'), call('k2', 'w____week')],
    },
    {
      id: 't1',
      role: 'tool',
      content: 'sunny',
      toolCallId: 'k1',
      toolName: 'w____now',
      toolStatus: 'done',
    },
    {
      id: 't2',
      role: 'tool',
      content: 'rain',
      toolCallId: 'k2',
      toolName: 'w____week',
      toolStatus: 'done',
    },
    reply('a1', 'Sunny now, rain later.'),
    user('u2'),
  ];
  // the last 3 would start at t2 (a result): moved back to the assistant that called
  t.equal(recentStart(thread, 3), 3);
  const plan = planSummary(thread, 3)!;
  t.same(
    plan.messages.map((m) => m.id),
    ['u0', 'a0', 'u1'],
  );
  // with a limit that puts the call and results on the older side, all go together
  const plan2 = planSummary(thread, 2)!;
  t.same(
    plan2.messages.map((m) => m.id),
    ['u0', 'a0', 'u1', 'c1', 't1', 't2'],
  );
  const text = transcriptOf(plan2.messages);
  t.match(text, /Assistant called tool w____now with/);
  t.match(text, /Tool w____now result: sunny/);
  t.ok(
    text.indexOf('called tool w____week') < text.indexOf('Tool w____now result'),
    'calls before their results',
  );
  // the recent part never starts with an orphan result
  const after = historyAfterSummary(thread, { text: 'S', throughId: 'c1' })!;
  t.equal(after[0]!.id, 'a1');
});

t.test(
  'the request carries the summary block in the system message and only the recent messages',
  async (t) => {
    const thread = [...turns(3), user('u3')];
    const request = buildChatRequest({
      model: 'm',
      history: thread,
      settings: { systemPrompt: 'Be brief.', historyCountEnabled: true, historyCount: 2 },
      summary: { text: 'They talked about cats.', throughId: 'u2' },
    });
    t.same(request.messages[0], {
      role: 'system',
      content: `Be brief.\n\n${summaryBlock('They talked about cats.')}`,
    });
    t.same(
      request.messages.slice(1).map((m) => m.content),
      ['aa2', 'qu3'],
    );
    t.equal(systemWithSummary('', 'S'), '<chat_history_summary>\nS\n</chat_history_summary>');
    // history limit off: the summary is not used
    const off = buildChatRequest({
      model: 'm',
      history: thread,
      settings: { historyCountEnabled: false },
      summary: { text: 'S', throughId: 'u2' },
    });
    t.equal(off.messages.length, 7);
    t.notOk(off.messages.some((m) => m.role === 'system'));
  },
);

t.test('an agent keeps the sync API shape and gives the conversation its settings', async (t) => {
  const agent = normalizeAgent({
    id: 'agent_1',
    title: 'Pirate',
    systemRole: 'Arr.',
    params: { temperature: 0.4 },
    chatConfig: { historyCount: 2, enableHistoryCount: true, searchMode: 'auto' },
  });
  t.equal(agent.chatConfig.displayMode, 'chat');
  const settings = settingsOfAgent(agent);
  t.equal(settings.systemPrompt, 'Arr.');
  t.equal(settings.temperatureEnabled, true);
  t.equal(settings.temperature, 0.4);
  t.equal(settings.topPEnabled, false);
  t.equal(settings.historyCountEnabled, true);
  t.equal(settings.historyCount, 2);
  t.equal(settings.search, true);
  const body = toAgentBody({ ...agent, builtin: true });
  t.notOk('builtin' in body);
  t.equal(body.chatConfig?.historyCount, 2);
});
