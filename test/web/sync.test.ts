// The account and sync stores in Node (issue 15): the app's conversations as sync rows and back
// (checked against the contract's schemas), merging pulled messages, the export document, and the
// sync engine against an in-memory fake of the gateway's sync API (push on change, pull with the
// cursor, deletes both ways, last writer wins, the first-sign-in offer, sign-out clearing the copy).
import t from 'tap';
import { Value } from 'typebox/value';
import {
  AgentBodySchema,
  ConversationBodySchema,
  ExportDocumentSchema,
  MessageBodySchema,
} from '@manifold/core/contract/sync';

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

const map = await import('../../web/src/features/sync/map.js');
const { ACCOUNT_LABELS } = await import('../../web/src/features/account/labels.js');
import type { Conversation, UIMessage } from '../../web/src/features/chat/stores/conversations.js';

const question: UIMessage = {
  id: 'msg_q',
  role: 'user',
  content: 'Weather in Paris?',
  createdAt: Date.parse('2026-11-24T10:00:00Z'),
  imageList: [{ url: 'data:image/png;base64,AA==', alt: 'a.png' }],
};
const call: UIMessage = {
  id: 'msg_a',
  parentId: 'msg_q',
  role: 'assistant',
  content: '',
  createdAt: Date.parse('2026-11-24T10:00:01Z'),
  reasoning: 'Look it up.',
  reasoningSignature: 'sig',
  toolCalls: [
    {
      id: 'call_1',
      type: 'function',
      index: 0,
      function: { name: 'weather____today', arguments: '{"city":"Paris"}' },
    },
  ],
  provider: 'openai',
  model: 'gpt-5',
  usage: { totalInputTokens: 10, totalOutputTokens: 5, totalTokens: 15 },
};
const result: UIMessage = {
  id: 'msg_t',
  parentId: 'msg_a',
  role: 'tool',
  content: 'Sunny',
  createdAt: Date.parse('2026-11-24T10:00:02Z'),
  toolCallId: 'call_1',
  toolName: 'weather____today',
  identifier: 'weather',
  apiName: 'today',
  toolStatus: 'done',
};
const stopped: UIMessage = {
  id: 'msg_s',
  parentId: 'msg_t',
  role: 'assistant',
  content: 'Sunny and',
  createdAt: Date.parse('2026-11-24T10:00:03Z'),
  stopped: true,
};
const conversation: Conversation = {
  id: 'conv_1',
  title: 'Paris',
  titleSource: 'user',
  createdAt: Date.parse('2026-11-24T10:00:00Z'),
  updatedAt: Date.parse('2026-11-24T10:00:03Z'),
  pinned: true,
  provider: 'openai',
  model: 'gpt-5',
  messages: [question, call, result, stopped],
  branches: {},
};

t.test('labels: en and zh have the same keys, none empty', async (t) => {
  t.same(Object.keys(ACCOUNT_LABELS.zh).sort(), Object.keys(ACCOUNT_LABELS.en).sort());
  for (const [key, text] of Object.entries(ACCOUNT_LABELS.zh)) t.ok(text, `zh ${key}`);
});

t.test('rows: what a PUT sends matches the contract, and comes back the same', async (t) => {
  const body = map.conversationBody(conversation);
  t.ok(Value.Check(ConversationBodySchema, body), 'conversation body fits the schema');
  t.match(body, { id: 'conv_1', title: 'Paris', pinned: true, provider: 'openai' });
  for (const message of conversation.messages) {
    const row = map.messageBody(conversation.id, message);
    t.ok(Value.Check(MessageBodySchema, row), `${message.id} fits the schema`);
    t.same(map.messageFromRow(row), message, `${message.id} comes back as it was`);
  }
  const back = map.conversationFromRow(body, undefined);
  t.match(back, { id: 'conv_1', title: 'Paris', pinned: true, provider: 'openai', model: 'gpt-5' });
  t.same(back.messages, [], 'a new conversation from a row starts without messages');
  const local = { ...conversation, agent: { systemRole: 'be brief' } } as Conversation;
  const renamed = map.conversationFromRow({ ...body, title: 'Lyon', pinned: false }, local);
  t.equal(renamed.title, 'Lyon');
  t.notOk(renamed.pinned, 'unpinned');
  t.same(renamed.messages, local.messages, 'local messages are kept');
  t.same((renamed as Conversation & { agent: unknown }).agent, { systemRole: 'be brief' });
});

