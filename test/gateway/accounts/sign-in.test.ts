// Accounts over real HTTP with cookies (CONTRACT §9), on the embedded PGlite and on PostgreSQL 15:
// sign-up, sign-in, get-session, sign-out, sign-out everywhere, and the session cookie's flags.
import t from 'tap';
import { authPost, cookieOf, signUp, startAccountsGateway } from '../../helpers/accounts.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);

const session = async (url: string, cookie: string) =>
  (await (await fetch(`${url}/api/auth/get-session`, { headers: { cookie } })).json()) as {
    user: { id: string; email: string; name: string };
  } | null;

for (const target of [
  { name: 'PGlite', skip: false as const, cluster: undefined },
  { name: 'PostgreSQL 15', skip: postgresMissing, cluster },
]) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const { app, url } = await startAccountsGateway(t, { cluster: target.cluster });

    t.test(
      'sign-up answers the user and signs in with an HttpOnly, SameSite=Lax cookie',
      async (t) => {
        const response = await authPost(url, '/api/auth/sign-up/email', {
          email: 'ada@example.com',
          password: 'correct horse battery staple',
          name: 'Ada',
        });
        t.equal(response.status, 200);
        const body = (await response.json()) as { user: Record<string, unknown> };
        t.match(body.user, { email: 'ada@example.com', name: 'Ada', id: String });
        t.notOk('password' in body.user, 'no password in the answer');
        const [cookie] = response.headers.getSetCookie();
        t.match(cookie, /^manifold\.session_token=[^;]+;/);
        t.match(cookie, /; HttpOnly/);
        t.match(cookie, /; SameSite=Lax/);
        t.notMatch(cookie, /; Secure/i, 'not Secure over plain http');

        const current = await session(url, cookieOf(response));
        t.equal(current?.user.email, 'ada@example.com');
      },
    );

    t.test('the password is stored hashed, the session in the database', async (t) => {
      const [account] = await app.database.rows<{ password: string }>(
        `select a.password from accounts a join users u on u.id = a.user_id
         where u.email = 'ada@example.com' and a.provider_id = 'credential'`,
      );
      t.ok(account?.password, 'a credential account exists');
      t.notMatch(account!.password, /correct horse/);
      t.ok(account!.password.length > 40, 'a hash, not the password');
      const [sessions] = await app.database.rows<{ n: number }>(
        `select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = 'ada@example.com'`,
      );
      t.equal(sessions?.n, 1);
    });

    t.test('signing up twice with one e-mail is refused', async (t) => {
      const response = await authPost(url, '/api/auth/sign-up/email', {
        email: 'ada@example.com',
        password: 'another password 123',
        name: 'Other',
      });
      t.equal(response.status, 422);
    });

    t.test('sign-in with the right password opens a session, a wrong one is 401', async (t) => {
      const wrong = await authPost(url, '/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: 'not the password',
      });
      t.equal(wrong.status, 401);
      t.same(wrong.headers.getSetCookie(), [], 'no cookie');

      const right = await authPost(url, '/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: 'correct horse battery staple',
      });
      t.equal(right.status, 200);
      const current = await session(url, cookieOf(right));
      t.match(current?.user, { email: 'ada@example.com', name: 'Ada' });
    });

    t.test('sign-out ends that session only', async (t) => {
      const one = await signUp(url, 'bea@example.com', 'Bea');
      const other = await authPost(url, '/api/auth/sign-in/email', {
        email: one.email,
        password: one.password,
      });
      const otherCookie = cookieOf(other);
      const out = await authPost(url, '/api/auth/sign-out', {}, one.cookie);
      t.equal(out.status, 200);
      t.match(
        out.headers.getSetCookie()[0],
        /^manifold\.session_token=;.*Max-Age=0/,
        'cookie cleared',
      );
      t.equal(await session(url, one.cookie), null, 'the session is gone');
      t.equal((await session(url, otherCookie))?.user.email, one.email, 'the other stays');
    });

    t.test('sign-out everywhere (revoke-sessions) ends every session of the person', async (t) => {
      const person = await signUp(url, 'cy@example.com', 'Cy');
      const second = cookieOf(
        await authPost(url, '/api/auth/sign-in/email', {
          email: person.email,
          password: person.password,
        }),
      );
      const bystander = await signUp(url, 'dee@example.com', 'Dee');
      const response = await authPost(url, '/api/auth/revoke-sessions', {}, second);
      t.equal(response.status, 200);
      t.equal(await session(url, person.cookie), null, 'the first device is signed out');
      t.equal(await session(url, second), null, 'the second too');
      t.equal((await session(url, bystander.cookie))?.user.email, bystander.email, 'others stay');
    });

    t.test('get-session without a cookie answers null', async (t) => {
      const response = await fetch(`${url}/api/auth/get-session`);
      t.equal(response.status, 200);
      t.equal(await response.json(), null);
    });
  });
}

t.test('over https (behind a proxy) the session cookie is Secure', async (t) => {
  const { url } = await startAccountsGateway(t, { cluster });
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-proto': 'https',
      origin: url.replace('http:', 'https:'),
    },
    body: JSON.stringify({
      email: 'sec@example.com',
      password: 'correct horse battery',
      name: 'S',
    }),
  });
  t.equal(response.status, 200);
  const [cookie] = response.headers.getSetCookie();
  t.match(cookie, /^manifold\.session_token=.*; HttpOnly.*; SameSite=Lax.*; Secure$/);
});
