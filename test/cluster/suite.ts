// The cluster test's body (cluster.test.ts runs it when the servers are installed). Two gateway
// processes behind nginx on one Redis and one PostgreSQL (issue 18, CONTRACT §11), all
// real servers on loopback ports (test/helpers/cluster.ts), the fake OpenAI upstream: a stream cut
// on A resumes through B with exactly the missing events; turn-mode key rotation alternates across
// instances; the rate limit holds across them; 200 metered chats split over both leave exact credits;
// killing A mid-stream loses nothing a resumable client had not received; with Redis stopped, chats
// are still served and /health says so; WORKERS=2 serves from two processes on one port.
import t from 'tap';
import pg from 'pg';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { creditCost } from '@manifold/core/credits/cost';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { signUp, TEST_AUTH_SECRET, type SignedUp } from '../helpers/accounts.js';
import { startGatewayProcess, startNginx, startRedis } from '../helpers/cluster.js';
import { authHeader } from '../helpers/gateway.js';
import { startPostgres } from '../helpers/postgres.js';
import { openStream, textOf } from '../helpers/sse.js';

// three servers and two gateways to boot, 200 chats: more than the usual minute
t.setTimeout(170_000);

const KEYS = [
  'sk-cluster-key-one-000000000',
  'sk-cluster-key-two-000000000',
  'sk-cluster-key-three-0000',
];
const MODEL = 'gpt-4o-mini';
const WORDS = Array.from({ length: 24 }, (_, index) => `word${index} `);
const RPM = 300;

const fake = await startFakeOpenAI();
t.teardown(() => fake.close());
const [redis, postgres] = await Promise.all([startRedis(t), startPostgres(t)]);
const databaseUrl = await postgres.createDatabase();
const env = {
  EDITION: 'cloud',
  ACCOUNTS: 'required',
  AUTH_SECRET: TEST_AUTH_SECRET,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  OPENAI_API_KEY: KEYS.join(','),
  OPENAI_PROXY_URL: fake.baseURL,
  API_KEY_SELECT_MODE: 'turn',
  RATE_LIMIT_RPM: String(RPM),
};
const [a, b] = await Promise.all([startGatewayProcess(t, env), startGatewayProcess(t, env)]);
const nginx = await startNginx(t, [a.port, b.port]);

const slow = (words: readonly string[], delayMs: number) =>
  fake.reply({
    kind: 'chunks',
    chunks: textChunks([...words], { usage: chatUsage(10, words.length) }),
    delayMs,
  });
const ask = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    model: MODEL,
    stream: true,
    messages: [{ role: 'user', content: 'hi' }],
    ...extra,
  });
const chat = async (base: string, person: SignedUp, extra: Record<string, unknown> = {}) =>
  openStream(`${base}/webapi/chat/openai`, {
    method: 'POST',
    headers: { ...(await authHeader({})), cookie: person.cookie },
    body: ask(extra),
  });
const resume = async (base: string, person: SignedUp, id: string, after: number) =>
  openStream(`${base}/webapi/chat/streams/${id}?after=${after}`, {
    headers: { ...(await authHeader({})), cookie: person.cookie },
  });

const ada = await signUp(a.url, 'ada@example.com', 'Ada');

t.test('a stream cut on A resumes through B with exactly the missing events', async (t) => {
  slow(WORDS, 30);
  const first = await chat(a.url, ada, { resumable: true });
  t.equal(first.status, 200);
  const id = first.headers.get('x-manifold-stream-id')!;
  t.ok(id, 'the answer names its stream');
  await first.until(5);
  first.cut();
  const got = first.events.slice(0, 5);
  const rest = await (await resume(b.url, ada, id, 5)).done;
  const whole = await (await resume(b.url, ada, id, 0)).done;
  t.same([...got, ...rest], whole, 'no event missing, none twice');
  t.equal(textOf(whole), WORDS.join(''), 'the whole answer');
  t.equal(whole.at(-1)?.event, 'speed', 'to its end');
  const throughNginx = await (await resume(nginx.url, ada, id, 0)).done;
  t.same(throughNginx, whole, 'the same through nginx, whichever instance answers');
  const stranger = await signUp(b.url, 'eve@example.com', 'Eve');
  const refused = await fetch(`${b.url}/webapi/chat/streams/${id}?after=0`, {
    headers: { ...(await authHeader({})), cookie: stranger.cookie },
  });
  t.equal(refused.status, 404, 'someone else cannot resume it');
});

t.test('turn-mode key rotation alternates across instances', async (t) => {
  const before = fake.requests.length;
  for (let index = 0; index < 6; index++) {
    const answer = await (await chat(index % 2 === 0 ? a.url : b.url, ada)).done;
    t.equal(textOf(answer).length > 0, true);
  }
  const used = fake.requests
    .slice(before)
    .map((request) => String(request.headers.authorization).replace('Bearer ', ''));
  const start = KEYS.indexOf(used[0]!);
  t.ok(start >= 0, 'a server key');
  t.same(
    used,
    used.map((_, index) => KEYS[(start + index) % KEYS.length]),
    'each request takes the next key, whichever instance it reached',
  );
});

