// Plans and billing (CONTRACT §9), on PGlite and PostgreSQL 15: Checkout and portal sessions through
// the official stripe SDK against a fake of Stripe's API; webhooks signed by the SDK's own test helper
// set plans by price and grant a plan's monthly credits once per invoice (a replayed event, or the
// same invoice in another event, grants nothing twice); a bad signature is a 400; the operator's
// commands grant credits and set plans without Stripe.
import t from 'tap';
import Stripe from 'stripe';
import { runAdmin } from '@manifold/gateway/admin';
import { signUp, startAccountsGateway, type SignedUp } from '../../helpers/accounts.js';
import { startFakeStripe, subscriptionObject } from '../../helpers/fake-stripe.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const stripeFake = await startFakeStripe();
t.teardown(() => stripeFake.close());
const cluster = postgresMissing ? undefined : await startPostgres(t);
const targets = [
  { name: 'PGlite', cluster: undefined },
  ...(cluster ? [{ name: 'PostgreSQL 15', cluster }] : []),
];

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnop';
const signer = new Stripe('sk_test_signer');
const PLANS = {
  basic: { monthlyCredits: 1_000_000, models: ['*'], stripePriceId: 'price_basic' },
  advanced: { monthlyCredits: 3_000_000, models: ['*'], stripePriceId: 'price_advanced' },
};

let eventCount = 0;
/** A webhook event as Stripe sends it, and its signature header from the SDK's test helper. */
function signed(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCount}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return {
    payload,
    header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

for (const target of targets) {
  t.test(`on ${target.name}`, async (t) => {
    const env = {
      EDITION: 'cloud',
      ACCOUNTS: 'required',
      STRIPE_SECRET_KEY: 'sk_test_gateway',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeFake.url,
      PLANS: JSON.stringify(PLANS),
    };
    const { url } = await startAccountsGateway(t, { cluster: target.cluster, env });

    const deliver = (event: { payload: string; header: string }) =>
      fetch(`${url}/api/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        body: event.payload,
      });
    const me = async (person: SignedUp) =>
      (await (await fetch(`${url}/webapi/me`, { headers: { cookie: person.cookie } })).json()) as {
        plan: string;
        credits: { balance: number; periodEnd?: string };
      };
    const post = (person: SignedUp, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          cookie: person.cookie,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const ada = await signUp(url, `ada-${target.name.length}@example.com`, 'Ada');
    const bob = await signUp(url, `bob-${target.name.length}@example.com`, 'Bob');
    const customer = `cus_test_${target.name.length}`;

    t.test('the plans as people choose them, without Stripe price ids', async (t) => {
      const body = (await (
        await fetch(`${url}/webapi/plans`, { headers: { cookie: ada.cookie } })
      ).json()) as any;
      t.equal(body.billing, true);
      t.match(body.plans, [
        { id: 'basic', monthlyCredits: 1_000_000, purchasable: true },
        { id: 'advanced', monthlyCredits: 3_000_000, purchasable: true },
        { id: 'professional', purchasable: false },
      ]);
      t.notOk(JSON.stringify(body).includes('price_basic'));
    });

    t.test('checkout: a session for the plan price, with the person as reference', async (t) => {
      const response = await post(ada, '/webapi/billing/checkout', { plan: 'basic' });
      t.equal(response.status, 200);
      t.match(await response.json(), { url: /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/ });
      const sent = stripeFake.requests.at(-1)!;
      t.equal(sent.path, '/v1/checkout/sessions');
      t.equal(sent.authorization, 'Bearer sk_test_gateway');
      t.match(sent.form, {
        mode: 'subscription',
        'line_items[0][price]': 'price_basic',
        client_reference_id: ada.id,
        customer_email: ada.email,
      });
      t.equal((await post(ada, '/webapi/billing/checkout', { plan: 'professional' })).status, 400);
      t.equal((await post(ada, '/webapi/billing/checkout', { plan: 'gold' })).status, 400);
      t.equal((await post(ada, '/webapi/billing/portal')).status, 400, 'no customer yet');
    });

    t.test('a bad or missing signature is a 400 and changes nothing', async (t) => {
      const event = signed('invoice.paid', { id: 'in_forged', customer });
      const forged = await deliver({
        payload: event.payload.replace('in_forged', 'in_other'),
        header: event.header,
      });
      t.equal(forged.status, 400);
      const unsigned = await fetch(`${url}/api/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: event.payload,
      });
      t.equal(unsigned.status, 400);
      t.equal((await me(ada)).credits.balance, 500_000);
    });

    t.test('checkout completed → the plan of the subscription price', async (t) => {
      const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
      const subscription = subscriptionObject({ customer, price: 'price_basic', periodEnd });
      stripeFake.putSubscription(subscription);
      const response = await deliver(
        signed('checkout.session.completed', {
          id: 'cs_test_done',
          object: 'checkout.session',
          client_reference_id: ada.id,
          customer,
          subscription: subscription.id,
          mode: 'subscription',
        }),
      );
      t.equal(response.status, 200);
      const after = await me(ada);
      t.equal(after.plan, 'basic');
      t.equal(after.credits.periodEnd, new Date(periodEnd * 1000).toISOString());
      t.equal(after.credits.balance, 500_000, 'a plan change grants nothing by itself');
      t.equal((await me(bob)).plan, 'free', 'nobody else changed');
    });

    t.test('invoice.paid grants the monthly credits once per invoice', async (t) => {
      const invoice = {
        id: `in_test_${target.name.length}`,
        object: 'invoice',
        customer,
        lines: { data: [{ pricing: { price_details: { price: 'price_basic' } } }] },
      };
      const event = signed('invoice.paid', invoice);
      t.equal((await deliver(event)).status, 200);
      t.equal((await me(ada)).credits.balance, 1_500_000);
      t.equal((await deliver(event)).status, 200, 'a replay is acknowledged');
      t.equal((await deliver(signed('invoice.paid', invoice))).status, 200);
      t.equal((await me(ada)).credits.balance, 1_500_000, 'and grants nothing twice');
      const ledger = (await (
        await fetch(`${url}/webapi/credits/ledger`, { headers: { cookie: ada.cookie } })
      ).json()) as { entries: Array<{ reason: string; delta: number }> };
      t.same(
        ledger.entries.map((entry) => [entry.reason, entry.delta]),
        [
          ['grant', 1_000_000],
          ['signup', 500_000],
        ],
      );
    });

    t.test('subscription updated → the new price plan; deleted → free', async (t) => {
      const updated = subscriptionObject({ customer, price: 'price_advanced' });
      t.equal((await deliver(signed('customer.subscription.updated', updated))).status, 200);
      t.equal((await me(ada)).plan, 'advanced');
      const portal = await post(ada, '/webapi/billing/portal');
      t.equal(portal.status, 200);
      t.match(await portal.json(), { url: /^https:\/\/billing\.stripe\.com\/p\/session\// });
      t.match(stripeFake.requests.at(-1), {
        path: '/v1/billing_portal/sessions',
        form: { customer },
      });
      t.equal((await deliver(signed('customer.subscription.deleted', updated))).status, 200);
      t.equal((await me(ada)).plan, 'free');
      t.equal((await me(ada)).credits.balance, 1_500_000, 'credits already granted stay');
    });

    t.test('an event for a customer nobody has is acknowledged and ignored', async (t) => {
      const response = await deliver(
        signed('invoice.paid', { id: 'in_nobody', customer: 'cus_nobody', lines: { data: [] } }),
      );
      t.equal(response.status, 200);
    });
  });
}

