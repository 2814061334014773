import t from 'tap';
import { verifyToken } from '@manifold/core/auth/token';
import {
  authHeaders,
  createAuthToken,
  getServerClockOffset,
  setServerClockOffset,
  syncServerClock,
} from '../../web/src/lib/auth-token.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

t.afterEach(() => setServerClockOffset(0));

t.test(
  'authHeaders carries a signed token the gateway accepts, and JSON content type',
  async (t) => {
    const headers = await authHeaders({ apiKey: 'sk-1', accessCode: 'code' }, { now: NOW });
    t.equal(headers['content-type'], 'application/json');
    const token = headers['x-manifold-auth'] as string;
    t.equal(token.split('.').length, 3, 'a JWT');
    const payload = await verifyToken(token, { now: NOW + 1000, allowUnsigned: false });
    t.same(payload, { apiKey: 'sk-1', accessCode: 'code' });
  },
);

t.test('signs with WebCrypto by default when it exists', async (t) => {
  const headers = await authHeaders({ apiKey: 'k' });
  t.notOk(headers['x-manifold-auth']?.startsWith('nosafe.'));
  await verifyToken(headers['x-manifold-auth'] as string, { allowUnsigned: false });
});

t.test('without WebCrypto the unsigned form is sent', async (t) => {
  const token = await createAuthToken({ apiKey: 'k' }, { signed: false });
  t.ok(token.startsWith('nosafe.'));
  t.same(await verifyToken(token, { allowUnsigned: true }), { apiKey: 'k' });
});

t.test('falls back to unsigned when crypto.subtle is missing', async (t) => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true, writable: true });
  try {
    const headers = await authHeaders({ apiKey: 'k' });
    t.ok(headers['x-manifold-auth']?.startsWith('nosafe.'));
  } finally {
    if (original) Object.defineProperty(globalThis, 'crypto', original);
  }
});

t.test('the server clock offset shifts iat and exp', async (t) => {
  const serverNow = NOW + 3_600_000;
  t.ok(syncServerClock(serverNow, NOW));
  t.equal(getServerClockOffset(), 3_600_000);
  const token = await createAuthToken({ apiKey: 'k' }, { now: NOW });
  // Valid for a server whose clock is one hour ahead, expired for one at local time + 200 s.
  await verifyToken(token, { now: serverNow + 1000, allowUnsigned: false });
  const expired = await verifyToken(token, {
    now: NOW + 3_700_000 + 1000,
    allowUnsigned: false,
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  t.equal((expired as any)?.errorType, 'SystemTimeNotMatchError');
  t.notOk(syncServerClock('soon', NOW), 'a non-number serverTime is ignored');
  t.equal(getServerClockOffset(), 3_600_000);
  setServerClockOffset(Number.NaN);
  t.equal(getServerClockOffset(), 0);
});
