// The sync API's round trips (README "Sync"): each collection is written with PUT (client ids),
// read back by id and in the pull, and deleted softly; a message keeps its reasoning, tool calls
// and results, usage and trace ids. On PGlite, and on PostgreSQL 15 when it is installed.
import t from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';
import { syncClient, TEST_KEY_VAULTS_SECRET } from '../../helpers/sync.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);

const AGENT = {
  title: 'Translator',
  description: 'English ↔ 中文',
  avatar: '🌐',
  tags: ['language'],
  systemRole: 'You translate between English and Chinese.',
  provider: 'openai',
  model: 'gpt-4o-mini',
  params: { temperature: 0.2, top_p: 0.9, max_tokens: 800 },
  plugins: ['web-search'],
  chatConfig: {
    searchMode: 'auto',
    historyCount: 8,
    enableHistoryCount: true,
    disableContextCaching: true,
    searchFCModel: 'openai/gpt-4o-mini',
    useModelBuiltinSearch: false,
  },
  isDefault: true,
};

const ASSISTANT_MESSAGE = {
  conversationId: 'conv-1',
  parentId: 'msg-user',
  role: 'assistant',
  content: 'Let me look that up.',
  reasoning: { content: 'The user wants the weather.', signature: 'sig-1' },
  tools: [
    {
      id: 'call-1',
      identifier: 'web-search',
      apiName: 'search',
      type: 'builtin',
      arguments: '{"query":"weather"}',
    },
  ],
  usage: { totalInputTokens: 12, totalOutputTokens: 30, totalTokens: 42 },
  speed: { ttft: 120, tps: 35 },
  provider: 'openai',
  model: 'gpt-4o-mini',
  traceId: 'trace-1',
  observationId: 'obs-1',
};
const TOOL_MESSAGE = {
  conversationId: 'conv-1',
  parentId: 'msg-assistant',
  role: 'tool',
  content: '{"results":[]}',
  toolCallId: 'call-1',
  plugin: { identifier: 'web-search', apiName: 'search', type: 'builtin', arguments: '{}' },
};

