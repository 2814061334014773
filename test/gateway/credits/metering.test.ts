// Metering in the cloud edition (CONTRACT §9), on PGlite and on PostgreSQL 15: 500,000 credits at
// sign-up; a chat on the server's key costs ceil(Σ bucket tokens × the card's USD price per million),
// billed once on its usage; the caller's own key is free; no usage → an estimate marked so; no credits
// or a model outside the plan → 402 before the upstream sees anything; a running stream is never cut;
// 200 chats at once leave a balance equal to the ledger's sum with one row per request.
import t from 'tap';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { creditCost } from '@manifold/core/credits/cost';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { signUp, startAccountsGateway, type SignedUp } from '../../helpers/accounts.js';
import { authHeader, parseEventStream } from '../../helpers/gateway.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const fake = await startFakeOpenAI();
t.teardown(() => fake.close());
const cluster = postgresMissing ? undefined : await startPostgres(t);

const targets = [
  { name: 'PGlite', cluster: undefined },
  ...(cluster ? [{ name: 'PostgreSQL 15', cluster }] : []),
];
if (!cluster) t.comment('PostgreSQL 15 is not installed: the PostgreSQL half is not run');

const MODEL = 'gpt-4o-mini';
const ask = (text: string) =>
  JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: text }] });

for (const target of targets) {
  t.test(`on ${target.name}`, async (t) => {
    const { app, url } = await startAccountsGateway(t, {
      cluster: target.cluster,
      providers: true,
      env: {
        EDITION: 'cloud',
        ACCOUNTS: 'required',
        OPENAI_API_KEY: 'sk-server-key-000000000000000000',
        OPENAI_PROXY_URL: fake.baseURL,
        PLANS: JSON.stringify({ basic: { monthlyCredits: 1000, models: ['deepseek/*'] } }),
      },
    });
    const providers = (await (await fetch(`${url}/providers`)).json()) as {
      providers: Array<{ id: string; models: ModelCard[] }>;
    };
    const card = providers.providers
      .find((provider) => provider.id === 'openai')!
      .models.find((model) => model.id === MODEL)!;
    t.ok(card.pricing?.input, 'the card has a price');

    const me = async (person: SignedUp) =>
      (await (await fetch(`${url}/webapi/me`, { headers: { cookie: person.cookie } })).json()) as {
        plan: string;
        credits: { balance: number };
      };
    const ledger = async (person: SignedUp) =>
      (
        (await (
          await fetch(`${url}/webapi/credits/ledger`, { headers: { cookie: person.cookie } })
        ).json()) as { entries: Array<Record<string, any>> }
      ).entries;
    const chat = async (person: SignedUp, text: string, token: Record<string, unknown> = {}) => {
      const response = await fetch(`${url}/webapi/chat/openai`, {
        method: 'POST',
        headers: { ...(await authHeader(token)), cookie: person.cookie },
        body: ask(text),
      });
      return { status: response.status, body: await response.text() };
    };

    const ada = await signUp(url, 'ada@example.com', 'Ada');
    const bob = await signUp(url, 'bob@example.com', 'Bob');

    t.test('sign-up grants 500,000 credits, one ledger entry', async (t) => {
      const atSignUp = await app.database.rows<{ delta: number; reason: string }>(
        `select delta, reason from credit_ledger where user_id = '${ada.id}'`,
      );
      t.same(
        atSignUp.map((row) => [Number(row.delta), row.reason]),
        [[500_000, 'signup']],
        'granted as the account was made',
      );
      t.match(await me(ada), { plan: 'free', credits: { balance: 500_000 } });
      const entries = await ledger(ada);
      t.equal(entries.length, 1);
      t.match(entries[0], { delta: 500_000, reason: 'signup' });
    });

    t.test('a chat on the server key costs exactly the usage at the card prices', async (t) => {
      const usage = chatUsage(1200, 300, { cachedTokens: 200 });
      fake.reply({ kind: 'chunks', chunks: textChunks(['Hi', ' Ada'], { usage }) });
      const answer = await chat(ada, 'hello');
      t.equal(answer.status, 200);
      t.ok(parseEventStream(answer.body).some((event) => event.event === 'usage'));
      // by hand: 1000 uncached × 0.15 + 200 cached × 0.075 + 300 output × 0.6 = 345
      const expected = Math.ceil(1000 * 0.15 + 200 * card.pricing!.cachedInput! + 300 * 0.6);
      t.equal(expected, 345);
      t.equal(
        creditCost(
          { totalInputTokens: 1200, inputCachedTokens: 200, totalOutputTokens: 300 },
          card.pricing,
        ),
        345,
      );
      t.equal((await me(ada)).credits.balance, 500_000 - 345);
      const [entry] = await ledger(ada);
      t.match(entry, {
        delta: -345,
        reason: 'chat',
        provider: 'openai',
        model: MODEL,
        usage: { totalInputTokens: 1200, inputCachedTokens: 200, totalOutputTokens: 300 },
      });
      t.type(entry!.requestId, 'string');
      t.notOk(entry!.estimated, 'billed from reported usage');
      const metrics = await (await fetch(`${url}/metrics`)).text();
      t.match(metrics, /^manifold_credits_spent_total 345$/m, 'the credits counter moved by it');
      t.equal((await me(bob)).credits.balance, 500_000, "another person's balance is untouched");
      t.notOk(
        (await ledger(bob)).some((row) => row.reason === 'chat'),
        'and their ledger does not show it',
      );
    });

    t.test(
      "the OpenAI-compatible API bills the key's owner, not a user the body names",
      async (t) => {
        const made = await fetch(`${url}/webapi/api-keys`, {
          method: 'POST',
          headers: { cookie: ada.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'sdk' }),
        });
        const { key } = (await made.json()) as { key: string };
        const before = {
          ada: (await me(ada)).credits.balance,
          bob: (await me(bob)).credits.balance,
        };
        fake.reply({ kind: 'chunks', chunks: textChunks(['v1'], { usage: chatUsage(1000, 100) }) });
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: `openai/${MODEL}`,
            stream: true,
            user: bob.id,
            messages: [{ role: 'user', content: 'through the SDK' }],
          }),
        });
        t.equal(response.status, 200);
        await response.text();
        t.equal((await me(ada)).credits.balance, before.ada - 210, '1000 × 0.15 + 100 × 0.6');
        t.equal((await me(bob)).credits.balance, before.bob);
      },
    );

    t.test("a chat with the caller's own key is not metered", async (t) => {
      const before = (await me(ada)).credits.balance;
      fake.reply({ kind: 'chunks', chunks: textChunks(['Own'], { usage: chatUsage(50, 5) }) });
      const answer = await chat(ada, 'mine', { apiKey: 'sk-own-key-0000000000000000' });
      t.equal(answer.status, 200);
      t.equal(fake.requests.at(-1)?.headers.authorization, 'Bearer sk-own-key-0000000000000000');
      t.equal((await me(ada)).credits.balance, before);
      t.equal((await ledger(ada)).filter((row) => row.reason === 'chat').length, 2);
    });

    t.test('an answer without usage is billed from an estimate, marked so', async (t) => {
      const before = (await me(ada)).credits.balance;
      fake.reply({ kind: 'chunks', chunks: textChunks(['An answer with no usage at all']) });
      const answer = await chat(ada, 'count these words for me please');
      t.equal(answer.status, 200);
      t.notOk(
        parseEventStream(answer.body).some((event) => event.event === 'usage'),
        'no usage is shown in the stream',
      );
      const [entry] = await ledger(ada);
      t.match(entry, { reason: 'chat', estimated: true });
      t.ok(entry!.usage.totalInputTokens > 5 && entry!.usage.totalOutputTokens >= 6);
      t.equal(entry!.delta, -creditCost(entry!.usage, card.pricing));
      t.ok(entry!.delta < 0);
      t.equal((await me(ada)).credits.balance, before + entry!.delta);
    });

    t.test(
      'speech is billed from its input tokens at its card price, marked estimated',
      async (t) => {
        const speechCard = providers.providers
          .find((provider) => provider.id === 'openai')!
          .models.find((model) => model.id === 'gpt-4o-mini-tts')!;
        const before = (await me(ada)).credits.balance;
        const response = await fetch(`${url}/webapi/tts/openai`, {
          method: 'POST',
          headers: { ...(await authHeader()), cookie: ada.cookie },
          body: JSON.stringify({
            model: 'gpt-4o-mini-tts',
            input: 'Hello there, this sentence is read aloud by the fake speech model.',
            voice: 'coral',
          }),
        });
        t.equal(response.status, 200);
        t.equal(response.headers.get('content-type'), 'audio/mpeg');
        const [entry] = await ledger(ada);
        t.match(entry, { reason: 'speech', model: 'gpt-4o-mini-tts', estimated: true });
        t.ok(entry!.usage.totalInputTokens > 5);
        t.equal(entry!.delta, -creditCost(entry!.usage, speechCard.pricing));
        t.ok(entry!.delta < 0);
        t.equal((await me(ada)).credits.balance, before + entry!.delta);
      },
    );

    t.test(
      'a running stream is never cut; no credits left → 402 before the upstream',
      async (t) => {
        const { balance } = (await me(bob)).credits;
        await app.credits!.repository.apply(bob.id, {
          key: 'test:drain',
          delta: 1 - balance,
          reason: 'grant',
        });
        t.equal((await me(bob)).credits.balance, 1);
        fake.reply({
          kind: 'chunks',
          chunks: textChunks(['one', ' two', ' three'], { usage: chatUsage(1000, 1000) }),
        });
        const answer = await chat(bob, 'a long answer');
        const events = parseEventStream(answer.body);
        t.equal(
          events
            .filter((event) => event.event === 'text')
            .map((event) => event.data)
            .join(''),
          'one two three',
          'the whole answer came',
        );
        t.notOk(events.some((event) => event.event === 'error'));
        t.equal((await me(bob)).credits.balance, 1 - 750, 'the balance may go below zero once');

        const seen = fake.requests.length;
        const refused = await chat(bob, 'more');
        t.equal(refused.status, 402);
        t.match(JSON.parse(refused.body), { errorType: 'FreePlanLimit' });
        t.equal(fake.requests.length, seen, 'the upstream received nothing');
        const speech = await fetch(`${url}/webapi/tts/openai`, {
          method: 'POST',
          headers: { ...(await authHeader()), cookie: bob.cookie },
          body: JSON.stringify({ model: 'gpt-4o-mini-tts', input: 'No credits.', voice: 'coral' }),
        });
        t.equal(speech.status, 402, 'speech is refused as well');
        t.equal(fake.requests.length, seen, 'and the upstream received nothing');
      },
    );

    t.test("a model outside a paid plan's list → 402 SubscriptionPlanLimit", async (t) => {
      await app.credits!.repository.setPlan(ada.id, 'basic');
      const seen = fake.requests.length;
      const refused = await chat(ada, 'on basic');
      t.equal(refused.status, 402);
      t.match(JSON.parse(refused.body), { errorType: 'SubscriptionPlanLimit' });
      t.equal(fake.requests.length, seen);
      await app.credits!.repository.setPlan(ada.id, 'free');
    });

    t.test('ledger pages hold every row once, rows of one millisecond included', async (t) => {
      const dave = await signUp(url, 'dave@example.com', 'Dave');
      await Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          app.credits!.repository.apply(dave.id, {
            key: `test:${index}`,
            delta: 1,
            reason: 'grant',
          }),
        ),
      );
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const response = await fetch(
          `${url}/webapi/credits/ledger${cursor ? `?cursor=${cursor}` : ''}`,
          { headers: { cookie: dave.cookie } },
        );
        const body = (await response.json()) as { entries: Array<{ id: string }>; next?: string };
        seen.push(...body.entries.map((entry) => entry.id));
        if (!body.next) break;
        cursor = body.next;
      }
      t.equal(seen.length, 121, 'the 120 grants and the sign-up');
      t.equal(new Set(seen).size, 121, 'none twice');
    });

    t.test('the ledger refuses a cursor it did not make', async (t) => {
      const response = await fetch(`${url}/webapi/credits/ledger?cursor=nonsense`, {
        headers: { cookie: ada.cookie },
      });
      t.equal(response.status, 400);
      const signedOut = await fetch(`${url}/webapi/credits/ledger`);
      t.equal(signedOut.status, 401);
    });

    t.test('200 chats at once: balance = ledger sum, one row per request', async (t) => {
      const carol = await signUp(url, 'carol@example.com', 'Carol');
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          fake.reply({
            kind: 'chunks',
            chunks: textChunks([`answer ${index}`], { usage: chatUsage(100 + index, 10) }),
          });
          return chat(carol, `question ${index}`);
        }),
      );
      t.equal(results.filter((result) => result.status === 200).length, 200);
      const rows = await app.database.rows<{ reason: string; n: number; total: number }>(
        `select reason, count(*)::int as n, sum(delta)::bigint as total, count(distinct request_id)::int as ids
           from credit_ledger where user_id = '${carol.id}' group by reason`,
      );
      const chats = rows.find((row) => row.reason === 'chat')!;
      t.equal(chats.n, 200, 'one ledger row per request');
      t.equal((chats as unknown as { ids: number }).ids, 200, 'each with its own request id');
      const sum = rows.reduce((total, row) => total + Number(row.total), 0);
      t.equal((await me(carol)).credits.balance, sum, 'the balance is the ledger sum');
      t.ok(sum < 500_000);
    });
  });
}
