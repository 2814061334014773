import t from 'tap';
import { Compile } from 'typebox/compile';
import { ModelCardSchema } from '@manifold/core/contract/model-card';
import { createVerify } from 'node:crypto';
import { errorStatus } from '@manifold/core/errors/status';
import { chatEvents, kinds, rejection, thrown } from '../../wires/openai/runtime-helpers.js';
import { errorBody, textChunks, usage } from '@manifold/provider-kit/fakes/google-builders';
import { ask, fakeGoogle, sentBody } from '../google/helpers.js';
import { createRuntime, vertexEndpoint } from '../../../providers/vertexai/runtime.js';
import { definition, serverVault } from '../../../providers/vertexai/index.js';
import {
  SERVICE_ACCOUNT_PUBLIC_KEY,
  serviceAccount,
  vertexOptions,
  vertexRuntime,
} from './helpers.js';

const context = () => ({ signal: new AbortController().signal, startedAt: Date.now() });
const construct = (apiKey: string | undefined, env: Record<string, string> = {}) =>
  thrown(() => createRuntime({ providerId: 'vertexai', apiKey, env, logger: console }));

t.test(
  'missing or malformed credentials are InvalidVertexCredentials at construction',
  async (t) => {
    const account = serviceAccount();
    const cases: Array<[string, string | undefined, RegExp]> = [
      ['no credentials', undefined, /No service-account credentials/],
      ['not JSON', 'AIzaSyNotAServiceAccount0123456789abcd', /not a service-account JSON/],
      [
        'no private key',
        JSON.stringify({ ...account, private_key: undefined }),
        /client_email and private_key/,
      ],
      [
        'a broken private key',
        JSON.stringify({
          ...account,
          private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
        }),
        /not a valid key/,
      ],
      [
        'a token_uri that is no URL',
        JSON.stringify({ ...account, token_uri: 'file:///etc/passwd' }),
        /token_uri/,
      ],
      ['no project anywhere', JSON.stringify({ ...account, project_id: undefined }), /No project/],
    ];
    for (const [name, apiKey, message] of cases) {
      const error = construct(apiKey);
      t.equal(error?.errorType, 'InvalidVertexCredentials', name);
      t.equal(errorStatus(error.errorType), 401);
      t.match(error.body.message, message, name);
      t.notMatch(JSON.stringify(error.body), /PRIVATE KEY/, `${name}: no key material in the body`);
    }
    t.equal(
      construct(JSON.stringify({ ...account, project_id: undefined }), {
        VERTEXAI_PROJECT: 'from-env',
      }),
      undefined,
      'VERTEXAI_PROJECT stands in for a key without project_id',
    );
  },
);