t.test('admin commands', async (t) => {
  const { migratedDataDir } = await import('../../helpers/pglite.js');
  const { TEST_AUTH_SECRET } = await import('../../helpers/accounts.js');
  const { startGateway } = await import('../../helpers/gateway.js');
  const { NO_PROVIDERS } = await import('../../helpers/paths.js');
  const dataDir = await migratedDataDir(t);
  const env = {
    EDITION: 'cloud',
    ACCOUNTS: 'required',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    PLANS: JSON.stringify({ basic: { monthlyCredits: 2_000_000, models: ['*'] } }),
  };
  const first = await startGateway(t, env, { providersDir: NO_PROVIDERS });
  const carol = await signUp(first.url, 'carol@example.com', 'Carol');
  const busy = await runAdmin(['grant-credits', 'carol@example.com', '100'], env);
  t.equal(busy.code, 1, 'the embedded database is held by the running gateway');
  t.match(busy.output, /DATA_DIR|in use|held/i);
  await first.app.close();

  t.match(await runAdmin([], env), { code: 2, output: /Usage: npm run admin/ });
  t.match(await runAdmin(['grant-credits', 'carol@example.com', 'lots'], env), { code: 2 });
  t.match(await runAdmin(['set-plan', 'carol@example.com', 'gold'], env), { code: 2 });
  t.match(await runAdmin(['grant-credits', 'nobody@example.com', '5'], env), {
    code: 1,
    output: /No account/,
  });
  t.match(await runAdmin(['grant-credits', 'Carol@Example.com', '1234'], env), {
    code: 0,
    output: 'carol@example.com: plan free, balance 501234 credits',
  });
  t.match(await runAdmin(['set-plan', 'carol@example.com', 'basic'], env), {
    code: 0,
    output: 'carol@example.com: plan basic, balance 2501234 credits',
  });

  const second = await startGateway(t, env, { providersDir: NO_PROVIDERS });
  const me = (await (
    await fetch(`${second.url}/webapi/me`, { headers: { cookie: carol.cookie } })
  ).json()) as { plan: string; credits: { balance: number; periodEnd: string } };
  t.equal(me.plan, 'basic');
  t.equal(me.credits.balance, 2_501_234, 'the next month is not granted early');
  t.ok(Date.parse(me.credits.periodEnd) > Date.now() + 27 * 86_400_000);
});
