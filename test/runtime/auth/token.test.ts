import { createHash, createHmac } from 'node:crypto';
import t from 'tap';
import {
  encodeUnsignedToken,
  signToken,
  verifyToken,
  type TokenPayload,
} from '@manifold/core/auth/token';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const payload: TokenPayload = {
  accessCode: 'letmein',
  userId: 'u1',
  apiKey: 'sk-user',
  baseURL: 'http://h/v1',
};
const key = createHash('sha256').update('Manifold client token v1', 'utf8').digest();

const segment = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A JWT signed independently of the module under test, from raw segments. */
const craft = (header: unknown, claims: unknown) => {
  const input = `${segment(header)}.${segment(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<ManifoldError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ManifoldError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const signed = { now: NOW, allowUnsigned: false };

t.test('a signed token round-trips its payload', async (t) => {
  const token = await signToken(payload, { now: NOW });
  t.same(await verifyToken(token, signed), payload);
});

t.test('a signed token is an HS256 JWT valid for 100 s under the public key', async (t) => {
  const token = await signToken(payload, { now: NOW + 999 });
  const [header, claims, signature] = token.split('.');
  t.same(JSON.parse(Buffer.from(header!, 'base64url').toString()), { alg: 'HS256', typ: 'JWT' });
  const decoded = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  t.equal(decoded.iat, NOW / 1000);
  t.equal(decoded.exp, NOW / 1000 + 100);
  t.equal(signature, createHmac('sha256', key).update(`${header}.${claims}`).digest('base64url'));
});

t.test('unknown payload fields are not carried or returned', async (t) => {
  const token = await signToken({ ...payload, extra: 'x' } as TokenPayload, { now: NOW });
  t.notOk('extra' in (await verifyToken(token, signed)));
  const crafted = craft({ alg: 'HS256' }, { exp: NOW / 1000 + 50, apiKey: 'k', admin: true });
  t.same(await verifyToken(crafted, signed), { apiKey: 'k' });
});

t.test('a tampered payload is refused as InvalidAccessCode', async (t) => {
  const token = await signToken(payload, { now: NOW });
  const [header, , signature] = token.split('.');
  const forged = `${header}.${segment({ ...payload, apiKey: 'sk-evil', exp: NOW / 1000 + 100 })}.${signature}`;
  const error = await rejection(verifyToken(forged, signed));
  t.equal(error.errorType, 'InvalidAccessCode');
  t.match(error.body.message, /signature/);
});

t.test('a token with another alg is refused even when correctly signed', async (t) => {
  const token = craft({ alg: 'HS512', typ: 'JWT' }, { ...payload, exp: NOW / 1000 + 100 });
  const error = await rejection(verifyToken(token, signed));
  t.equal(error.errorType, 'InvalidAccessCode');
  t.match(error.body.message, /HS256/);
});

t.test('an alg none token without a signature is refused', async (t) => {
  const token = `${segment({ alg: 'none' })}.${segment({ ...payload, exp: NOW / 1000 + 100 })}.`;
  t.equal((await rejection(verifyToken(token, signed))).errorType, 'InvalidAccessCode');
});

t.test('an expired token is SystemTimeNotMatchError with the server time', async (t) => {
  const token = await signToken(payload, { now: NOW });
  const later = NOW + 100_000;
  const error = await rejection(verifyToken(token, { now: later, allowUnsigned: false }));
  t.equal(error.errorType, 'SystemTimeNotMatchError');
  t.equal(error.body.serverTime, later);
  t.match(error.body.message, /expired/);
  t.same(
    await verifyToken(token, { now: later - 1, allowUnsigned: false }),
    payload,
    'valid 1 ms before',
  );
});

t.test('a token issued more than 100 s in the future is SystemTimeNotMatchError', async (t) => {
  const token = await signToken(payload, { now: NOW + 101_000 });
  const error = await rejection(verifyToken(token, signed));
  t.equal(error.errorType, 'SystemTimeNotMatchError');
  t.equal(error.body.serverTime, NOW);
  const nearFuture = await signToken(payload, { now: NOW + 60_000 });
  t.same(await verifyToken(nearFuture, signed), payload, 'a smaller skew is accepted');
});

t.test('an unsigned token is accepted only when allowed', async (t) => {
  const token = encodeUnsignedToken(payload);
  t.match(token, /^nosafe\.[A-Za-z0-9_-]+$/);
  t.same(await verifyToken(token, { now: NOW, allowUnsigned: true }), payload);
  const error = await rejection(verifyToken(token, { now: NOW, allowUnsigned: false }));
  t.equal(error.errorType, 'InvalidAccessCode');
});

t.test('an unsigned token in standard base64 with padding is read too', async (t) => {
  const token = `nosafe.${Buffer.from(JSON.stringify({ apiKey: 'k?>' })).toString('base64')}`;
  t.same(await verifyToken(token, { now: NOW, allowUnsigned: true }), { apiKey: 'k?>' });
});

t.test('malformed tokens are InvalidAccessCode', async (t) => {
  const cases: [string, string][] = [
    ['empty', ''],
    ['not a token', 'hello'],
    ['two segments', 'a.b'],
    ['four segments', 'a.b.c.d'],
    ['bad base64 header', '%%%.e30.abc'],
    ['bad base64 signature', `${segment({ alg: 'HS256' })}.e30.!!!`],
    ['unsigned bad base64', 'nosafe.%%%'],
    ['unsigned not JSON', `nosafe.${segment('not json')}`],
    ['unsigned array', `nosafe.${segment([1])}`],
    ['unsigned non-string field', `nosafe.${segment({ apiKey: 42 })}`],
  ];
  for (const [name, token] of cases) {
    const error = await rejection(verifyToken(token, { now: NOW, allowUnsigned: true }));
    t.equal(error.errorType, 'InvalidAccessCode', name);
  }
});

t.test('a correctly signed token whose payload is not JSON is InvalidAccessCode', async (t) => {
  const token = craft({ alg: 'HS256' }, 'not json');
  t.equal((await rejection(verifyToken(token, signed))).errorType, 'InvalidAccessCode');
});

t.test('a correctly signed token without exp is InvalidAccessCode', async (t) => {
  const token = craft({ alg: 'HS256' }, { apiKey: 'k' });
  t.equal((await rejection(verifyToken(token, signed))).errorType, 'InvalidAccessCode');
});

t.test('payload values with non-ASCII text survive the round trip', async (t) => {
  const unicode = { userId: '用户-ü-😀', accessCode: 'пароль' };
  t.same(await verifyToken(await signToken(unicode, { now: NOW }), signed), unicode);
  t.same(
    await verifyToken(encodeUnsignedToken(unicode), { now: NOW, allowUnsigned: true }),
    unicode,
  );
});

t.test(
  'a key-vault value with a line break, NUL or a character beyond Latin-1 is BadRequest naming the field',
  async (t) => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ apiKey: 'sk-abc\r\nX-Injected: 1' }, 'apiKey'],
      [{ apiKey: 'sk-abc\u0000def' }, 'apiKey'],
      [{ apiKey: 'sk-ключ-0123' }, 'apiKey'],
      [{ secretAccessKey: 'abc\ndef' }, 'secretAccessKey'],
      [{ sessionToken: 'token\u007f' }, 'sessionToken'],
      [{ region: 'us-east-1\r\n' }, 'region'],
      [{ baseURL: 'http://host/v1\u0000' }, 'baseURL'],
    ];
    for (const [fields, field] of cases) {
      for (const token of [await signToken(fields, { now: NOW }), encodeUnsignedToken(fields)]) {
        const error = await rejection(verifyToken(token, { now: NOW, allowUnsigned: true }));
        t.equal(error.errorType, 'BadRequest', JSON.stringify(fields));
        t.equal(error.body.field, field);
        t.notMatch(
          String(error.body.message),
          Object.values(fields)[0]!,
          'the value is not echoed',
        );
      }
    }
  },
);

t.test('URL fields may hold Unicode hosts, and Latin-1 text passes', async (t) => {
  const fields = { baseURL: 'https://例え.テスト/v1', apiKey: 'clé-ü-0123', userId: '用户' };
  t.same(await verifyToken(await signToken(fields, { now: NOW }), signed), fields);
});
