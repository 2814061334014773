// The function-calling loop's store actions in Node: a Map as localStorage, a scripted fetch.
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

const loop = await import('../../web/src/features/tools/stores/tool-loop.js');
const tools = await import('../../web/src/features/tools/stores/tools.js');
const conversations = await import('../../web/src/features/chat/stores/conversations.js');
const { buildChatRequest } = await import('../../web/src/features/chat/stores/build-request.js');
import type { UIMessage } from '../../web/src/features/chat/stores/conversations.js';

const call = (id: string, name: string, args = '{"query":"x"}') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

const manifests = [
  {
    identifier: 'web-search',
    type: 'builtin' as const,
    source: 'builtin' as const,
    meta: { title: 'Web search', description: '' },
    api: [{ name: 'search', description: '' }],
  },
  {
    identifier: 'mcp-everything',
    type: 'mcp' as const,
    source: 'mcp' as const,
    meta: { title: 'everything', description: '' },
    api: [{ name: 'echo', description: '' }],
  },
];
tools.$tools.set({ status: 'ready', tools: manifests });

function setup(messages: UIMessage[]): string {
  const c = conversations.createConversation('t');
  conversations.addMessages(c.id, undefined, messages);
  return c.id;
}

t.test('cutToolResult cuts at 16k characters and says so', async (t) => {
  t.equal(loop.cutToolResult('short'), 'short');
  const cut = loop.cutToolResult('a'.repeat(20_000));
  t.ok(cut.startsWith('a'.repeat(16_000)));
  t.notOk(cut.startsWith('a'.repeat(16_001)));
  t.match(cut, /cut: 16000 of 20000 characters/);
});

t.test('rounds are clamped to 1–50, default 10', async (t) => {
  t.equal(loop.clampToolRounds(undefined), 10);
  t.equal(loop.clampToolRounds(500), 50);
  t.equal(loop.clampToolRounds(0), 1);
});

t.test('the third identical call stops the loop (arguments compared as JSON)', async (t) => {
  const thread: UIMessage[] = [
    { id: 'u', role: 'user', content: 'q' },
    { id: 'a1', role: 'assistant', content: '', toolCalls: [call('c1', 'x____y', '{"a":1}')] },
    { id: 't1', role: 'tool', content: 'r', toolCallId: 'c1' },
    { id: 'a2', role: 'assistant', content: '', toolCalls: [call('c2', 'x____y', '{ "a": 1 }')] },
    { id: 't2', role: 'tool', content: 'r', toolCallId: 'c2' },
  ];
  const third: UIMessage = {
    id: 'a3',
    role: 'assistant',
    content: '',
    toolCalls: [call('c3', 'x____y', '{"a":1}')],
  };
  t.same(loop.checkToolRound([...thread, third], third, 10), {
    reason: 'repeat',
    name: 'x____y',
    times: 3,
  });
  const other: UIMessage = { ...third, toolCalls: [call('c3', 'x____y', '{"a":2}')] };
  t.equal(loop.checkToolRound([...thread, other], other, 10), undefined);
  // an earlier user message starts a new count
  const later = [...thread, { id: 'u2', role: 'user' as const, content: 'again' }, third];
  t.equal(loop.checkToolRound(later, third, 10), undefined);
  // and the round limit
  t.same(loop.checkToolRound([...thread, other], other, 2), { reason: 'rounds', limit: 2 });
});

t.test('a round runs every call in parallel and adds one tool message per call', async (t) => {
  const id = setup([
    { id: 'u', role: 'user', content: 'q' },
    {
      id: 'a',
      role: 'assistant',
      content: '',
      reasoning: 'thinking',
      reasoningSignature: 'sig',
      toolCalls: [
        call('c1', 'web-search____search', '{"query":"manifold"}'),
        call('c2', 'mcp-everything____echo', '{"message":"hi"}'),
      ],
    },
  ]);
  const seen: Array<{ body: Record<string, unknown>; settings: string | null }> = [];
  let inFlight = 0;
  let most = 0;
  tools.setToolSettings('web-search', { region: 'fr' });
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 20));
    inFlight--;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const headers = init.headers as Record<string, string>;
    seen.push({ body, settings: headers['x-manifold-plugin-settings'] ?? null });
    if (body.identifier === 'web-search') {
      const grounding = Buffer.from(
        JSON.stringify({ citations: [{ title: 'M', url: 'https://m.example/' }] }),
      ).toString('base64url');
      return new Response('x'.repeat(17_000), { headers: { 'x-manifold-grounding': grounding } });
    }
    return new Response(
      JSON.stringify({ errorType: 'PluginGatewayError', body: { message: 'boom' } }),
      {
        status: 502,
      },
    );
  }) as typeof fetch;
  const again = await loop.runToolRound(id, 'a', new AbortController().signal, { fetchImpl });
  t.equal(again, true);
  t.equal(most, 2, 'both calls in flight together');
  t.same(seen.map((s) => [s.body.identifier, s.body.apiName]).sort(), [
    ['mcp-everything', 'echo'],
    ['web-search', 'search'],
  ]);
  t.ok(seen.find((s) => s.body.identifier === 'web-search')?.settings);
  const thread = conversations.threadOfConversation(id);
  t.same(
    thread.map((m) => m.role),
    ['user', 'assistant', 'tool', 'tool'],
  );
  const [search, echo] = thread.slice(2);
  t.equal(search!.toolStatus, 'done');
  t.match(search!.content, /was cut/);
  t.equal(echo!.toolStatus, 'error');
  t.equal(echo!.error?.message, 'boom');
  t.same(thread[1]!.grounding?.citations, [{ title: 'M', url: 'https://m.example/' }]);

  const request = buildChatRequest({ model: 'm', history: thread });
  t.same(
    request.messages.map((m) => m.role),
    ['user', 'assistant', 'tool', 'tool'],
  );
  const assistant = request.messages[1] as { reasoning?: { signature?: string } };
  t.equal(assistant.reasoning?.signature, 'sig', 'the reasoning signature goes back');
  t.same(
    request.messages.slice(2).map((m) => (m as { tool_call_id?: string }).tool_call_id),
    ['c1', 'c2'],
  );
  t.match((request.messages[3] as { content: string }).content, /^Error: boom/);
});

