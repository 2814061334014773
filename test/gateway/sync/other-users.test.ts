// A second person's ids are refused on every route of the sync API (README "Sync"): reading,
// writing or deleting by another person's id is a 404, as for an id that does not exist, and
// leaves the owner's row as it was; pulls, the export and the import only ever see the caller's
// rows. One test per route; the caller signs in by session cookie or by API key alike.
import t, { type Test } from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { syncClient, TEST_KEY_VAULTS_SECRET } from '../../helpers/sync.js';

const { url } = await startAccountsGateway(t, {
  env: { KEY_VAULTS_SECRET: TEST_KEY_VAULTS_SECRET },
});
const ada = syncClient(url, await signUp(url, 'ada@example.com', 'Ada'));
const bobPerson = await signUp(url, 'bob@example.com', 'Bob');
const bob = syncClient(url, bobPerson);
const key = await bob.post('/webapi/api-keys', { name: 'script' });
const bobByKey = syncClient(url, { authorization: `Bearer ${key.body.key}` });

// Ada's data
await ada.put('/webapi/sync/agents/ada-agent', { title: "Ada's agent", systemRole: 'secret role' });
await ada.put('/webapi/sync/conversations/ada-conv', { title: "Ada's chat" });
await ada.put('/webapi/sync/messages/ada-msg', {
  conversationId: 'ada-conv',
  role: 'user',
  content: "Ada's words",
});
await ada.put('/webapi/sync/key-vaults/openai', { vault: { apiKey: 'sk-ada' } });
await ada.put('/webapi/sync/settings', { data: { theme: 'ada-theme' } });
const adaBefore = (await ada.get('/webapi/export?keyVaults=1')).body;

const notFound = (t: Test, answer: { status: number; body: any }) => {
  t.equal(answer.status, 404);
  t.equal(answer.body.errorType, 404);
  t.notOk(JSON.stringify(answer.body).includes('Ada'), "nothing of Ada's row is in the answer");
};

t.afterEach(async () => {
  // whatever Bob tried, Ada's data is unchanged
  const after = (await ada.get('/webapi/export?keyVaults=1')).body;
  t.same({ ...after, exportedAt: undefined }, { ...adaBefore, exportedAt: undefined });
});

for (const [name, caller] of [
  ['session', bob],
  ['API key', bobByKey],
] as const) {
  t.test(`by ${name}`, async (t) => {
    for (const [path, id] of [
      ['agents', 'ada-agent'],
      ['conversations', 'ada-conv'],
      ['messages', 'ada-msg'],
    ]) {
      t.test(`GET /webapi/sync/${path}/:id`, async (t) => {
        notFound(t, await caller.get(`/webapi/sync/${path}/${id}`));
      });
      t.test(`PUT /webapi/sync/${path}/:id`, async (t) => {
        const body =
          path === 'messages'
            ? { conversationId: 'ada-conv', role: 'user' }
            : { title: 'Bob was here' };
        notFound(t, await caller.put(`/webapi/sync/${path}/${id}`, body));
      });
      t.test(`DELETE /webapi/sync/${path}/:id`, async (t) => {
        notFound(t, await caller.del(`/webapi/sync/${path}/${id}`));
      });
      t.test(`GET /webapi/sync/${path}`, async (t) => {
        const answer = await caller.get(`/webapi/sync/${path}`);
        t.equal(answer.status, 200);
        t.notOk(
          answer.body.items.some((item: any) => item.id === id),
          "no row of Ada's",
        );
      });
    }

    t.test("PUT /webapi/sync/messages/:id into another person's conversation", async (t) => {
      const answer = await caller.put(`/webapi/sync/messages/bob-msg-${name.length}`, {
        conversationId: 'ada-conv',
        role: 'user',
        content: 'Bob injects',
      });
      notFound(t, answer);
      t.equal(answer.body.body.field, 'conversationId');
    });

    t.test('GET /webapi/sync/messages?conversationId= of another person', async (t) => {
      const answer = await caller.get('/webapi/sync/messages?conversationId=ada-conv');
      t.same(answer.body.items, []);
    });

    t.test('GET /webapi/sync/key-vaults/:provider', async (t) => {
      notFound(t, await caller.get('/webapi/sync/key-vaults/openai'));
    });
    t.test('DELETE /webapi/sync/key-vaults/:provider', async (t) => {
      notFound(t, await caller.del('/webapi/sync/key-vaults/openai'));
    });
    t.test('GET /webapi/sync/key-vaults', async (t) => {
      const answer = await caller.get('/webapi/sync/key-vaults');
      t.equal(answer.status, 200);
      t.notOk(JSON.stringify(answer.body).includes('sk-ada'));
    });
    t.test(
      'PUT /webapi/sync/key-vaults/:provider writes only the caller’s own vault',
      async (t) => {
        const answer = await caller.put('/webapi/sync/key-vaults/anthropic', {
          vault: { apiKey: 'sk-bob' },
        });
        t.equal(answer.status, 200);
        t.same(answer.body.item.vault, { apiKey: 'sk-bob' });
      },
    );

    t.test('GET /webapi/sync/settings', async (t) => {
      const answer = await caller.get('/webapi/sync/settings');
      t.notOk(JSON.stringify(answer.body).includes('ada-theme'));
    });
    t.test('PUT /webapi/sync/settings writes only the caller’s own settings', async (t) => {
      t.equal((await caller.put('/webapi/sync/settings', { data: { theme: 'bob' } })).status, 200);
    });
    t.test('DELETE /webapi/sync/settings deletes only the caller’s own settings', async (t) => {
      t.equal((await caller.del('/webapi/sync/settings')).status, 204);
    });

    t.test('GET /webapi/export', async (t) => {
      const answer = await caller.get('/webapi/export?keyVaults=1');
      t.equal(answer.status, 200);
      t.equal(answer.body.user.id, bobPerson.id);
      const text = JSON.stringify(answer.body);
      for (const value of ['ada-agent', 'ada-conv', 'ada-msg', 'sk-ada', 'ada-theme'])
        t.notOk(text.includes(value), value);
    });

    t.test("POST /webapi/import of a document naming another person's ids", async (t) => {
      for (const part of [
        { agents: [{ id: 'ada-agent', title: 'taken over' }] },
        { conversations: [{ id: 'ada-conv', title: 'taken over' }] },
        { messages: [{ id: 'ada-msg', conversationId: 'bob-conv', role: 'user' }] },
      ]) {
        const answer = await caller.post('/webapi/import', {
          format: 'manifold-export',
          version: 1,
          agents: [{ id: `bob-agent-${name.length}`, title: 'would be new' }],
          conversations: [{ id: 'bob-conv', title: 'would be new' }],
          ...part,
        });
        notFound(t, answer);
        t.equal(
          (await caller.get(`/webapi/sync/agents/bob-agent-${name.length}`)).status,
          404,
          'nothing of the document was written',
        );
      }
      // a message into another person's conversation, in a document
      notFound(
        t,
        await caller.post('/webapi/import', {
          format: 'manifold-export',
          version: 1,
          messages: [{ id: 'bob-msg-x', conversationId: 'ada-conv', role: 'user' }],
        }),
      );
      // Ada's whole export, imported by Bob
      notFound(t, await caller.post('/webapi/import', { ...adaBefore, keyVaults: undefined }));
    });
  });
}
