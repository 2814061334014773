import t from 'tap';
import {
  causeCode,
  createUpstreamErrorMapper,
  isAbort,
  redactSecrets,
} from '@manifold/core/errors/upstream-error';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';

class FakeHTTPError extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const classify = (error: unknown) =>
  error instanceof FakeHTTPError
    ? {
        type:
          error.status === 401 ? ('InvalidProviderAPIKey' as const) : ('ProviderBizError' as const),
        upstream: error.payload,
        message: (error.payload as { message: string }).message,
        status: error.status,
        extra: { deploymentId: 'dep-1' },
      }
    : undefined;

t.test(
  'a classified failure keeps its type, sanitised upstream error and extra fields',
  async (t) => {
    const logger = recordingLogger();
    const map = createUpstreamErrorMapper(
      {
        provider: 'cloudy',
        baseURL: 'https://tenant-resource.example.net/v1',
        customBaseURL: true,
        secrets: ['s3cr3t-access-key-value', undefined],
        logger,
      },
      classify,
    );
    const error = map(
      new FakeHTTPError(401, { message: 'bad key s3cr3t-access-key-value', code: 'auth' }),
    );
    t.equal(error.errorType, 'InvalidProviderAPIKey');
    t.equal(error.body.provider, 'cloudy');
    t.equal(error.body.deploymentId, 'dep-1');
    t.notMatch(JSON.stringify(error.body), /s3cr3t/, 'the secret is redacted from the body');
    t.equal(
      error.body.endpoint,
      'https://tenant-resource.e****e.net/v1',
      'the custom host is masked',
    );
    t.notMatch(JSON.stringify(logger.records), /s3cr3t/, 'and from the debug log');
    t.equal(logger.records[0]?.message, 'upstream error');
  },
);

t.test('aborts and transport failures become AgentRuntimeError without addresses', async (t) => {
  const controller = new AbortController();
  const map = createUpstreamErrorMapper(
    { provider: 'cloudy', logger: recordingLogger(), signal: controller.signal },
    classify,
  );
  const refused = new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:443'), { code: 'ECONNREFUSED' }),
  });
  t.match(map(refused), {
    errorType: 'AgentRuntimeError',
    body: { error: { name: 'TypeError', code: 'ECONNREFUSED' }, message: 'fetch failed' },
  });
  controller.abort();
  t.match(map(new Error('whatever')), {
    errorType: 'AgentRuntimeError',
    body: { message: 'Request was aborted', reason: 'aborted' },
  });
  const own = new ManifoldError('QuotaLimitReached', {});
  t.equal(map(own), own, 'a ManifoldError passes through');
});

t.test('isAbort, causeCode and redactSecrets', async (t) => {
  t.ok(isAbort(Object.assign(new Error('x'), { name: 'AbortError' })));
  class APIUserAbortError extends Error {}
  t.ok(isAbort(new APIUserAbortError('Request was aborted.')));
  t.notOk(isAbort(new Error('boom')));
  t.equal(
    causeCode(new Error('a', { cause: Object.assign(new Error('b'), { code: 'ENOTFOUND' }) })),
    'ENOTFOUND',
  );
  t.same(redactSecrets({ a: 'key=abcd1234 and "abcd1234"' }, ['abcd1234']), {
    a: 'key=**** and "****"',
  });
  t.same(redactSecrets({ a: 'abc' }, ['ab']), { a: 'abc' }, 'secrets shorter than 4 are ignored');
});

t.test('a secret with a line break or a quote is redacted where it is echoed', async (t) => {
  const secret = 'sk-abc\r\nX-Injected: "1"';
  const body = {
    message: `Headers.append: "${secret}" is an invalid header value.`,
    error: { detail: [secret] },
  };
  const redacted = redactSecrets(body, [secret]);
  t.same(redacted, {
    message: 'Headers.append: "****" is an invalid header value.',
    error: { detail: ['****'] },
  });
  t.same(
    redactSecrets({ a: 'a\\nabc' }, ['\nabc']),
    { a: 'a\\nabc' },
    'a backslash before text that looks like the escaped secret is not a match',
  );
});
