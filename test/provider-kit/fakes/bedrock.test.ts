/**
 * The fake Bedrock's own wire pieces: the event-stream encoder against published byte vectors and
 * its own decoder, and the SigV4 check against AWS's signature test suite and the real SDK.
 */
import t from 'tap';
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { fetchRequestHandler } from '../../../providers/bedrock/transport.js';
import {
  chunkMessage,
  decodeMessages,
  encodeMessage,
  exceptionMessage,
} from '@manifold/provider-kit/fakes/bedrock-eventstream';
import { verifySigV4, type WireRequest } from '@manifold/provider-kit/fakes/bedrock-sigv4';
import { startFakeBedrock, TEST_CREDENTIALS } from '@manifold/provider-kit/fakes/bedrock';

t.test('a message without headers matches the published event-stream bytes', async (t) => {
  const payload = '{"foo": "bar"}';
  const bytes = encodeMessage({}, payload);
  t.same(
    [...bytes],
    [0, 0, 0, 30, 0, 0, 0, 0, 186, 242, 246, 138, ...Buffer.from(payload), 174, 114, 88, 228],
  );
});

t.test('a string header is name length, name, type 7, value length, value', async (t) => {
  const payload = '{"foo": "bar"}';
  const bytes = encodeMessage({ 'content-type': 'application/json' }, payload);
  t.same(
    [...bytes],
    [
      ...[0, 0, 0, 62, 0, 0, 0, 32, 64, 93, 249, 70],
      12,
      ...Buffer.from('content-type'),
      7,
      0,
      16,
      ...Buffer.from('application/json'),
      ...Buffer.from(payload),
      ...[111, 162, 191, 59],
    ],
  );
});

t.test('chunk and exception frames decode back with their headers and payloads', async (t) => {
  const frames = Buffer.concat([
    chunkMessage('{"type":"message_stop"}'),
    exceptionMessage('throttlingException', { message: 'Slow down' }),
  ]);
  const [chunk, exception] = decodeMessages(frames);
  t.same(chunk?.headers, {
    ':event-type': 'chunk',
    ':content-type': 'application/json',
    ':message-type': 'event',
  });
  const body = JSON.parse(chunk!.payload.toString()) as { bytes: string; p: string };
  t.equal(Buffer.from(body.bytes, 'base64').toString(), '{"type":"message_stop"}');
  t.match(body.p, /^abcdefghij/, "Bedrock's padding field");
  t.same(exception?.headers, {
    ':exception-type': 'throttlingException',
    ':content-type': 'application/json',
    ':message-type': 'exception',
  });
  t.same(JSON.parse(exception!.payload.toString()), { message: 'Slow down' });
});

t.test('the decoder refuses a corrupted or truncated frame', async (t) => {
  const frame = chunkMessage('{}');
  const payloadFlip = Buffer.from(frame);
  payloadFlip[payloadFlip.length - 6]! ^= 1;
  t.throws(() => decodeMessages(payloadFlip), /message CRC mismatch/);
  const preludeFlip = Buffer.from(frame);
  preludeFlip[9]! ^= 1;
  t.throws(() => decodeMessages(preludeFlip), /prelude CRC mismatch/);
  t.throws(() => decodeMessages(frame.subarray(0, frame.length - 1)), /truncated/);
});

/** AWS's SigV4 test suite request (get-vanilla), signed with its example key. */
const vanilla = (signature: string, query = ''): WireRequest => ({
  method: 'GET',
  rawPath: '/',
  rawQuery: query,
  headers: {
    host: 'example.amazonaws.com',
    'x-amz-date': '20150830T123600Z',
    authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`,
  },
  body: Buffer.alloc(0),
});
const suiteKey = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

t.test("the SigV4 check accepts AWS's published test-suite signatures", async (t) => {
  const get = verifySigV4(
    vanilla('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'),
    [suiteKey],
  );
  t.match(get, { ok: true, signature: { region: 'us-east-1', service: 'service' } });
  const sortedQuery = verifySigV4(
    vanilla(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
      'Param2=value2&Param1=value1',
    ),
    [suiteKey],
  );
  t.equal(sortedQuery.ok, true, 'query parameters are sorted before signing');
});

t.test('the SigV4 check refuses a wrong secret, an unknown key and a missing header', async (t) => {
  const signature = '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31';
  t.match(verifySigV4(vanilla(signature), [{ ...suiteKey, secretAccessKey: 'other' }]), {
    ok: false,
    failure: { type: 'InvalidSignatureException' },
  });
  t.match(verifySigV4(vanilla(signature), [TEST_CREDENTIALS]), {
    ok: false,
    failure: { type: 'UnrecognizedClientException' },
  });
  const unsigned = vanilla(signature);
  delete unsigned.headers.authorization;
  t.match(verifySigV4(unsigned, [suiteKey]), {
    ok: false,
    failure: { type: 'MissingAuthenticationTokenException' },
  });
  const tampered = { ...vanilla(signature), body: Buffer.from('changed') };
  t.match(verifySigV4(tampered, [suiteKey]), {
    ok: false,
    failure: { type: 'InvalidSignatureException' },
  });
});

t.test(
  'the fake accepts what the real SDK signs and refuses a wrong secret with 403',
  async (t) => {
    const fake = await startFakeBedrock();
    t.teardown(() => fake.close());
    const client = (secretAccessKey: string) =>
      new BedrockRuntimeClient({
        region: 'ap-northeast-1',
        endpoint: fake.url,
        credentials: { accessKeyId: TEST_CREDENTIALS.accessKeyId, secretAccessKey },
        requestHandler: fetchRequestHandler() as never,
        authSchemePreference: ['sigv4'],
        maxAttempts: 1,
      });
    const invoke = new InvokeModelCommand({
      modelId: 'amazon.titan-embed-text-v2:0',
      body: JSON.stringify({ inputText: 'hello', dimensions: 256 }),
      contentType: 'application/json',
    });
    const output = await client(TEST_CREDENTIALS.secretAccessKey).send(invoke);
    const answer = JSON.parse(new TextDecoder().decode(output.body)) as { embedding: number[] };
    t.equal(answer.embedding.length, 256);
    t.match(fake.lastRequest(), {
      rawPath: '/model/amazon.titan-embed-text-v2%3A0/invoke',
      signature: {
        region: 'ap-northeast-1',
        service: 'bedrock',
        accessKeyId: TEST_CREDENTIALS.accessKeyId,
      },
      body: { inputText: 'hello', dimensions: 256 },
    });

    const refused = await client('not-the-secret')
      .send(invoke)
      .catch((error: unknown) => error as Error & { $metadata: { httpStatusCode: number } });
    t.match(refused, {
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
    });
    t.equal(fake.lastRequest()?.signature, undefined);
    t.equal(fake.requests.length, 2, 'both requests were recorded');
  },
);
