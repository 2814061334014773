// Deleting an account (POST /api/auth/delete-user) removes everything of that person — sessions,
// sign-in accounts, API keys, agents, conversations, messages, key vaults, settings, credits — and nothing
// of anyone else, on PGlite and on PostgreSQL 15.
import t from 'tap';
import { agents } from '@manifold/gateway/db/schema/agents';
import { conversations, messages } from '@manifold/gateway/db/schema/conversations';
import { creditAccounts, creditLedger } from '@manifold/gateway/db/schema/credits';
import { keyVaults, settings } from '@manifold/gateway/db/schema/preferences';
import { describeTable, TABLES } from '@manifold/gateway/db/tables';
import type { FastifyInstance } from 'fastify';
import { authPost, signUp, startAccountsGateway, type SignedUp } from '../../helpers/accounts.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);

/** The tables holding a person's rows: every one with a user_id column. */
const personal = TABLES.map(describeTable)
  .filter((table) => table.columns.includes('user_id'))
  .map((table) => table.name)
  .sort();

/** Give a person a row in every personal table. */
async function fill(app: FastifyInstance, person: SignedUp) {
  const { db } = app.database;
  const userId = person.id;
  await (
    await fetch(`${app.listeningOrigin}/webapi/api-keys`, {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'key' }),
    })
  ).json();
  await db.insert(agents).values({ userId, id: 'agent-1', title: 'Helper', systemRole: 'Be kind' });
  await db.insert(conversations).values({ userId, id: 'conv-1', agentId: 'agent-1' });
  await db.insert(messages).values([
    { userId, id: 'msg-1', conversationId: 'conv-1', role: 'user', content: 'Hi' },
    { userId, id: 'msg-2', conversationId: 'conv-1', parentId: 'msg-1', role: 'assistant' },
  ]);
  await db.insert(keyVaults).values({ userId, provider: 'openai', ciphertext: 'v1.x.y.z' });
  await db.insert(settings).values({ userId, data: { language: 'en' } });
  await db.insert(creditAccounts).values({ userId, balance: 500_000 });
  await db
    .insert(creditLedger)
    .values({ userId, id: `ledger-${userId}`, key: 'signup', delta: 500_000, reason: 'signup' });
}

/** How many rows each personal table holds for a person. */
async function rowsOf(app: FastifyInstance, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of personal) {
    const [row] = await app.database.rows<{ n: number }>(
      `select count(*) as n from "${table}" where user_id = '${userId}'`,
    );
    counts[table] = row!.n;
  }
  return counts;
}

for (const target of [
  { name: 'PGlite', skip: false as const, cluster: undefined },
  { name: 'PostgreSQL 15', skip: postgresMissing, cluster },
]) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const { app, url } = await startAccountsGateway(t, { cluster: target.cluster });
    t.same(
      personal,
      TABLES.map(describeTable)
        .map((table) => table.name)
        .filter((name) => !['users', 'verifications', 'stripe_events'].includes(name))
        .sort(),
      "every table but users, verifications and stripe_events (event ids) holds a person's rows",
    );
    const ada = await signUp(url, 'ada@example.com', 'Ada');
    const bob = await signUp(url, 'bob@example.com', 'Bob');
    await fill(app, ada);
    await fill(app, bob);
    const full = await rowsOf(app, ada.id);
    t.ok(
      Object.values(full).every((n) => n > 0),
      `Ada has rows everywhere: ${JSON.stringify(full)}`,
    );

    t.test('a wrong password deletes nothing', async (t) => {
      const response = await authPost(
        url,
        '/api/auth/delete-user',
        { password: 'wrong one!' },
        ada.cookie,
      );
      t.not(response.status, 200);
      t.same(await rowsOf(app, ada.id), full);
    });

    t.test("with the password, every row of the person goes and no one else's", async (t) => {
      const bobBefore = await rowsOf(app, bob.id);
      const response = await authPost(
        url,
        '/api/auth/delete-user',
        { password: ada.password },
        ada.cookie,
      );
      t.equal(response.status, 200);
      const none = Object.fromEntries(personal.map((table) => [table, 0]));
      t.same(await rowsOf(app, ada.id), none);
      const users = await app.database.rows(`select 1 from users where id = '${ada.id}'`);
      t.equal(users.length, 0, 'the user is gone');
      t.same(await rowsOf(app, bob.id), bobBefore, 'Bob keeps all of his');
      const session = await fetch(`${url}/api/auth/get-session`, {
        headers: { cookie: ada.cookie },
      });
      t.equal(await session.json(), null, 'the session ended');
      const signIn = await authPost(url, '/api/auth/sign-in/email', {
        email: ada.email,
        password: ada.password,
      });
      t.equal(signIn.status, 401, 'and the account cannot sign in');
    });
  });
}
