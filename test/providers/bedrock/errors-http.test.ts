import t from 'tap';
import { definition } from '@manifold/provider-bedrock';
import { errorStatus } from '@manifold/core/errors/status';
import { chatEvents, rejection } from '../../wires/openai/runtime-helpers.js';
import { claudeTextEvents } from '@manifold/provider-kit/fakes/bedrock-builders';
import { bedrockError, streamOf, TEST_CREDENTIALS } from '@manifold/provider-kit/fakes/bedrock';
import { ask, bedrockOptions, bedrockRuntime, fakeBedrock } from './helpers.js';

/** message_start and a text block opened: the stream is accepted, no content yet. */
const opening = claudeTextEvents(['x']).slice(0, 2);

const httpCases: Array<[number, string, string, string]> = [
  [
    403,
    'UnrecognizedClientException',
    'The security token included in the request is invalid.',
    'InvalidBedrockCredentials',
  ],
  [
    403,
    'ExpiredTokenException',
    'The security token included in the request is expired',
    'InvalidBedrockCredentials',
  ],
  [
    403,
    'AccessDeniedException',
    "You don't have access to the model with the specified model ID.",
    'PermissionDenied',
  ],
  [
    404,
    'ResourceNotFoundException',
    'Could not resolve the foundation model from the provided model identifier.',
    'ModelNotFound',
  ],
  [400, 'ValidationException', 'The provided model identifier is invalid.', 'ModelNotFound'],
  [
    429,
    'ThrottlingException',
    'Too many requests, please wait before trying again.',
    'QuotaLimitReached',
  ],
  [
    400,
    'ServiceQuotaExceededException',
    'Your account has exceeded its quota.',
    'QuotaLimitReached',
  ],
  [400, 'ValidationException', 'Input is too long for requested model.', 'ExceededContextWindow'],
  [
    400,
    'ValidationException',
    'prompt is too long: 215000 tokens > 200000 maximum',
    'ExceededContextWindow',
  ],
  [
    400,
    'ValidationException',
    "This model's maximum context length is 8192 tokens.",
    'ExceededContextWindow',
  ],
  [
    400,
    'ValidationException',
    'max_tokens: 100000 > 64000, which is the maximum allowed',
    'ProviderBizError',
  ],
  [
    500,
    'InternalServerException',
    'The system encountered an unexpected error.',
    'ProviderBizError',
  ],
  [
    503,
    'ServiceUnavailableException',
    'Bedrock is unable to process your request.',
    'ProviderBizError',
  ],
  [424, 'ModelErrorException', 'The model failed to process the request.', 'ProviderBizError'],
];

t.test('Bedrock HTTP errors map to the catalogue and are thrown before any event', async (t) => {
  const fake = await fakeBedrock(t);
  const runtime = bedrockRuntime(fake);
  for (const [status, type, message, expected] of httpCases) {
    fake.reply(bedrockError(status, type, message));
    const error = await rejection(
      runtime.chat(ask(), { signal: new AbortController().signal, startedAt: Date.now() }),
    );
    t.equal(error?.errorType, expected, `${status} ${type}: ${message}`);
    t.match(error?.body, {
      provider: 'bedrock',
      region: 'us-east-1',
      message,
      error: { name: type, message, requestId: String },
    });
    t.notMatch(error?.body.endpoint, /127\.0\.0\.1/, 'the proxy host is masked');
  }
  t.equal(errorStatus('InvalidBedrockCredentials'), 401, 'credential errors are 401');
  t.equal(fake.activeResponses(), 0, 'no answer is left open');
});

t.test(
  'a wrong secret is refused by the signature check as InvalidBedrockCredentials',
  async (t) => {
    const fake = await fakeBedrock(t);
    const wrongSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYWRONGSECRET';
    const options = bedrockOptions(fake, { secretAccessKey: wrongSecret });
    const error = await rejection(
      definition
        .createRuntime(options)
        .chat(ask(), { signal: new AbortController().signal, startedAt: Date.now() }),
    );
    t.equal(fake.lastRequest()?.signature, undefined, 'the fake did not accept the signature');
    t.equal(error?.errorType, 'InvalidBedrockCredentials');
    t.match(error?.body.error, { name: 'InvalidSignatureException' });
    t.match(error?.body.message, /signature we calculated does not match/);
    t.notMatch(JSON.stringify(error?.body), wrongSecret);
    t.notMatch(JSON.stringify(options.logger.records), wrongSecret);
  },
);

t.test('the secret, session token and key id never reach bodies or logs', async (t) => {
  const sessionToken = 'IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN0123456789';
  const credentials = { ...TEST_CREDENTIALS, sessionToken };
  const { startFakeBedrock } = await import('@manifold/provider-kit/fakes/bedrock');
  const fake = await startFakeBedrock({ credentials: [credentials] });
  t.teardown(() => fake.close());
  const options = bedrockOptions(fake, { sessionToken });
  const runtime = definition.createRuntime(options);
  const echo = `Bad request for ${credentials.accessKeyId} with ${credentials.secretAccessKey} and ${sessionToken}`;
  fake.reply(bedrockError(400, 'ValidationException', echo));
  const error = await rejection(
    runtime.chat(ask(), { signal: new AbortController().signal, startedAt: Date.now() }),
  );
  t.equal(
    fake.lastRequest()?.signature?.sessionToken,
    sessionToken,
    'the session token was signed and sent',
  );
  t.equal(error?.errorType, 'ProviderBizError');
  const seen = JSON.stringify(error?.body) + JSON.stringify(options.logger.records);
  for (const secret of [credentials.secretAccessKey, sessionToken, credentials.accessKeyId])
    t.notMatch(seen, secret, 'redacted');
  t.match(error?.body.message, /Bad request for \*\*\*\* with \*\*\*\* and \*\*\*\*/);

  fake.reply(
    streamOf(opening, { then: [{ exception: 'validationException', body: { message: echo } }] }),
  );
  const events = await chatEvents(runtime, ask());
  t.notMatch(JSON.stringify(events), credentials.secretAccessKey, 'nor in-stream errors');
});

t.test('an unreachable endpoint is an AgentRuntimeError without the host', async (t) => {
  const fake = await fakeBedrock(t);
  const url = fake.url;
  await fake.close();
  const error = await rejection(
    bedrockRuntime({ url }).chat(ask(), {
      signal: new AbortController().signal,
      startedAt: Date.now(),
    }),
  );
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.notMatch(JSON.stringify(error?.body), /127\.0\.0\.1/);
});