t.test('an agent as the sync engine PUTs it fits the contract', async (t) => {
  const { blankAgent, toAgentBody, settingsOfAgent } =
    await import('../../web/src/features/agents/stores/agent-model.js');
  const agent = {
    ...blankAgent('agent_1', '2026-11-24T10:00:00.000Z', 'Translator'),
    systemRole: 'Translate to French.',
    plugins: ['web-search'],
  };
  const body = toAgentBody(agent);
  t.ok(
    Value.Check(AgentBodySchema, body),
    [...Value.Errors(AgentBodySchema, body)]
      .map((e) => `${e.instancePath} ${e.message}`)
      .join('; ') || 'agent body fits the schema',
  );
  t.match(body, { id: 'agent_1', title: 'Translator', systemRole: 'Translate to French.' });
  t.same(settingsOfAgent(agent).plugins, ['web-search'], "the agent's tools are on in its chats");
});

t.test('mergeMessages: replaces, adds in creation order, deletes', async (t) => {
  const base = { ...conversation, messages: [question, result] };
  const edited = { ...question, content: 'Weather in Lyon?' };
  const merged = map.mergeMessages(base, [call, edited], new Set(['msg_t']));
  t.same(
    merged.messages.map((m) => m.id),
    ['msg_q', 'msg_a'],
  );
  t.equal(merged.messages[0]!.content, 'Weather in Lyon?');
  t.equal(map.mergeMessages(base, [], new Set()), base, 'nothing to merge: the same object');
});

t.test('fingerprints change with a row, not with the conversation’s recency', async (t) => {
  const a = map.fingerprints([conversation]);
  const b = map.fingerprints([{ ...conversation, updatedAt: Date.now() }]);
  t.same([...a], [...b]);
  const c = map.fingerprints([{ ...conversation, title: 'Other' }]);
  t.not(c.get('c:conv_1'), a.get('c:conv_1'));
  t.equal(c.get('m:msg_q'), a.get('m:msg_q'));
});

t.test('the export document of this browser fits the contract and reads back', async (t) => {
  const document = map.exportOf([conversation], { settings: { data: { providers: {} } } });
  t.ok(Value.Check(ExportDocumentSchema, document), 'an export document');
  const [back] = map.conversationsOf(document);
  t.same(back!.messages, conversation.messages);
  t.match(back, { id: 'conv_1', title: 'Paris', pinned: true });
});

// ---- the sync engine against a fake sync API -----------------------------------------------

interface FakeRow {
  id: string;
  synced: number;
  updatedAt: string;
  deletedAt?: string | null;
  [field: string]: unknown;
}

/** The sync API in memory: one person, cursors are write counters. */
function fakeServer() {
  let clock = 0;
  const tables: Record<string, Map<string, FakeRow>> = {
    conversations: new Map(),
    messages: new Map(),
    settings: new Map(),
  };
  const requests: string[] = [];
  const write = (table: string, id: string, body: Record<string, unknown>) => {
    const rows = tables[table]!;
    const old = rows.get(id);
    const updatedAt = (body.updatedAt as string | undefined) ?? new Date().toISOString();
    if (old && old.updatedAt > updatedAt) return { item: strip(old), applied: false };
    const row: FakeRow = {
      ...body,
      id,
      updatedAt,
      deletedAt: (body.deletedAt as string | null | undefined) ?? null,
      synced: ++clock,
    };
    rows.set(id, row);
    return { item: strip(row), applied: true };
  };
  const strip = ({ synced: _s, ...row }: FakeRow) => row;
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const match = /^\/webapi\/sync\/([a-z-]+)(?:\/(.+))?$/.exec(url.pathname);
    if (!match) return json(404, { errorType: 404, body: { message: 'no route' } });
    const [, collection, id] = match as unknown as [string, string, string | undefined];
    if (collection === 'key-vaults') return json(503, { errorType: 503, body: {} });
    const table = tables[collection]!;
    if (method === 'GET') {
      const since = Number(url.searchParams.get('since') ?? 0);
      const items = [...table.values()]
        .filter((r) => r.synced > since)
        .sort((a, b) => a.synced - b.synced);
      return json(200, {
        items: items.map(strip),
        next: items.length ? String(items.at(-1)!.synced) : url.searchParams.get('since'),
        more: false,
      });
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return json(200, write(collection, id ?? 'me', body));
    }
    if (method === 'DELETE') {
      const row = table.get(id!);
      if (!row) return json(404, { errorType: 404, body: { message: 'none' } });
      const now = new Date().toISOString();
      table.set(id!, { ...row, deletedAt: now, updatedAt: now, synced: ++clock });
      if (collection === 'conversations')
        for (const message of tables.messages!.values())
          if (message.conversationId === id && !message.deletedAt)
            tables.messages!.set(message.id, { ...message, deletedAt: now, synced: ++clock });
      return json(204);
    }
    return json(405);
  };
  return { fetch, tables, requests, write };
}

