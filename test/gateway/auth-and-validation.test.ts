import t from 'tap';
import { join } from 'node:path';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { NO_PROVIDERS, PLUGINS } from '../helpers/paths.js';

const PLUGIN = { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ECHO_API_KEY: 'sk-server' };
const BODY = JSON.stringify({ model: 'echo-1', messages: [{ role: 'user', content: 'hi' }] });

async function post(url: string, headers: Record<string, string>, body: string = BODY) {
  const response = await fetch(`${url}/webapi/chat/echo`, { method: 'POST', headers, body });
  return {
    status: response.status,
    json: (await response.json().catch(() => null)) as Record<string, any> | null,
  };
}

t.test('auth header', async (t) => {
  const { url } = await startGateway(t, PLUGIN, { providersDir: NO_PROVIDERS });

  t.test('a request without the header is 401 InvalidAccessCode', async (t) => {
    const { status, json } = await post(url, { 'content-type': 'application/json' });
    t.equal(status, 401);
    t.equal(json!.errorType, 'InvalidAccessCode');
  });

  t.test('a garbage token is 401 InvalidAccessCode', async (t) => {
    const { status, json } = await post(url, {
      'content-type': 'application/json',
      'x-manifold-auth': 'abc.def.ghi',
    });
    t.equal(status, 401);
    t.equal(json!.errorType, 'InvalidAccessCode');
  });

  t.test('an unsigned token is accepted by default', async (t) => {
    t.equal((await post(url, await authHeader({}, { unsigned: true }))).status, 200);
  });

  t.test('an expired token is 400 SystemTimeNotMatchError with the server time', async (t) => {
    const before = Date.now();
    const { status, json } = await post(url, await authHeader({}, { now: Date.now() - 101_000 }));
    t.equal(status, 400);
    t.equal(json!.errorType, 'SystemTimeNotMatchError');
    t.ok(
      json!.body.serverTime >= before && json!.body.serverTime <= Date.now(),
      'serverTime is the server clock in ms',
    );
  });

  t.test(
    'a token accepted once is refused when it expires (verifications are kept until exp only)',
    async (t) => {
      // signed 97 s ago: it lives 2 to 3 s more
      const header = await authHeader({}, { now: Date.now() - 97_000 });
      const token = header['x-manifold-auth']!;
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
      };
      t.equal((await post(url, header)).status, 200, 'accepted while it lives');
      t.equal((await post(url, header)).status, 200, 'again (now from the kept verification)');
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 100),
      );
      const { status, json } = await post(url, header);
      t.equal(status, 400, 'refused once expired');
      t.equal(json!.errorType, 'SystemTimeNotMatchError');
    },
  );

  t.test('GET /providers and GET /health need no header', async (t) => {
    t.equal((await fetch(`${url}/providers`)).status, 200);
    t.equal((await fetch(`${url}/health`)).status, 200);
  });
});

t.test('AUTH_ALLOW_UNSIGNED=0 refuses unsigned tokens', async (t) => {
  const { url } = await startGateway(
    t,
    { ...PLUGIN, AUTH_ALLOW_UNSIGNED: '0' },
    { providersDir: NO_PROVIDERS },
  );
  const { status, json } = await post(url, await authHeader({}, { unsigned: true }));
  t.equal(status, 401);
  t.equal(json!.errorType, 'InvalidAccessCode');
  t.equal((await post(url, await authHeader())).status, 200, 'a signed token still passes');
});

t.test('ACCESS_CODE', async (t) => {
  const { url } = await startGateway(
    t,
    { ...PLUGIN, ACCESS_CODE: 'alpha,beta' },
    { providersDir: NO_PROVIDERS },
  );
  t.test('a request without a code is 401', async (t) => {
    const { status, json } = await post(url, await authHeader());
    t.equal(status, 401);
    t.equal(json!.errorType, 'InvalidAccessCode');
  });
  t.test('a wrong code is 401', async (t) => {
    t.equal((await post(url, await authHeader({ accessCode: 'gamma' }))).status, 401);
  });
  t.test('any listed code passes', async (t) => {
    t.equal((await post(url, await authHeader({ accessCode: 'beta' }))).status, 200);
  });
  t.test('a request bringing its own key passes without a code', async (t) => {
    t.equal((await post(url, await authHeader({ apiKey: 'sk-own' }))).status, 200);
  });
});