t.test('Stop cancels the pending calls and ends the loop', async (t) => {
  const id = setup([
    { id: 'u', role: 'user', content: 'q' },
    { id: 'a', role: 'assistant', content: '', toolCalls: [call('c1', 'mcp-everything____echo')] },
  ]);
  const controller = new AbortController();
  // As fetch does: a signal already aborted rejects at once (under load the abort below can come
  // before the round reaches its fetch), a later abort rejects then.
  const fetchImpl = ((_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const abort = () => reject(new DOMException('Aborted', 'AbortError'));
      if (init.signal?.aborted) abort();
      else init.signal?.addEventListener('abort', abort);
    })) as typeof fetch;
  setTimeout(() => controller.abort(), 20);
  const again = await loop.runToolRound(id, 'a', controller.signal, { fetchImpl });
  t.equal(again, false);
  const tool = conversations.threadOfConversation(id).at(-1)!;
  t.equal(tool.toolStatus, 'error');
  t.equal(tool.stopped, true);
});

t.test('a call repeated a third time is not run', async (t) => {
  const same = '{"message":"again"}';
  const id = setup([
    { id: 'u', role: 'user', content: 'q' },
    {
      id: 'a1',
      role: 'assistant',
      content: '',
      toolCalls: [call('c1', 'mcp-everything____echo', same)],
    },
    { id: 't1', role: 'tool', content: 'again', toolCallId: 'c1', toolStatus: 'done' },
    {
      id: 'a2',
      role: 'assistant',
      content: '',
      toolCalls: [call('c2', 'mcp-everything____echo', same)],
    },
    { id: 't2', role: 'tool', content: 'again', toolCallId: 'c2', toolStatus: 'done' },
    {
      id: 'a3',
      role: 'assistant',
      content: '',
      toolCalls: [call('c3', 'mcp-everything____echo', same)],
    },
  ]);
  let calls = 0;
  const fetchImpl = (async () => {
    calls++;
    return new Response('again');
  }) as typeof fetch;
  const again = await loop.runToolRound(id, 'a3', new AbortController().signal, { fetchImpl });
  t.equal(again, false);
  t.equal(calls, 0);
  const tool = conversations.threadOfConversation(id).at(-1)!;
  t.equal(tool.toolStatus, 'error');
  t.match(tool.error?.message, /3 times/);
});

t.test('the person’s MCP servers and plugins go with requests', async (t) => {
  t.equal(tools.addUserMcpServer({ name: 'My Tools', url: 'ftp://x' }), 'url');
  tools.$userMcpServers.set([{ name: 'my-tools', url: 'https://mcp.example/mcp' }]);
  const header = tools.mcpServersHeader()['x-manifold-mcp-servers']!;
  t.same(JSON.parse(Buffer.from(header, 'base64url').toString()), {
    mcpServers: { 'my-tools': { url: 'https://mcp.example/mcp' } },
  });
  const request = buildChatRequest({
    model: 'm',
    history: [{ id: 'u', role: 'user', content: 'q' }],
    settings: { plugins: ['web-search'] },
  });
  t.same(request.plugins, ['web-search']);
});

t.test('the tools texts have the same keys in English and Chinese', async (t) => {
  const { TOOL_LABELS } = await import('../../web/src/features/tools/labels.js');
  t.same(Object.keys(TOOL_LABELS.zh).sort(), Object.keys(TOOL_LABELS.en).sort());
  for (const [key, value] of Object.entries(TOOL_LABELS.zh)) t.ok(value, `zh ${key}`);
});