t.test('the sync engine', async (t) => {
  const server = fakeServer();
  const realFetch = globalThis.fetch;
  globalThis.fetch = server.fetch as typeof globalThis.fetch;
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });
  const conversations = await import('../../web/src/features/chat/stores/conversations.js');
  const account = await import('../../web/src/features/account/stores/account.js');
  const sync = await import('../../web/src/features/sync/stores/sync.js');
  const { $conversations, $conversationsLoaded } = conversations;
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    t.ok(check(), what);
  };

  // a browser that holds a conversation made signed out
  $conversations.set([{ ...conversation }]);
  $conversationsLoaded.set(true);
  sync.startSync();
  account.$session.set({ status: 'ready', user: { id: 'u1', email: 'a@b.c', name: 'Ada' } });
  await until(
    () => sync.$importOffer.get() === 1,
    'the first sign-in offers to upload 1 conversation',
  );
  t.equal(server.requests.length, 0, 'nothing is sent before the answer');

  await sync.resolveImportOffer(true);
  await until(
    () => server.tables.messages!.size === 4,
    'upload: the conversation and its 4 messages',
  );
  await until(() => sync.$syncStatus.get() === 'synced', 'synced');
  t.equal(server.tables.conversations!.get('conv_1')?.title, 'Paris');

  await t.test('a local rename is pushed once', async (t) => {
    server.requests.length = 0;
    conversations.renameConversation('conv_1', 'Paris trip');
    await until(() => server.tables.conversations!.get('conv_1')?.title === 'Paris trip', 'pushed');
    await sync.syncNow();
    t.same(
      server.requests.filter((r) => r.startsWith('PUT')),
      ['PUT /webapi/sync/conversations/conv_1'],
      'only the conversation row, once',
    );
  });

  await t.test('the server’s changes are pulled', async (t) => {
    const later = new Date(Date.now() + 1000).toISOString();
    server.write('conversations', 'conv_2', {
      title: 'From the phone',
      pinned: false,
      updatedAt: later,
    });
    server.write('messages', 'msg_p', {
      conversationId: 'conv_2',
      role: 'user',
      content: 'Hello from the phone',
      createdAt: later,
      updatedAt: later,
    });
    server.write('conversations', 'conv_1', { title: 'Renamed elsewhere', updatedAt: later });
    server.requests.length = 0;
    await sync.syncNow();
    const all = $conversations.get();
    t.equal(all.find((c) => c.id === 'conv_1')?.title, 'Renamed elsewhere');
    t.same(
      all.find((c) => c.id === 'conv_2')?.messages.map((m) => m.content),
      ['Hello from the phone'],
    );
    t.notOk(
      server.requests.some((r) => r.startsWith('PUT')),
      'what was pulled is not sent back',
    );
  });

  await t.test('deletes travel both ways', async (t) => {
    conversations.deleteMessage('conv_1', 'msg_s');
    conversations.deleteConversation('conv_2');
    await sync.syncNow();
    t.ok(server.tables.messages!.get('msg_s')?.deletedAt, 'a deleted message is deleted there');
    t.ok(server.tables.conversations!.get('conv_2')?.deletedAt, 'a deleted conversation too');
    t.ok(server.tables.messages!.get('msg_p')?.deletedAt, 'with its messages');
    const now = new Date(Date.now() + 2000).toISOString();
    server.write('messages', 'msg_t', {
      ...server.tables.messages!.get('msg_t'),
      deletedAt: now,
      updatedAt: now,
    });
    await sync.syncNow();
    t.notOk(
      $conversations.get()[0]!.messages.some((m) => m.id === 'msg_t'),
      'a message deleted elsewhere goes here',
    );
  });

  await t.test('a write refused as older takes the server’s row', async (t) => {
    const future = new Date(Date.now() + 60_000).toISOString();
    server.write('conversations', 'conv_1', { title: 'Newer there', updatedAt: future });
    conversations.renameConversation('conv_1', 'Older here');
    await sync.syncNow();
    t.equal($conversations.get().find((c) => c.id === 'conv_1')?.title, 'Newer there');
  });

  await t.test('rows for a conversation that is streaming wait for the next pull', async (t) => {
    const { $generations } = await import('../../web/src/features/chat/stores/generation.js');
    const later = new Date(Date.now() + 120_000).toISOString();
    server.write('messages', 'msg_w', {
      conversationId: 'conv_1',
      role: 'user',
      content: 'Written elsewhere meanwhile',
      createdAt: later,
      updatedAt: later,
    });
    $generations.set({ conv_1: { conversationId: 'conv_1', messageId: 'msg_a' } });
    await sync.syncNow();
    const has = () =>
      $conversations
        .get()
        .find((c) => c.id === 'conv_1')!
        .messages.some((m) => m.id === 'msg_w');
    t.notOk(has(), 'not while the reply streams');
    $generations.set({});
    await sync.syncNow();
    t.ok(has(), 'applied on the next pull');
  });

  await t.test('signing out clears the account’s copy', async (t) => {
    await account.signOut();
    t.equal(sync.$syncStatus.get(), 'off');
    t.same($conversations.get(), [], 'no account data left in the browser');
  });
});