t.test('trace header', async (t) => {
  const lines: string[] = [];
  const { url } = await startGateway(t, PLUGIN, {
    providersDir: NO_PROVIDERS,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  const trace = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  const enabled = await fetch(`${url}/webapi/chat/echo`, {
    method: 'POST',
    headers: {
      ...(await authHeader()),
      'x-manifold-trace': trace({ enabled: true, traceId: 'tr-1' }),
    },
    body: BODY,
  });
  await enabled.text();
  t.equal(enabled.headers.get('x-manifold-trace-id'), 'tr-1', 'the trace id is echoed');
  t.match(enabled.headers.get('x-manifold-observation-id'), /^[0-9a-f-]{36}$/);
  const disabled = await fetch(`${url}/webapi/chat/echo`, {
    method: 'POST',
    headers: {
      ...(await authHeader()),
      'x-manifold-trace': trace({ enabled: false, traceId: 'tr-2' }),
    },
    body: BODY,
  });
  await disabled.text();
  t.equal(disabled.headers.get('x-manifold-trace-id'), null, 'no trace headers unless enabled');
  const traced = lines
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'traced chat');
  t.equal(traced.length, 1, 'only the enabled call is logged as traced');
  t.match(traced[0], { trace: { traceId: 'tr-1' }, provider: 'echo', model: 'echo-1' });
  t.notMatch(lines.join('\n'), /sk-server/, 'no key in the logs');
});

t.test('request validation', async (t) => {
  const { url } = await startGateway(
    t,
    { ...PLUGIN, BODY_LIMIT: '4096' },
    { providersDir: NO_PROVIDERS },
  );
  const headers = await authHeader();
  const cases: Array<[string, string, RegExp]> = [
    [
      'temperature outside 0–2',
      JSON.stringify({
        model: 'echo-1',
        messages: [{ role: 'user', content: 'x' }],
        temperature: 3,
      }),
      /temperature/,
    ],
    ['a missing model', JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }), /model/],
    [
      'a wrong role',
      JSON.stringify({ model: 'm', messages: [{ role: 'wizard', content: 'x' }] }),
      /messages\.0\.role/,
    ],
    ['an empty message list', JSON.stringify({ model: 'm', messages: [] }), /messages/],
    [
      'stream of the wrong type',
      JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: 'yes' }),
      /stream/,
    ],
    ['a body that is not JSON', '{"model": ', /JSON/],
  ];
  for (const [name, body, field] of cases) {
    t.test(`${name} is 400 BadRequest naming the field`, async (t) => {
      const { status, json } = await post(url, headers, body);
      t.equal(status, 400);
      t.equal(json!.errorType, 'BadRequest');
      t.match(json!.body.message, field);
    });
  }
  t.test('a body over BODY_LIMIT is 413', async (t) => {
    const big = JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: 'x'.repeat(5000) }],
    });
    const { status, json } = await post(url, headers, big);
    t.equal(status, 413);
    t.equal(json!.errorType, 413);
  });
  t.test('a non-JSON content type is 400 BadRequest', async (t) => {
    const { status, json } = await post(url, { ...headers, 'content-type': 'text/plain' }, 'hello');
    t.equal(status, 400);
    t.equal(json!.errorType, 'BadRequest');
  });
  t.test('an invalid provider id in the path is 400', async (t) => {
    const response = await fetch(`${url}/webapi/chat/Bad%20Id`, {
      method: 'POST',
      headers,
      body: BODY,
    });
    t.equal(response.status, 400);
  });
  t.test('an unknown route is a JSON 404', async (t) => {
    const response = await fetch(`${url}/nope`);
    t.equal(response.status, 404);
    t.equal(((await response.json()) as { errorType: number }).errorType, 404);
  });
});
