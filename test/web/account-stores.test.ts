// The account stores in Node: the accounts config decides what shows (off, on, required), and
// other features add items to the account menu through `addAccountMenuExtra`.
import t from 'tap';

const account = await import('../../web/src/features/account/stores/account.js');

const answers: Record<string, unknown> = {};
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: string | URL) => {
  const path = String(input);
  if (!(path in answers)) return new Response('{}', { status: 404 });
  return new Response(JSON.stringify(answers[path]), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}) as typeof fetch;
t.teardown(() => {
  globalThis.fetch = realFetch;
});

const config = (accounts: 'off' | 'on' | 'required') => ({
  accounts,
  edition: 'self-hosted',
  emailPassword: accounts !== 'off',
  providers: [],
});

t.test('a server without the config route counts as accounts off', async (t) => {
  await account.loadAccount();
  t.equal(account.$accountsEnabled.get(), false);
  t.equal(account.$signInRequired.get(), false);
  t.same(account.$session.get(), { status: 'ready' });
});

t.test('accounts on: shown, nothing required', async (t) => {
  answers['/api/accounts/config'] = config('on');
  answers['/api/auth/get-session'] = null;
  await account.loadAccount();
  t.equal(account.$accountsEnabled.get(), true);
  t.equal(account.$signInRequired.get(), false);
  t.equal(account.$user.get(), undefined);
});

t.test('accounts required: sign-in first until a session exists', async (t) => {
  answers['/api/accounts/config'] = config('required');
  answers['/api/auth/get-session'] = null;
  await account.loadAccount();
  t.equal(account.$signInRequired.get(), true);
  answers['/api/auth/get-session'] = {
    session: {},
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
  };
  await account.refreshSession();
  t.equal(account.$signInRequired.get(), false);
  t.equal(account.$user.get()?.email, 'ada@example.com');
});

t.test('menu extras: ordered, replaced by id, removable', async (t) => {
  const Balance = () => null;
  const Plan = () => null;
  const removeBalance = account.addAccountMenuExtra({
    id: 'balance',
    order: 2,
    component: Balance,
  });
  account.addAccountMenuExtra({ id: 'plan', order: 1, component: Plan });
  t.same(
    account.$accountMenuExtras.get().map((e) => e.id),
    ['plan', 'balance'],
  );
  account.addAccountMenuExtra({ id: 'plan', order: 3, component: Plan });
  t.same(
    account.$accountMenuExtras.get().map((e) => e.id),
    ['balance', 'plan'],
    'the same id replaces the item',
  );
  removeBalance();
  t.same(
    account.$accountMenuExtras.get().map((e) => e.id),
    ['plan'],
  );
});
