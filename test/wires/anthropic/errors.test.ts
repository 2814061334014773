import t from 'tap';
import { AnthropicStreamError, classifyAnthropicFailure } from '@manifold/wire-anthropic/errors';

/** An error shaped as the SDK's APIError: status, parsed body, message. */
function apiError(status: number, type: string, message: string) {
  const body = { type: 'error', error: { type, message }, request_id: 'req_1' };
  return Object.assign(new Error(`${status} ${JSON.stringify(body)}`), { status, error: body });
}

const cases: Array<[number, string, string, string]> = [
  [401, 'authentication_error', 'invalid x-api-key', 'InvalidProviderAPIKey'],
  [403, 'permission_error', 'Request not allowed', 'LocationNotSupportError'],
  [
    400,
    'invalid_request_error',
    'This service is not available in your region.',
    'LocationNotSupportError',
  ],
  [404, 'not_found_error', 'model: claude-nope', 'ModelNotFound'],
  [404, 'not_found_error', 'Not Found', 'ProviderBizError'],
  [
    429,
    'rate_limit_error',
    'Number of request tokens has exceeded your per-minute rate limit',
    'QuotaLimitReached',
  ],
  [
    400,
    'invalid_request_error',
    'prompt is too long: 215000 tokens > 200000 maximum',
    'ExceededContextWindow',
  ],
  [
    400,
    'invalid_request_error',
    'Your credit balance is too low to access the Anthropic API.',
    'InsufficientQuota',
  ],
  [402, 'billing_error', 'Payment required', 'InsufficientQuota'],
  [400, 'invalid_request_error', 'max_tokens: Field required', 'ProviderBizError'],
  [529, 'overloaded_error', 'Overloaded', 'ProviderBizError'],
  [500, 'api_error', 'Internal server error', 'ProviderBizError'],
];

for (const [status, type, message, expected] of cases) {
  t.test(`HTTP ${status} ${type} "${message}" is ${expected}`, async (t) => {
    const failure = classifyAnthropicFailure(apiError(status, type, message));
    t.match(failure, { type: expected, status, message, upstream: { error: { type, message } } });
  });
}

t.test('an in-stream error event is classified by its type', async (t) => {
  const event = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
  t.match(classifyAnthropicFailure(new AnthropicStreamError(event)), {
    type: 'ProviderBizError',
    status: 529,
    message: 'Overloaded',
    upstream: event,
  });
  const auth = { type: 'error', error: { type: 'authentication_error', message: 'bad key' } };
  t.match(classifyAnthropicFailure(auth), { type: 'InvalidProviderAPIKey', status: 401 });
  const unknown = { type: 'error', error: { type: 'brand_new_error', message: 'x' } };
  const failure = classifyAnthropicFailure(unknown);
  t.match(failure, { type: 'ProviderBizError', message: 'x' });
  t.notOk(failure && 'status' in failure, 'an unknown type has no status');
});

t.test(
  'a non-JSON HTTP error keeps the SDK message; connection errors are left alone',
  async (t) => {
    const html = Object.assign(new Error('502 <html>Bad gateway</html>'), { status: 502 });
    t.match(classifyAnthropicFailure(html), {
      type: 'ProviderBizError',
      status: 502,
      upstream: { message: '502 <html>Bad gateway</html>' },
    });
    t.equal(classifyAnthropicFailure(new Error('Connection error.')), undefined);
    t.equal(
      classifyAnthropicFailure(Object.assign(new Error('x'), { status: undefined })),
      undefined,
    );
    t.equal(classifyAnthropicFailure('boom'), undefined);
  },
);
