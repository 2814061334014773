// Pulls and writes over time (README "Sync"): pages follow the cursor, a pull from a cursor
// answers only what changed after it (soft deletes included), and the last writer wins by
// `updatedAt`, never by a clock ahead of the server's.
import t from 'tap';
import { signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { syncClient } from '../../helpers/sync.js';

const { url } = await startAccountsGateway(t);
const ada = syncClient(url, await signUp(url, 'ada@example.com', 'Ada'));

t.test('pages, cursors and soft deletes', async (t) => {
  for (const id of ['a1', 'a2', 'a3'])
    t.equal((await ada.put(`/webapi/sync/agents/${id}`, { title: id })).status, 200);

  const first = await ada.get('/webapi/sync/agents?limit=2');
  t.equal(first.status, 200);
  t.same(
    first.body.items.map((item: any) => item.id),
    ['a1', 'a2'],
  );
  t.equal(first.body.more, true);
  t.type(first.body.next, 'string');
  const second = await ada.get(`/webapi/sync/agents?limit=2&since=${first.body.next}`);
  t.same(
    second.body.items.map((item: any) => item.id),
    ['a3'],
  );
  t.equal(second.body.more, false);

  const nothing = await ada.get(`/webapi/sync/agents?since=${second.body.next}`);
  t.same(nothing.body, { items: [], next: second.body.next, more: false }, 'the cursor stays');

  await ada.put('/webapi/sync/agents/a1', { title: 'a1 renamed' });
  t.equal((await ada.del('/webapi/sync/agents/a2')).status, 204);
  const changed = await ada.get(`/webapi/sync/agents?since=${second.body.next}`);
  t.same(
    changed.body.items.map((item: any) => [item.id, item.title, item.deletedAt !== null]),
    [
      ['a1', 'a1 renamed', false],
      ['a2', 'a2', true],
    ],
    'only the changes after the cursor, the deleted row with deletedAt',
  );

  const empty = await ada.get('/webapi/sync/conversations');
  t.same(empty.body, { items: [], next: null, more: false }, 'an empty collection');

  for (const since of ['nonsense', Buffer.from('[1,2]').toString('base64url')]) {
    const bad = await ada.get(`/webapi/sync/agents?since=${since}`);
    t.equal(bad.status, 400, since);
    t.match(bad.body, { errorType: 'BadRequest', body: { field: 'since' } });
  }
  t.equal((await ada.get('/webapi/sync/agents?limit=0')).status, 400);
  t.equal((await ada.get('/webapi/sync/agents?limit=1001')).status, 400);
  t.equal((await ada.get('/webapi/sync/agents?other=1')).status, 400);
});

t.test('the last writer wins by updatedAt', async (t) => {
  const later = await ada.put('/webapi/sync/conversations/c1', {
    title: 'edited on the phone at 10:05',
    updatedAt: '2026-03-01T10:05:00.000Z',
  });
  t.equal(later.body.applied, true);
  const before = await ada.get('/webapi/sync/conversations');

  const older = await ada.put('/webapi/sync/conversations/c1', {
    title: 'edited offline on the laptop at 10:00',
    updatedAt: '2026-03-01T10:00:00.000Z',
  });
  t.equal(older.status, 200);
  t.equal(older.body.applied, false, 'an older write loses');
  t.equal(older.body.item.title, 'edited on the phone at 10:05', 'and answers the stored row');
  const after = await ada.get(`/webapi/sync/conversations?since=${before.body.next}`);
  t.same(after.body.items, [], 'a lost write changes nothing, not even the cursor');

  const same = await ada.put('/webapi/sync/conversations/c1', {
    title: 'same instant, arrived last',
    updatedAt: '2026-03-01T10:05:00.000Z',
  });
  t.equal(same.body.applied, true, 'a tie goes to the write that arrives last');

  const deleted = await ada.put('/webapi/sync/conversations/c1', {
    title: 'deleted offline',
    updatedAt: '2026-03-01T11:00:00.000Z',
    deletedAt: '2026-03-01T11:00:00.000Z',
  });
  t.equal(deleted.body.item.deletedAt, '2026-03-01T11:00:00.000Z', 'a PUT may carry a deletion');
  const stale = await ada.put('/webapi/sync/conversations/c1', {
    title: 'an edit from before the deletion',
    updatedAt: '2026-03-01T10:30:00.000Z',
  });
  t.equal(stale.body.applied, false, 'does not bring it back');
  const revived = await ada.put('/webapi/sync/conversations/c1', { title: 'made again later' });
  t.equal(revived.body.applied, true);
  t.equal(revived.body.item.deletedAt, null, 'a later PUT without deletedAt undeletes');

  const ahead = await ada.put('/webapi/sync/agents/future', {
    title: 'from a clock a century ahead',
    updatedAt: '2126-01-01T00:00:00.000Z',
  });
  t.ok(Date.parse(ahead.body.item.updatedAt) <= Date.now(), 'clamped to the server clock');
  const next = await ada.put('/webapi/sync/agents/future', { title: 'a normal later edit' });
  t.equal(next.body.applied, true, 'so it does not win every later edit');
});