t.test('the rate limit holds across instances', async (t) => {
  const erin = await signUp(a.url, 'erin@example.com', 'Erin');
  let allowed = 0;
  let refused = 0;
  // RPM requests and a few more, alternating instances, 10 at a time
  for (let round = 0; round < (RPM + 20) / 10; round++) {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const base = index % 2 === 0 ? a.url : b.url;
        const response = await fetch(`${base}/webapi/me`, { headers: { cookie: erin.cookie } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    allowed += statuses.filter((status) => status === 200).length;
    refused += statuses.filter((status) => status === 429).length;
  }
  t.equal(allowed, RPM, 'exactly RATE_LIMIT_RPM requests passed over both instances');
  t.equal(refused, 20);
  for (const base of [a.url, b.url]) {
    const over = await fetch(`${base}/webapi/me`, { headers: { cookie: erin.cookie } });
    t.equal(over.status, 429);
    t.ok(Number(over.headers.get('retry-after')) > 0, 'Retry-After');
    t.match(await over.json(), { errorType: 'QuotaLimitReached' });
  }
});

t.test('200 concurrent metered chats split over both leave exact credits', async (t) => {
  const carol = await signUp(b.url, 'carol@example.com', 'Carol');
  const providers = (await (await fetch(`${a.url}/providers`)).json()) as {
    providers: Array<{ id: string; models: ModelCard[] }>;
  };
  const card = providers.providers
    .find((provider) => provider.id === 'openai')!
    .models.find((model) => model.id === MODEL)!;
  let expected = 0;
  for (let index = 0; index < 200; index++) {
    fake.reply({
      kind: 'chunks',
      chunks: textChunks([`answer ${index}`], { usage: chatUsage(100 + index, 10) }),
    });
    expected += creditCost({ totalInputTokens: 100 + index, totalOutputTokens: 10 }, card.pricing);
  }
  t.ok(expected > 0, 'the model has a price');
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const response = await fetch(`${index % 2 === 0 ? a.url : b.url}/webapi/chat/openai`, {
        method: 'POST',
        headers: { ...(await authHeader({})), cookie: carol.cookie },
        body: ask(),
      });
      return { status: response.status, body: await response.text() };
    }),
  );
  t.equal(answers.filter((answer) => answer.status === 200).length, 200, 'all answered');
  t.equal(answers.filter((answer) => answer.body.includes('event: usage')).length, 200);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  const { rows } = await client.query<{ n: number; ids: number; total: string }>(
    `select count(*)::int as n, count(distinct request_id)::int as ids, sum(delta)::bigint as total
       from credit_ledger where user_id = $1 and reason = 'chat'`,
    [carol.id],
  );
  t.equal(rows[0]!.n, 200, 'one ledger row per chat');
  t.equal(rows[0]!.ids, 200, 'each with its own request id');
  t.equal(-Number(rows[0]!.total), expected, 'exactly the usage at the card prices');
  const me = (await (
    await fetch(`${a.url}/webapi/me`, { headers: { cookie: carol.cookie } })
  ).json()) as { credits: { balance: number } };
  t.equal(me.credits.balance, 500_000 - expected, 'the balance lost exactly that');
});

t.test('killing A mid-stream loses nothing a resumable client had not received', async (t) => {
  slow(WORDS, 60);
  const first = await chat(a.url, ada, { resumable: true });
  const id = first.headers.get('x-manifold-stream-id')!;
  await first.until(4);
  await a.kill();
  const received = await first.done;
  t.ok(received.length >= 4 && received.length < WORDS.length, 'cut mid-answer');
  const rest = await (await resume(b.url, ada, id, received.length)).done;
  const whole = await (await resume(b.url, ada, id, 0)).done;
  t.same([...received, ...rest], whole, 'B has every event A sent, in order, none twice');
  t.ok(WORDS.join('').startsWith(textOf(whole)), 'the text A produced, without a gap');
  t.match(whole.at(-1), {
    event: 'error',
    data: { type: 'ProviderBizError', body: { reason: 'instance_lost' } },
  });
});

t.test('with Redis stopped, chats are still served and /health says redis down', async (t) => {
  t.match(await (await fetch(`${b.url}/health`)).json(), {
    ok: true,
    database: 'up',
    redis: 'up',
  });
  await redis.stop();
  let health: Record<string, unknown> = {};
  for (let waited = 0; waited < 5000; waited += 100) {
    health = (await (await fetch(`${b.url}/health`)).json()) as Record<string, unknown>;
    if (health.redis === 'down') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.match(health, { ok: true, database: 'up', redis: 'down' });
  const answer = await (await chat(b.url, ada)).done;
  t.ok(textOf(answer).length > 0, 'a chat is answered');
  t.equal(answer.at(-1)?.event, 'speed', 'in full');
  const throughNginx = await (await chat(nginx.url, ada)).done;
  t.equal(throughNginx.at(-1)?.event, 'speed', 'through nginx too (A is gone, B answers)');
});

t.test('WORKERS=2: two processes on one port, sharing the same Redis and database', async (t) => {
  // another Redis: the first one was stopped by the test before
  const restarted = await startRedis(t);
  const workers = await startGatewayProcess(t, { ...env, REDIS_URL: restarted.url, WORKERS: '2' });
  t.match(await (await fetch(`${workers.url}/health`)).json(), { ok: true, redis: 'up' });
  const answers = await Promise.all(
    Array.from({ length: 4 }, async () => (await chat(workers.url, ada)).done),
  );
  t.ok(
    answers.every((answer) => answer.at(-1)?.event === 'speed'),
    'every chat answered in full',
  );
});
