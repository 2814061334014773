// Personal API keys over HTTP (CONTRACT §9): made (shown once, mk-…, stored hashed), listed,
// used as a bearer token (lastUsedAt), revoked; and one person can never see or revoke another's
// (404, as for an id that does not exist).
import t from 'tap';
import { createHash } from 'node:crypto';
import { signUp, startAccountsGateway, type SignedUp } from '../../helpers/accounts.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);
const { app, url } = await startAccountsGateway(t, { cluster, env: { ACCOUNTS: 'required' } });

const call = (path: string, init: RequestInit & { as: Record<string, string> }) =>
  fetch(`${url}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.as,
      ...init.headers,
    },
  });
const as = (person: SignedUp) => ({ cookie: person.cookie });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function createKey(person: SignedUp, name: string) {
  const response = await call('/webapi/api-keys', {
    method: 'POST',
    as: as(person),
    body: JSON.stringify({ name }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const listKeys = async (headers: Record<string, string>) =>
  (await (await call('/webapi/api-keys', { as: headers })).json()) as {
    keys: Record<string, unknown>[];
  };

const ada = await signUp(url, 'ada@example.com', 'Ada');
const bob = await signUp(url, 'bob@example.com', 'Bob');

t.test('a new key is shown once, starts with mk- and is stored only as a digest', async (t) => {
  const { status, body } = await createKey(ada, 'laptop');
  t.equal(status, 201);
  t.same(Object.keys(body).sort(), ['id', 'key', 'name']);
  t.equal(body.name, 'laptop');
  t.match(body.key, /^mk-[A-Za-z0-9_-]{43}$/);

  const stored = await app.database.rows<Record<string, string>>(
    `select * from api_keys where id = '${body.id}'`,
  );
  t.equal(stored.length, 1);
  t.equal(stored[0]!.key_hash, createHash('sha256').update(body.key).digest('hex'));
  t.notOk(JSON.stringify(stored).includes(body.key), 'the key itself is nowhere');

  const { keys } = await listKeys(as(ada));
  const listed = keys.find((key) => key.id === body.id)!;
  t.same(Object.keys(listed).sort(), ['createdAt', 'id', 'name', 'start'], 'no key, not used yet');
  t.equal(listed.start, body.key.slice(0, 9));
  t.ok(!Number.isNaN(Date.parse(listed.createdAt as string)));
});

t.test('a key authorizes /webapi/* as its owner and records when it was used', async (t) => {
  const { body } = await createKey(ada, 'script');
  const before = Date.now();
  const me = await call('/webapi/me', { as: bearer(body.key) });
  t.equal(me.status, 200);
  t.match(await me.json(), { user: { id: ada.id, email: ada.email } });
  const listed = (await listKeys(as(ada))).keys.find((key) => key.id === body.id)!;
  t.ok(Date.parse(listed.lastUsedAt as string) >= before - 1000, 'lastUsedAt is set');
});

t.test('a revoked key no longer works', async (t) => {
  const { body } = await createKey(ada, 'old');
  t.equal((await call('/webapi/me', { as: bearer(body.key) })).status, 200);
  const removed = await call(`/webapi/api-keys/${body.id}`, { method: 'DELETE', as: as(ada) });
  t.equal(removed.status, 204);
  const refused = await call('/webapi/me', { as: bearer(body.key) });
  t.equal(refused.status, 401);
  t.match(await refused.json(), { errorType: 'InvalidAccessCode' });
  t.notOk(
    (await listKeys(as(ada))).keys.some((key) => key.id === body.id),
    'not listed',
  );
  const again = await call(`/webapi/api-keys/${body.id}`, { method: 'DELETE', as: as(ada) });
  t.equal(again.status, 404);
});

t.test('malformed or unknown keys are 401', async (t) => {
  for (const key of ['mk-short', `mk-${'A'.repeat(43)}`, `mk-${'A'.repeat(44)}`])
    t.equal((await call('/webapi/me', { as: bearer(key) })).status, 401, key);
});

t.test('a key name is required', async (t) => {
  for (const body of [{}, { name: '' }, { name: '   ' }, { name: 7 }]) {
    const response = await call('/webapi/api-keys', {
      method: 'POST',
      as: as(ada),
      body: JSON.stringify(body),
    });
    t.equal(response.status, 400, JSON.stringify(body));
  }
});

t.test("one person cannot see, use as theirs, or revoke another person's keys", async (t) => {
  const { body: adaKey } = await createKey(ada, 'private');
  const { body: bobKey } = await createKey(bob, 'bob-key');

  t.test("listing shows only the caller's keys", async (t) => {
    const ids = (await listKeys(as(bob))).keys.map((key) => key.id);
    t.ok(ids.includes(bobKey.id));
    t.notOk(ids.includes(adaKey.id));
    const viaKey = (await listKeys(bearer(bobKey.key))).keys.map((key) => key.id);
    t.same(viaKey, ids, "the same through Bob's API key");
  });

  t.test("revoking another person's key id is a 404, and the key keeps working", async (t) => {
    for (const headers of [as(bob), bearer(bobKey.key)]) {
      const response = await call(`/webapi/api-keys/${adaKey.id}`, {
        method: 'DELETE',
        as: headers,
      });
      t.equal(response.status, 404);
      t.match(await response.json(), { errorType: 404, body: { message: 'No such API key' } });
    }
    const unknown = await call('/webapi/api-keys/no-such-id', { method: 'DELETE', as: as(bob) });
    t.equal(unknown.status, 404, 'the same answer as an id that does not exist');
    const me = await call('/webapi/me', { as: bearer(adaKey.key) });
    t.match(await me.json(), { user: { id: ada.id } }, "Ada's key still acts for Ada");
  });
});