t.test(
  'the service account’s JWT is exchanged at its token_uri, the token then authorises Vertex',
  async (t) => {
    const fake = await fakeGoogle(t, {});
    fake.reply({
      kind: 'chunks',
      chunks: textChunks(['Bonjour'], { usage: usage(3, 1), responseId: 'vx-1' }),
    });
    const runtime = vertexRuntime(fake);
    const events = await chatEvents(runtime, ask({ model: 'gemini-2.5-flash' }));
    t.same(kinds(events).slice(0, -1), [
      ['text', 'Bonjour'],
      ['stop', 'STOP'],
      [
        'usage',
        {
          totalInputTokens: 3,
          totalOutputTokens: 1,
          totalTokens: 4,
          inputTextTokens: 3,
          outputTextTokens: 1,
        },
      ],
    ]);
    const [exchange, call] = fake.requests;
    t.equal(exchange?.path, '/token');
    t.equal(exchange?.body.grant_type, 'urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, payload, signature] = String(exchange?.body.assertion).split('.');
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${payload}`);
    t.ok(
      verifier.verify(SERVICE_ACCOUNT_PUBLIC_KEY, Buffer.from(signature!, 'base64url')),
      'signed with the service account key',
    );
    t.match(JSON.parse(Buffer.from(payload!, 'base64url').toString()), {
      iss: 'manifold@manifold-test.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: 'https://oauth2.googleapis.com/token',
    });
    t.equal(
      call?.path,
      '/v1/projects/manifold-test/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent',
    );
    t.equal(call?.query.get('alt'), 'sse');
    t.equal(call?.headers.authorization, 'Bearer ya29.fake-token-1');
    t.same(
      sentBody(fake).generationConfig.thinkingConfig,
      { includeThoughts: true, thinkingBudget: -1 },
      'the family’s conversion',
    );
    await chatEvents(runtime, ask({ stream: false }));
    t.equal(fake.issuedTokens.length, 1, 'the token is reused');
    t.match(
      fake.lastGenerate()?.path,
      /gemini-2\.0-flash:generateContent$/,
      'stream: false calls generateContent',
    );
  },
);

t.test('without a region the location is global', async (t) => {
  const fake = await fakeGoogle(t, {});
  await chatEvents(vertexRuntime(fake, { region: undefined }), ask());
  t.match(
    fake.lastGenerate()?.path,
    /^\/v1\/projects\/manifold-test\/locations\/global\/publishers\/google\/models\//,
  );
  t.equal(vertexEndpoint('global'), 'https://aiplatform.googleapis.com');
  t.equal(vertexEndpoint('europe-west4'), 'https://europe-west4-aiplatform.googleapis.com');
});

t.test('a refused token exchange is InvalidVertexCredentials, without key material', async (t) => {
  const fake = await fakeGoogle(t, {});
  fake.replyToken({
    kind: 'json',
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
  });
  const error = await rejection(vertexRuntime(fake).chat(ask(), context()));
  t.equal(error?.errorType, 'InvalidVertexCredentials');
  t.equal(
    error.body.message,
    'The service account could not get an access token: Invalid JWT Signature.',
  );
  t.same(error.body.error, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  t.notMatch(JSON.stringify(error.body), /PRIVATE KEY|assertion/);
  t.equal(fake.lastGenerate(), undefined, 'Vertex was not called');
});

t.test('Vertex errors: 401 is InvalidVertexCredentials, 429 QuotaLimitReached', async (t) => {
  const fake = await fakeGoogle(t, {});
  const runtime = vertexRuntime(fake);
  fake.reply({
    kind: 'json',
    status: 401,
    body: errorBody(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
  });
  t.equal((await rejection(runtime.chat(ask(), context())))?.errorType, 'InvalidVertexCredentials');
  fake.reply({
    kind: 'json',
    status: 429,
    body: errorBody(
      429,
      'RESOURCE_EXHAUSTED',
      'Quota exceeded for aiplatform.googleapis.com/generate_content_requests_per_minute_per_project_per_base_model.',
    ),
  });
  t.equal((await rejection(runtime.chat(ask(), context())))?.errorType, 'QuotaLimitReached');
});

t.test('Vertex has no remote model list', async (t) => {
  const fake = await fakeGoogle(t, {});
  t.equal(vertexRuntime(fake).models, undefined);
});

t.test('the server vault reads VERTEXAI_CREDENTIALS and VERTEXAI_LOCATION', async (t) => {
  t.same(serverVault({ VERTEXAI_CREDENTIALS: '{"a":1}', VERTEXAI_LOCATION: 'us-east5' }), {
    apiKey: '{"a":1}',
    region: 'us-east5',
  });
  t.same(serverVault({}), {});
  const options = vertexOptions({
    url: 'http://127.0.0.1:9',
    tokenURL: 'http://127.0.0.1:9/token',
  });
  t.type(createRuntime(options).chat, 'function', 'options built from the vault make a runtime');
});

const checkCard = Compile(ModelCardSchema);
const manifest = definition.manifest;

t.test(
  'vertexai takes a service-account JSON key and a location, never from the browser',
  async (t) => {
    t.match(manifest, {
      id: 'vertexai',
      sdkType: 'google',
      settings: { disableBrowserRequest: true },
    });
    t.notOk(manifest.enabled, 'off until credentials are configured');
    t.same(
      manifest.keyVault.map((field) => [field.field, field.required, field.secret]),
      [
        ['apiKey', true, true],
        ['region', false, false],
      ],
    );
    t.equal(manifest.keyVault[1]?.placeholder, 'global');
  },
);

t.test('the Gemini cards on Vertex are valid, priced and sized', async (t) => {
  const ids = manifest.models.map((card) => card.id);
  t.equal(new Set(ids).size, ids.length);
  for (const id of [
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.0-flash',
  ])
    t.ok(ids.includes(id), id);
  for (const card of manifest.models) {
    t.ok(checkCard.Check(card), `${card.id} is a valid card`);
    t.ok(
      card.contextWindowTokens && card.maxOutput && card.pricing,
      `${card.id} has limits and prices`,
    );
  }
});
