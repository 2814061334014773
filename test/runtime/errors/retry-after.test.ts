import t from 'tap';
import { APIError } from 'openai';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { toErrorResponse, toStreamError } from '@manifold/core/errors/response';
import { headersOf, parseRetryAfter, retryAfterOf } from '@manifold/core/errors/retry-after';
import { createUpstreamErrorMapper } from '@manifold/core/errors/upstream-error';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');

t.test('Retry-After is read as delay-seconds or as an HTTP date', async (t) => {
  t.equal(parseRetryAfter('3', NOW), 3000);
  t.equal(parseRetryAfter(' 0 ', NOW), 0);
  t.equal(parseRetryAfter('1.5', NOW), 1500);
  t.equal(parseRetryAfter('Tue, 24 Nov 2026 12:00:07 GMT', NOW), 7000);
  t.equal(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', NOW), 0, 'a date passed: no wait');
  for (const value of [undefined, '', '-1', 'soon', '12abc', '1e3'])
    t.equal(parseRetryAfter(value, NOW), undefined, `${JSON.stringify(value)} is no wait`);
});

t.test('retry-after-ms wins over Retry-After, in a Headers object or a plain record', async (t) => {
  t.equal(retryAfterOf(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' })), 250);
  t.equal(retryAfterOf(new Headers({ 'retry-after': '2' })), 2000);
  t.equal(retryAfterOf({ 'Retry-After': '4' }), 4000);
  t.equal(retryAfterOf({ 'retry-after': ['5'] }), 5000);
  t.equal(retryAfterOf({ 'retry-after-ms': 'x', 'retry-after': '1' }), 1000);
  t.equal(retryAfterOf(undefined), undefined);
});

t.test("an error's response headers are found along its causes", async (t) => {
  const headers = new Headers({ 'retry-after': '1' });
  t.equal(headersOf({ headers }), headers, "the SDKs' APIError.headers");
  t.equal(headersOf(new Error('wrapped', { cause: { headers } })), headers);
  t.same(headersOf({ $response: { headers: { 'retry-after': '2' } } }), { 'retry-after': '2' });
  t.equal(headersOf(new Error('plain')), undefined);
});

const mapper = () =>
  createUpstreamErrorMapper({ provider: 'openai', logger: recordingLogger() }, (error) =>
    error instanceof APIError
      ? {
          type: 'QuotaLimitReached',
          upstream: error.error,
          message: error.message,
          status: error.status,
        }
      : undefined,
  );

t.test(
  "the upstream's status and Retry-After reach ManifoldError.upstream, never the client's body",
  async (t) => {
    const sdkError = APIError.generate(
      429,
      { error: { message: 'slow down' } },
      undefined,
      new Headers({ 'retry-after': '3', 'x-request-id': 'req_1' }),
    );
    const error = mapper()(sdkError);
    t.same(error.upstream, { status: 429, retryAfterMs: 3000 });
    const { payload } = toErrorResponse(error);
    t.notMatch(JSON.stringify(payload), /retry|3000|upstream"/i, 'not in the HTTP error body');
    t.notMatch(JSON.stringify(toStreamError(error)), /3000/, 'nor in the error event');
  },
);

t.test('a connection failure is marked as one; a plain failure and an abort are not', async (t) => {
  const refused = new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
  });
  t.same(mapper()(refused).upstream, { connection: true });
  t.equal(mapper()(new Error('something else')).upstream, undefined);
  const abort = new DOMException('This operation was aborted', 'AbortError');
  t.equal(mapper()(abort).upstream, undefined);
  t.equal(new ManifoldError('BadRequest', {}).upstream, undefined, 'no field unless upstream set');
});
