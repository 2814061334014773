import t from 'tap';
import {
  REDACTED,
  sanitizeLogValue,
  sanitizeText,
  sanitizeUpstreamError,
} from '@manifold/core/errors/sanitize';

t.test('fields named like credentials are redacted at any depth', async (t) => {
  const result = sanitizeUpstreamError({
    error: { message: 'bad', api_key: 'abc', apiKey: 'def', nested: { token: 'ghi' } },
    headers: { Authorization: 'Bearer xyz', 'x-api-key': 'k', cookie: 'c' },
    key: 'raw',
    client_secret: 's',
    access_token: 'a',
    secretAccessKey: 'aws',
  });
  t.same(result, {
    error: { message: 'bad', api_key: REDACTED, apiKey: REDACTED, nested: { token: REDACTED } },
    headers: { Authorization: REDACTED, 'x-api-key': REDACTED, cookie: REDACTED },
    key: REDACTED,
    client_secret: REDACTED,
    access_token: REDACTED,
    secretAccessKey: REDACTED,
  });
});

t.test('fields about token counts are kept', async (t) => {
  const usage = { max_tokens: 10, total_tokens: 20, prompt_tokens: 5, type: 'invalid_token' };
  t.same(sanitizeUpstreamError(usage), usage);
});

t.test('secrets inside strings are masked', async (t) => {
  t.equal(
    sanitizeText('Incorrect API key provided: sk-proj-abcdefghijklmnopqrstuvwxyz123'),
    'Incorrect API key provided: sk-****',
  );
  t.equal(sanitizeText('header was Bearer abc.def-123'), 'header was Bearer ****');
  t.equal(
    sanitizeText('GET https://x.io/v1?alt=sse&key=AIzaSomething'),
    'GET https://x.io/v1?alt=sse&key=****',
  );
  t.equal(sanitizeText('http://user:pw@host/v1 failed'), 'http://****@host/v1 failed');
  t.equal(sanitizeText('token eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl here'), 'token **** here');
  t.equal(
    sanitizeText('model task-runner-large-2024 failed'),
    'model task-runner-large-2024 failed',
  );
});

t.test('credentials in query strings are masked by their parameter name', async (t) => {
  t.equal(
    sanitizeText('POST https://fn.example.net/api/v1?code=fnKey012&api-version=2024-10-21'),
    'POST https://fn.example.net/api/v1?code=****&api-version=2024-10-21',
  );
  t.equal(
    sanitizeText('GET /v1?subscription-key=abc&sig=def&x-api-key=ghi&pageToken=jkl&alt=sse'),
    'GET /v1?subscription-key=****&sig=****&x-api-key=****&pageToken=****&alt=sse',
  );
});

t.test('errors keep name and message but never a stack', async (t) => {
  const error = Object.assign(new Error('boom sk-abcdefghijklmnopqrstuvwx'), { status: 500 });
  const result = sanitizeUpstreamError(error) as Record<string, unknown>;
  t.equal(result.name, 'Error');
  t.equal(result.message, 'boom sk-****');
  t.equal(result.status, 500);
  t.notOk('stack' in result, 'no stack');
});

t.test('non-objects pass through, functions and symbols are dropped', async (t) => {
  t.equal(sanitizeUpstreamError(null), null);
  t.equal(sanitizeUpstreamError(undefined), undefined);
  t.equal(sanitizeUpstreamError(42), 42);
  t.equal(sanitizeUpstreamError(true), true);
  t.equal(sanitizeUpstreamError(10n), '10');
  t.equal(
    sanitizeUpstreamError(() => 1),
    undefined,
  );
  t.same(sanitizeUpstreamError({ a: 1, f: () => 1 }), { a: 1 });
  t.same(sanitizeUpstreamError(['Bearer abc', 2]), ['Bearer ****', 2]);
  t.equal(sanitizeUpstreamError(new Uint8Array([1, 2])), '[binary]');
});

t.test('deep or cyclic values are truncated instead of overflowing', async (t) => {
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const result = JSON.stringify(sanitizeUpstreamError(cyclic));
  t.match(result, '[truncated]');
});

t.test('the input is not modified', async (t) => {
  const input = { error: { api_key: 'abc' } };
  sanitizeUpstreamError(input);
  t.same(input, { error: { api_key: 'abc' } });
});

t.test(
  'a logged JSON chunk is masked field by field, a clean one is kept byte for byte',
  async (t) => {
    const echoed = '{"error": {"api_key": "abc", "message": "sk-abcdefghijklmnopqrstuvwx"}}';
    t.same(sanitizeLogValue({ chunk: echoed }), {
      chunk: '{"error":{"api_key":"****","message":"sk-****"}}',
    });
    const clean = '{"choices": [{"delta": {"content": "Hi"}}]}';
    t.same(sanitizeLogValue({ chunk: clean }), { chunk: clean });
    t.same(sanitizeLogValue({ chunk: '{not json sk-abcdefghijklmnopqrstuvwx' }), {
      chunk: '{not json sk-****',
    });
  },
);

t.test('a logged value has each given secret masked wherever it occurs', async (t) => {
  const secret = 'plainSecretValue42';
  t.same(
    sanitizeLogValue(
      { chunk: `data: {"echo":"${secret}"}`, list: [`a ${secret} b`], short: 'abc' },
      [secret, 'abc', undefined],
    ),
    { chunk: 'data: {"echo":"****"}', list: ['a **** b'], short: 'abc' },
    'values shorter than 4 characters are not taken as secrets',
  );
});

t.test('a logged payload is kept whole, however long or deep', async (t) => {
  const messages = Array.from({ length: 150 }, (_, index) => ({
    role: 'user',
    content: `${index}`,
  }));
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < 12; level++) schema = { type: 'object', properties: { x: schema } };
  const payload = { model: 'm', messages, tools: [{ function: { parameters: schema } }] };
  t.same(sanitizeLogValue({ payload }), { payload });
});
