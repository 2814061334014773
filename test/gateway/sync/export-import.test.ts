// Export and import (README "Sync"): everything of a person as one versioned JSON document;
// imported into a fresh account (another gateway, its own database) it gives back the same
// document with the same ids; importing it again changes nothing; a row changed later where it is
// imported is kept (last writer wins). On PGlite, and on PostgreSQL 15 when it is installed.
import t from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';
import { syncClient, TEST_KEY_VAULTS_SECRET } from '../../helpers/sync.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);
const env = { KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET };

/** The document without what differs between two exports of the same data. */
const comparable = (document: any) => ({ ...document, exportedAt: undefined, user: undefined });

t.test('export from one account, import into a fresh one elsewhere', async (t) => {
  const first = await startAccountsGateway(t, { env });
  const ada = syncClient(first.url, await signUp(first.url, 'ada@example.com', 'Ada'));
  await ada.put('/webapi/sync/agents/agent-1', {
    title: 'Coder',
    systemRole: 'You write TypeScript.',
    provider: 'anthropic',
    model: 'claude-sonnet-4',
    params: { temperature: 0.1 },
    plugins: ['web-search'],
    chatConfig: { searchMode: 'off', historyCount: 12, enableHistoryCount: true },
    isDefault: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
  });
  await ada.put('/webapi/sync/agents/agent-gone', { title: 'deleted' });
  await ada.del('/webapi/sync/agents/agent-gone');
  await ada.put('/webapi/sync/conversations/conv-1', { title: 'Types', agentId: 'agent-1' });
  await ada.put('/webapi/sync/messages/m1', {
    conversationId: 'conv-1',
    role: 'user',
    content: 'What is a generic?',
  });
  await ada.put('/webapi/sync/messages/m2', {
    conversationId: 'conv-1',
    parentId: 'm1',
    role: 'assistant',
    content: 'A type parameter.',
    reasoning: { content: 'Explain simply.' },
    usage: { totalInputTokens: 5, totalOutputTokens: 4, totalTokens: 9 },
    traceId: 'trace-9',
  });
  await ada.put('/webapi/sync/settings', { data: { language: 'en-US' } });
  await ada.put('/webapi/sync/key-vaults/anthropic', { vault: { apiKey: 'sk-ant-ada' } });

  const exported = await fetch(`${first.url}/webapi/export?keyVaults=1`, {
    headers: { cookie: (await signIn(first.url)).cookie },
  });
  t.equal(exported.status, 200);
  t.match(exported.headers.get('content-disposition'), /attachment; filename="manifold-export-/);
  const document = (await exported.json()) as any;
  t.match(document, { format: 'manifold-export', version: 1, user: { email: 'ada@example.com' } });
  t.same(
    document.agents.map((agent: any) => agent.id),
    ['agent-1'],
    'deleted rows are not exported',
  );
  t.equal(document.messages.length, 2);
  t.same(
    document.keyVaults.map((vault: any) => vault.vault),
    [{ apiKey: 'sk-ant-ada' }],
  );
  const withoutKeys = (await ada.get('/webapi/export')).body;
  t.notOk('keyVaults' in withoutKeys, 'provider keys only when asked for');

  const second = await startAccountsGateway(t, { cluster, env });
  const carol = syncClient(second.url, await signUp(second.url, 'carol@example.com', 'Carol'));
  const imported = await carol.post('/webapi/import', document);
  t.equal(imported.status, 200);
  t.same(imported.body.imported, {
    agents: { applied: 1, kept: 0 },
    conversations: { applied: 1, kept: 0 },
    messages: { applied: 2, kept: 0 },
    keyVaults: { applied: 1, kept: 0 },
    settings: true,
  });
  const again = (await carol.get('/webapi/export?keyVaults=1')).body;
  t.same(comparable(again), comparable(document), 'the same document, ids and times kept');
  t.equal(again.user.email, 'carol@example.com');

  t.test('importing it again changes nothing', async (t) => {
    const { next } = await carol.pullAll('/webapi/sync/agents');
    const twice = await carol.post('/webapi/import', document);
    t.equal(twice.status, 200);
    t.same(comparable((await carol.get('/webapi/export?keyVaults=1')).body), comparable(document));
    t.equal((await carol.pullAll('/webapi/sync/agents', next)).items.length, 1, 'rewritten');
  });

  t.test('a row changed later where it is imported is kept', async (t) => {
    await carol.put('/webapi/sync/agents/agent-1', { title: 'Coder, renamed by Carol' });
    const answer = await carol.post('/webapi/import', document);
    t.match(answer.body.imported.agents, { applied: 0, kept: 1 });
    t.equal(
      (await carol.get('/webapi/sync/agents/agent-1')).body.item.title,
      'Coder, renamed by Carol',
    );
  });

  t.test('an empty document imports nothing', async (t) => {
    const answer = await carol.post('/webapi/import', { format: 'manifold-export', version: 1 });
    t.equal(answer.status, 200);
    t.match(answer.body.imported, { agents: { applied: 0 }, settings: false });
  });

  async function signIn(url: string) {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery staple' }),
    });
    return {
      cookie: response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  }
});
