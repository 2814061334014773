import t from 'tap';
import { ApiError } from '@google/genai';
import {
  classifyGoogleError,
  createGoogleErrorMapper,
  GoogleStreamError,
  REQUEST_CANCELLED_MESSAGE,
} from '@manifold/wire-google/errors';
import { recordingLogger } from '../openai/runtime-helpers.js';
import {
  API_KEY_INVALID,
  LOCATION_NOT_SUPPORTED,
  errorBody,
} from '@manifold/provider-kit/fakes/google-builders';

const settings = { invalidCredentials: 'InvalidProviderAPIKey' } as const;
const KEY = 'AIzaSyTest0123456789abcdefghijklmnopqr';
const mapper = (signal?: AbortSignal, extra: Record<string, unknown> = {}) =>
  createGoogleErrorMapper(
    {
      provider: 'google',
      baseURL: 'http://10.1.2.3:8080',
      customBaseURL: true,
      secrets: [KEY],
      logger: recordingLogger(),
      signal,
    },
    { ...settings, ...extra },
  );
/** The SDK's error for an HTTP error answer: its message is the JSON body. */
const apiError = (status: number, body: unknown) =>
  new ApiError({ status, message: JSON.stringify(body) });

t.test('Google error objects are classified as SPEC §8 says', async (t) => {
  const type = (status: number, body: any) => classifyGoogleError(status, body.error, settings);
  t.equal(type(400, API_KEY_INVALID), 'InvalidProviderAPIKey', 'API_KEY_INVALID');
  t.equal(type(400, LOCATION_NOT_SUPPORTED), 'LocationNotSupportError', 'location message');
  t.equal(
    type(403, errorBody(403, 'PERMISSION_DENIED', 'denied')),
    'LocationNotSupportError',
    '403',
  );
  t.equal(type(401, errorBody(401, 'UNAUTHENTICATED', 'no')), 'InvalidProviderAPIKey', '401');
  t.equal(type(429, errorBody(429, 'RESOURCE_EXHAUSTED', 'quota')), 'QuotaLimitReached', '429');
  t.equal(type(500, errorBody(500, 'INTERNAL', 'oops')), 'ProviderBizError', 'others');
  t.equal(
    classifyGoogleError(401, { message: 'x' }, { invalidCredentials: 'InvalidVertexCredentials' }),
    'InvalidVertexCredentials',
    'the provider names its credential error',
  );
});

t.test('the SDK ApiError becomes a catalogue error with the sanitised Google error', async (t) => {
  const error = mapper()(apiError(400, API_KEY_INVALID));
  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.body.message, 'API key not valid. Please pass a valid API key.');
  t.match(error.body.error, { code: 400, status: 'INVALID_ARGUMENT' });
  t.equal(error.body.provider, 'google');
  t.notMatch(error.body.endpoint, /10\.1\.2\.3/, 'the custom host is masked');
});

t.test('a key echoed by the upstream never reaches the body', async (t) => {
  const body = errorBody(400, 'INVALID_ARGUMENT', `Key ${KEY} rejected for ?key=${KEY}`);
  const error = mapper()(apiError(400, body));
  t.notMatch(JSON.stringify(error.body), KEY);
});

t.test('a text error body is kept as the message', async (t) => {
  const error = mapper()(
    apiError(502, {
      error: { message: '<html>Bad Gateway</html>', code: 502, status: 'Bad Gateway' },
    }),
  );
  t.equal(error.errorType, 'ProviderBizError');
  t.equal(error.body.message, '<html>Bad Gateway</html>');
  const bare = mapper()(new ApiError({ status: 503, message: 'not json' }));
  t.equal(bare.body.message, 'not json');
});

t.test('a cancelled request is ProviderBizError "Request was cancelled"', async (t) => {
  const controller = new AbortController();
  controller.abort();
  const error = mapper(controller.signal)(
    new DOMException('This operation was aborted', 'AbortError'),
  );
  t.equal(error.errorType, 'ProviderBizError');
  t.equal(error.body.message, REQUEST_CANCELLED_MESSAGE);
  t.equal(error.body.reason, 'cancelled');
  const sdkAbort = mapper()(Object.assign(new Error('aborted'), { name: 'AbortError' }));
  t.equal(sdkAbort.body.message, REQUEST_CANCELLED_MESSAGE, 'also when only the SDK aborted');
});

t.test('in-stream error chunks and provider recognisers are classified too', async (t) => {
  const stream = mapper()(
    new GoogleStreamError({ code: 429, message: 'Slow down', status: 'RESOURCE_EXHAUSTED' }),
  );
  t.equal(stream.errorType, 'QuotaLimitReached');
  const own = mapper(undefined, {
    classify: () => ({ type: 'InvalidVertexCredentials', upstream: {}, message: 'no token' }),
  })(new Error('anything'));
  t.equal(own.errorType, 'InvalidVertexCredentials', 'the provider recogniser is asked first');
  const refused = mapper()(
    Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
  );
  t.equal(refused.errorType, 'AgentRuntimeError', 'connection failures stay runtime errors');
});
