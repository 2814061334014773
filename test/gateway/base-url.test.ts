import t from 'tap';
import { createServer } from 'node:http';
import {
  assertPublicURL,
  createPublicOnlyFetch,
  isPrivateAddress,
  normalizeBaseURL,
  splitBaseQuery,
  withBaseQuery,
} from '@manifold/gateway/base-url';

t.test(
  'a bare origin gets the default base URL path and a trailing slash is ignored',
  async (t) => {
    t.equal(
      normalizeBaseURL('http://host:8000', 'https://api.example.com/v1', 'baseURL'),
      'http://host:8000/v1',
    );
    t.equal(
      normalizeBaseURL('http://host:8000/', 'https://api.example.com/openai/v1', 'baseURL'),
      'http://host:8000/openai/v1',
    );
    t.equal(
      normalizeBaseURL(
        'https://proxy.example.com/custom/v2/',
        'https://api.example.com/v1',
        'baseURL',
      ),
      'https://proxy.example.com/custom/v2',
    );
    t.equal(
      normalizeBaseURL('http://localhost:11434', 'http://127.0.0.1:11434', 'baseURL'),
      'http://localhost:11434',
      'bare defaults stay bare',
    );
  },
);

t.test('a query string stays after the path, a fragment is dropped', async (t) => {
  t.equal(
    normalizeBaseURL('http://host:8000?api-version=x', 'https://api.example.com/v1', 'baseURL'),
    'http://host:8000/v1?api-version=x',
  );
  t.equal(
    normalizeBaseURL('http://host/custom/v2/?key=a%20b#frag', undefined, 'baseURL'),
    'http://host/custom/v2?key=a%20b',
  );
});

t.test('splitBaseQuery takes the query off a base URL, each parameter as written', async (t) => {
  t.same(splitBaseQuery('http://host/v1?api-version=x&key=a%20b&flag'), {
    url: 'http://host/v1',
    query: [
      { name: 'api-version', value: 'x', raw: 'api-version=x' },
      { name: 'key', value: 'a b', raw: 'key=a%20b' },
      { name: 'flag', value: '', raw: 'flag' },
    ],
  });
  t.same(splitBaseQuery('http://host/v1'), { url: 'http://host/v1', query: [] });
  t.same(splitBaseQuery('account-id-1234'), { url: 'account-id-1234', query: [] });
});

t.test('withBaseQuery adds the query to requests to that origin only', async (t) => {
  const seen: string[] = [];
  const inner = (async (input: string | URL | Request) => {
    seen.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response('ok');
  }) as typeof fetch;
  const send = withBaseQuery(
    new Map([['http://host:8000', splitBaseQuery('http://host:8000/v1?key=k%2B1&alt=json').query]]),
    inner,
  );
  await send('http://host:8000/v1/chat/completions');
  await send(new URL('http://host:8000/v1beta/models/m:streamGenerateContent?alt=sse'));
  await send(new Request('http://host:8000/v1/messages', { method: 'POST', body: '{}' }));
  await send('http://other.example.com/v1/models');
  t.same(seen, [
    'http://host:8000/v1/chat/completions?key=k%2B1&alt=json',
    'http://host:8000/v1beta/models/m:streamGenerateContent?alt=sse&key=k%2B1',
    'http://host:8000/v1/messages?key=k%2B1&alt=json',
    'http://other.example.com/v1/models',
  ]);
});

t.test('a URL that is not http(s) is a BadRequest naming the field', async (t) => {
  t.throws(() => normalizeBaseURL('not a url', undefined, 'endpoint'), {
    name: 'ManifoldError',
    errorType: 'BadRequest',
    body: { field: 'endpoint' },
  });
  t.throws(() => normalizeBaseURL('file:///etc/passwd', undefined, 'baseURL'), {
    name: 'ManifoldError',
    errorType: 'BadRequest',
    body: { field: 'baseURL' },
  });
});

t.test('private, loopback and link-local addresses are recognised', async (t) => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.8',
    '172.20.1.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
  ]) {
    t.ok(isPrivateAddress(address), `${address} is private`);
  }
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '172.32.0.1']) {
    t.notOk(isPrivateAddress(address), `${address} is public`);
  }
});

t.test('assertPublicURL refuses a loopback host by name and by address', async (t) => {
  await t.rejects(assertPublicURL('http://localhost:1234/v1', 'baseURL'), {
    name: 'ManifoldError',
    errorType: 'BadRequest',
    body: { field: 'baseURL' },
  });
  await t.rejects(assertPublicURL('http://[::1]:1234/v1', 'endpoint'), {
    name: 'ManifoldError',
    errorType: 'BadRequest',
    body: { field: 'endpoint' },
  });
  await t.resolves(assertPublicURL('http://8.8.8.8/v1', 'baseURL'));
});

t.test('the public-only fetch refuses to connect to a private address', async (t) => {
  const server = createServer((_request, response) => response.end('reached'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const port = (server.address() as { port: number }).port;
  const guarded = createPublicOnlyFetch('baseURL');
  await t.rejects(
    guarded(`http://127.0.0.1:${port}/`),
    { name: 'ManifoldError', errorType: 'BadRequest' },
    'an address literal',
  );
  await t.rejects(
    guarded(`http://localhost:${port}/`),
    /private, loopback or reserved|fetch failed/,
    'a name resolving to loopback',
  );
});
