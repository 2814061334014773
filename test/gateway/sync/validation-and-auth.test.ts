// What the sync API refuses (README "Sync"): bodies that do not match their TypeBox schema are a
// 400 BadRequest naming the field (CONTRACT §7), and every route needs a session or an API key
// (401 InvalidAccessCode signed out, even with ACCOUNTS=on). The built-in agents are the same for
// everyone and answer signed out as well, also without accounts.
import t from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { NO_PROVIDERS } from '../../helpers/paths.js';
import { syncClient, TEST_KEY_VAULTS_SECRET } from '../../helpers/sync.js';

const { url } = await startAccountsGateway(t, {
  env: { KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET },
});
const ada = syncClient(url, await signUp(url, 'ada@example.com', 'Ada'));
await ada.put('/webapi/sync/conversations/c1', { title: 'chat' });

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/webapi/sync/agents'],
  ['GET', '/webapi/sync/agents/a1'],
  ['PUT', '/webapi/sync/agents/a1', { title: 'x' }],
  ['DELETE', '/webapi/sync/agents/a1'],
  ['GET', '/webapi/sync/conversations'],
  ['GET', '/webapi/sync/conversations/c1'],
  ['PUT', '/webapi/sync/conversations/c1', { title: 'x' }],
  ['DELETE', '/webapi/sync/conversations/c1'],
  ['GET', '/webapi/sync/messages'],
  ['GET', '/webapi/sync/messages/m1'],
  ['PUT', '/webapi/sync/messages/m1', { conversationId: 'c1', role: 'user' }],
  ['DELETE', '/webapi/sync/messages/m1'],
  ['GET', '/webapi/sync/key-vaults'],
  ['GET', '/webapi/sync/key-vaults/openai'],
  ['PUT', '/webapi/sync/key-vaults/openai', { vault: { apiKey: 'sk-x' } }],
  ['DELETE', '/webapi/sync/key-vaults/openai'],
  ['GET', '/webapi/sync/settings'],
  ['PUT', '/webapi/sync/settings', { data: {} }],
  ['DELETE', '/webapi/sync/settings'],
  ['GET', '/webapi/export'],
  ['POST', '/webapi/import', { format: 'manifold-export', version: 1 }],
];

t.test('signed out, every route is 401 InvalidAccessCode', async (t) => {
  for (const [method, path, body] of ROUTES) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(await authHeader()),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    t.equal(response.status, 401, `${method} ${path}`);
    t.match(await response.json(), { errorType: 'InvalidAccessCode' });
  }
  const unknownKey = await fetch(`${url}/webapi/sync/agents`, {
    headers: { authorization: `Bearer mk-${'x'.repeat(43)}` },
  });
  t.equal(unknownKey.status, 401, 'an unknown API key too');
});

t.test('bad input is 400 BadRequest naming the field', async (t) => {
  const cases: [string, string, unknown, string][] = [
    ['PUT', '/webapi/sync/agents/a1', { title: 5 }, 'title'],
    ['PUT', '/webapi/sync/agents/a1', { unknownField: 1 }, 'unknownField'],
    ['PUT', '/webapi/sync/agents/a1', { params: { temperature: 3 } }, 'params.temperature'],
    [
      'PUT',
      '/webapi/sync/agents/a1',
      { chatConfig: { historyCount: -1 } },
      'chatConfig.historyCount',
    ],
    [
      'PUT',
      '/webapi/sync/agents/a1',
      { chatConfig: { enableHistoryCount: 'yes' } },
      'chatConfig.enableHistoryCount',
    ],
    ['PUT', '/webapi/sync/agents/a1', { plugins: 'web-search' }, 'plugins'],
    ['PUT', '/webapi/sync/agents/a1', { updatedAt: 'yesterday' }, 'updatedAt'],
    ['PUT', '/webapi/sync/agents/a1', { id: 'a2' }, 'id'],
    ['PUT', '/webapi/sync/agents/has%20space', { title: 'x' }, 'id'],
    ['PUT', '/webapi/sync/conversations/c1', { pinned: 'yes' }, 'pinned'],
    ['PUT', '/webapi/sync/messages/m1', { role: 'user' }, 'conversationId'],
    ['PUT', '/webapi/sync/messages/m1', { conversationId: 'c1', role: 'robot' }, 'role'],
    [
      'PUT',
      '/webapi/sync/messages/m1',
      { conversationId: 'c1', role: 'assistant', tools: [{ id: 'x' }] },
      'tools.0.identifier',
    ],
    [
      'PUT',
      '/webapi/sync/messages/m1',
      { conversationId: 'c1', role: 'user', reasoning: 'x' },
      'reasoning',
    ],
    ['PUT', '/webapi/sync/key-vaults/openai', { vault: { password: 'x' } }, 'vault.password'],
    ['PUT', '/webapi/sync/key-vaults/openai', {}, 'vault'],
    ['PUT', '/webapi/sync/key-vaults/Open%20AI', { vault: {} }, 'provider'],
    ['PUT', '/webapi/sync/settings', { data: [] }, 'data'],
    ['POST', '/webapi/import', { format: 'manifold-export', version: 2 }, 'version'],
    ['POST', '/webapi/import', { version: 1 }, 'format'],
    [
      'POST',
      '/webapi/import',
      { format: 'manifold-export', version: 1, agents: [{ title: 'no id' }] },
      'agents.0.id',
    ],
  ];
  for (const [method, path, body, field] of cases) {
    const answer = method === 'PUT' ? await ada.put(path, body) : await ada.post(path, body);
    t.equal(answer.status, 400, `${path} ${JSON.stringify(body)}`);
    t.match(answer.body, { errorType: 'BadRequest', body: { field } }, field);
  }
  const notJson = await ada.put('/webapi/sync/agents/a1', '{not json');
  t.equal(notJson.status, 400);
  t.equal((await ada.get('/webapi/sync/agents/a1')).status, 404, 'nothing was written');
});

t.test('the built-in support assistant', async (t) => {
  const signedIn = await ada.get('/webapi/agents/builtin');
  t.equal(signedIn.status, 200);
  const [assistant] = signedIn.body.agents;
  t.match(assistant, {
    id: 'builtin-support-assistant',
    builtin: true,
    systemRole: String,
    chatConfig: { searchMode: 'off' },
  });
  t.match(assistant.systemRole, /language of the last message of the user/);
  t.match(assistant.systemRole, /Never invent/);
  t.match(assistant.systemRole, /`\/settings`/);
  t.match(assistant.systemRole, /README\.md/);

  const signedOut = await fetch(`${url}/webapi/agents/builtin`, { headers: await authHeader() });
  t.equal(signedOut.status, 200, 'signed out, with the usual token');
  t.equal((await fetch(`${url}/webapi/agents/builtin`)).status, 401, 'but not without it');

  const plain = await startGateway(
    t,
    { DOCS_URL: 'https://docs.example.com/manifold' },
    { providersDir: NO_PROVIDERS },
  );
  const off = await fetch(`${plain.url}/webapi/agents/builtin`, { headers: await authHeader() });
  t.equal(off.status, 200, 'without accounts too');
  const { agents } = (await off.json()) as { agents: { systemRole: string }[] };
  t.match(agents[0]!.systemRole, /https:\/\/docs\.example\.com\/manifold/, 'DOCS_URL is linked');
  t.equal(
    (await fetch(`${plain.url}/webapi/sync/agents`, { headers: await authHeader() })).status,
    404,
    'and without accounts there is no sync API',
  );
});