for (const target of [
  { name: 'PGlite', cluster: undefined, skip: false as const },
  { name: 'PostgreSQL 15', cluster, skip: postgresMissing },
]) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const { url } = await startAccountsGateway(t, {
      cluster: target.cluster,
      env: { KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET },
    });
    const ada = syncClient(url, await signUp(url, 'ada@example.com', 'Ada'));

    t.test('agents: put, read, pull, a second default clears the first, delete', async (t) => {
      const put = await ada.put('/webapi/sync/agents/agent-1', {
        ...AGENT,
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      t.equal(put.status, 200);
      t.equal(put.body.applied, true);
      t.match(put.body.item, { id: 'agent-1', ...AGENT, deletedAt: null });
      t.notOk('userId' in put.body.item || 'syncedAt' in put.body.item);
      t.equal(put.body.item.updatedAt, '2026-01-01T00:00:00.000Z');

      const read = await ada.get('/webapi/sync/agents/agent-1');
      t.same(read.body.item, put.body.item);

      const second = await ada.put('/webapi/sync/agents/agent-2', {
        title: 'Plain',
        isDefault: true,
      });
      t.match(second.body.item, {
        title: 'Plain',
        systemRole: '',
        params: {},
        plugins: [],
        chatConfig: {},
        isDefault: true,
      });
      t.equal((await ada.get('/webapi/sync/agents/agent-1')).body.item.isDefault, false);

      t.equal((await ada.del('/webapi/sync/agents/agent-2')).status, 204);
      t.equal((await ada.del('/webapi/sync/agents/agent-2')).status, 204, 'again: no change');
      const { items } = await ada.pullAll('/webapi/sync/agents');
      t.same(
        items.map((item) => [item.id, item.deletedAt === null]),
        [
          ['agent-1', true],
          ['agent-2', false],
        ],
      );
    });

    t.test('conversations and messages with reasoning, tools, results, usage', async (t) => {
      const conversation = await ada.put('/webapi/sync/conversations/conv-1', {
        title: 'Weather',
        agentId: 'agent-1',
        provider: 'openai',
        model: 'gpt-4o-mini',
        pinned: true,
        summary: 'They talked about the weather.',
        summaryThrough: 'msg-user',
        summaryUpdatedAt: '2026-01-02T00:00:00.000Z',
      });
      t.equal(conversation.status, 200);
      t.match(conversation.body.item, { id: 'conv-1', pinned: true, summaryThrough: 'msg-user' });

      const user = await ada.put('/webapi/sync/messages/msg-user', {
        conversationId: 'conv-1',
        role: 'user',
        content: 'Weather in Paris?',
        imageList: [{ url: 'https://example.com/a.png', alt: 'a' }],
      });
      t.equal(user.status, 200);
      const assistant = await ada.put('/webapi/sync/messages/msg-assistant', ASSISTANT_MESSAGE);
      t.equal(assistant.status, 200);
      t.match(assistant.body.item, { id: 'msg-assistant', ...ASSISTANT_MESSAGE });
      const tool = await ada.put('/webapi/sync/messages/msg-tool', TOOL_MESSAGE);
      t.match(tool.body.item, TOOL_MESSAGE);
      // another version of the answer: a sibling under the same parent
      await ada.put('/webapi/sync/messages/msg-assistant-2', {
        ...ASSISTANT_MESSAGE,
        content: 'Second version',
      });
      const siblings = (await ada.get('/webapi/sync/messages?conversationId=conv-1')).body.items
        .filter((item: any) => item.parentId === 'msg-user')
        .map((item: any) => item.id)
        .sort();
      t.same(siblings, ['msg-assistant', 'msg-assistant-2']);

      const unknown = await ada.put('/webapi/sync/messages/msg-x', {
        conversationId: 'no-such-conversation',
        role: 'user',
      });
      t.equal(unknown.status, 404);
      t.match(unknown.body, { errorType: 404, body: { field: 'conversationId' } });

      t.equal((await ada.del('/webapi/sync/conversations/conv-1')).status, 204);
      const messages = (await ada.get('/webapi/sync/messages?conversationId=conv-1')).body.items;
      t.equal(messages.length, 4);
      t.ok(
        messages.every((item: any) => typeof item.deletedAt === 'string'),
        'deleting a conversation deletes its messages',
      );
    });

    t.test('key vaults: put, pull, read, delete forgets the key', async (t) => {
      const put = await ada.put('/webapi/sync/key-vaults/openai', {
        vault: { apiKey: 'sk-ada-secret', baseURL: 'https://proxy.example.com/v1' },
      });
      t.equal(put.status, 200);
      t.same(put.body.item.vault, {
        apiKey: 'sk-ada-secret',
        baseURL: 'https://proxy.example.com/v1',
      });
      t.equal(put.body.item.provider, 'openai');
      t.notOk('ciphertext' in put.body.item);
      const pulled = await ada.get('/webapi/sync/key-vaults');
      t.same(
        pulled.body.items.map((item: any) => item.vault),
        [put.body.item.vault],
      );
      t.equal((await ada.del('/webapi/sync/key-vaults/openai')).status, 204);
      const read = await ada.get('/webapi/sync/key-vaults/openai');
      t.equal(read.body.item.vault, null);
      t.type(read.body.item.deletedAt, 'string');
    });

    t.test('settings: one document per person', async (t) => {
      t.same((await ada.get('/webapi/sync/settings')).body.items, []);
      const put = await ada.put('/webapi/sync/settings', {
        data: { language: 'zh-CN', theme: 'dark' },
      });
      t.equal(put.status, 200);
      t.same(put.body.item.data, { language: 'zh-CN', theme: 'dark' });
      const pulled = await ada.get('/webapi/sync/settings');
      t.same(
        pulled.body.items.map((item: any) => item.data),
        [{ language: 'zh-CN', theme: 'dark' }],
      );
      t.equal((await ada.del('/webapi/sync/settings')).status, 204);
      t.type((await ada.get('/webapi/sync/settings')).body.items[0].deletedAt, 'string');
    });
  });
}
