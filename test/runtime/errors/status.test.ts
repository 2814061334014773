import t from 'tap';
import { errorStatus, isValidHttpStatus } from '@manifold/core/errors/status';

t.test('catalogue types get their catalogue status', async (t) => {
  t.equal(errorStatus('InvalidProviderAPIKey'), 401);
  t.equal(errorStatus('ProviderBizError'), 471);
  t.equal(errorStatus('OllamaServiceUnavailable'), 472);
  t.equal(errorStatus('PermissionDenied'), 403);
  t.equal(errorStatus('StreamChunkError'), 502);
});

t.test('numeric types are their own status when they are valid HTTP statuses', async (t) => {
  t.equal(errorStatus(429), 429);
  t.equal(errorStatus(504), 504);
  t.equal(errorStatus(418), 418, 'a code outside the catalogue but valid is kept');
  t.equal(errorStatus(200), 200);
});

t.test('numbers outside 200–599 or not integers become 500', async (t) => {
  t.equal(errorStatus(0), 500);
  t.equal(errorStatus(199), 500);
  t.equal(errorStatus(600), 500);
  t.equal(errorStatus(1001), 500);
  t.equal(errorStatus(-1), 500);
  t.equal(errorStatus(404.5), 500);
  t.equal(errorStatus(Number.NaN), 500);
});

t.test(
  'unknown type names are 500, unless they contain Invalid (401 as SPEC maps them)',
  async (t) => {
    t.equal(errorStatus('SomethingElse'), 500);
    t.equal(errorStatus(''), 500);
    t.equal(errorStatus('InvalidCloudflareAccount'), 401);
  },
);

t.test('isValidHttpStatus accepts integers 200 to 599 only', async (t) => {
  t.ok(isValidHttpStatus(200));
  t.ok(isValidHttpStatus(599));
  t.notOk(isValidHttpStatus(199));
  t.notOk(isValidHttpStatus(600));
  t.notOk(isValidHttpStatus(500.1));
  t.notOk(isValidHttpStatus('500'));
  t.notOk(isValidHttpStatus(undefined));
});
