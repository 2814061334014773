import t from 'tap';
import { Compile } from 'typebox/compile';
import { ModelCardSchema } from '@manifold/core/contract/model-card';
import { definition } from '@manifold/provider-bedrock';
import { chatEvents } from '../../wires/openai/runtime-helpers.js';
import { startFakeBedrock, TEST_CREDENTIALS } from '@manifold/provider-kit/fakes/bedrock';
import { ask, bedrockOptions } from './helpers.js';

const checkCard = Compile(ModelCardSchema);

t.test('the manifest is bedrock-typed, off by default, with the AWS key form', async (t) => {
  const manifest = definition.manifest;
  t.equal(manifest.id, 'bedrock');
  t.equal(manifest.sdkType, 'bedrock');
  t.equal(manifest.enabled, false);
  t.same(
    manifest.keyVault.map((field) => [
      field.field,
      field.required,
      field.secret,
      field.placeholder,
    ]),
    [
      ['accessKeyId', true, true, 'AKIA...'],
      ['secretAccessKey', true, true, undefined],
      ['sessionToken', false, true, undefined],
      ['region', false, false, 'us-east-1'],
    ],
  );
  t.equal(manifest.settings.showModelFetcher, false, 'no remote model list to fetch');
  const ids = manifest.models.map((card) => card.id);
  t.equal(new Set(ids).size, ids.length, 'model ids are unique');
  for (const card of manifest.models) {
    t.ok(checkCard.Check(card), `${card.id} is a valid model card`);
    t.ok(
      card.contextWindowTokens && card.pricing?.input,
      `${card.id} has a context window and a price`,
    );
    if (card.type === 'chat') t.ok(card.maxOutput, `${card.id} has an output cap`);
  }
  for (const id of [
    'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
    'anthropic.claude-3-5-haiku-20241022-v1:0',
    'us.meta.llama3-3-70b-instruct-v1:0',
    'meta.llama3-8b-instruct-v1:0',
    'amazon.titan-embed-text-v2:0',
  ])
    t.ok(ids.includes(id), id);
});

t.test('serverVault reads the AWS variables, or the BEDROCK_ ones as a set', async (t) => {
  const vault = definition.serverVault!;
  t.same(
    vault({
      AWS_ACCESS_KEY_ID: 'AKIAAWS',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      AWS_SESSION_TOKEN: 'aws-token',
      AWS_REGION: 'eu-west-1',
    }),
    {
      accessKeyId: 'AKIAAWS',
      secretAccessKey: 'aws-secret',
      sessionToken: 'aws-token',
      region: 'eu-west-1',
    },
  );
  t.same(
    vault({
      AWS_ACCESS_KEY_ID: 'AKIAAWS',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      AWS_SESSION_TOKEN: 'aws-token',
      AWS_DEFAULT_REGION: 'us-west-2',
      BEDROCK_ACCESS_KEY_ID: 'AKIABEDROCK',
      BEDROCK_SECRET_ACCESS_KEY: 'bedrock-secret',
    }),
    { accessKeyId: 'AKIABEDROCK', secretAccessKey: 'bedrock-secret', region: 'us-west-2' },
    'the BEDROCK_ pair wins whole: the AWS session token is not mixed in',
  );
  t.same(vault({ BEDROCK_REGION: 'ap-south-1', AWS_REGION: 'eu-west-1' }), {
    region: 'ap-south-1',
  });
  t.same(vault({ AWS_ACCESS_KEY_ID: '  ' }), {}, 'blank values are absent');
  t.same(
    Object.keys(definition.environment ?? {}).sort(),
    [
      'AWS_ACCESS_KEY_ID',
      'AWS_DEFAULT_REGION',
      'AWS_REGION',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
      'BEDROCK_ACCESS_KEY_ID',
      'BEDROCK_REGION',
      'BEDROCK_SECRET_ACCESS_KEY',
      'BEDROCK_SESSION_TOKEN',
    ],
    'every variable it reads is documented for the README table',
  );
});

t.test('a server session token is only sent with its own access key', async (t) => {
  const sessionToken = 'FwoGZXIvYXdzEXAMPLETOKEN1234567890';
  const temporary = {
    accessKeyId: 'ASIATEMPORARYEXAMPLE',
    secretAccessKey: 'temporary-secret-0123456789',
    sessionToken,
  };
  const fake = await startFakeBedrock({ credentials: [TEST_CREDENTIALS, temporary] });
  t.teardown(() => fake.close());
  definition.serverVault!({
    AWS_ACCESS_KEY_ID: temporary.accessKeyId,
    AWS_SECRET_ACCESS_KEY: temporary.secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  });

  // As the registry fills them: the server's temporary credentials whole.
  await chatEvents(definition.createRuntime(bedrockOptions(fake, temporary)), ask());
  t.match(fake.lastRequest()?.signature, { accessKeyId: temporary.accessKeyId, sessionToken });

  // The caller's own key pair, with the server's session token filled in by the registry.
  await chatEvents(definition.createRuntime(bedrockOptions(fake, { sessionToken })), ask());
  t.equal(fake.lastRequest()?.headers['x-amz-security-token'], undefined, 'the token is dropped');
  t.match(fake.lastRequest()?.signature, { accessKeyId: TEST_CREDENTIALS.accessKeyId });
});

t.test('AWS variables of the process do not steer the SDK: options alone do', async (t) => {
  const fake = await startFakeBedrock();
  t.teardown(() => fake.close());
  const names = ['AWS_BEARER_TOKEN_BEDROCK', 'AWS_REGION', 'AWS_MAX_ATTEMPTS'];
  const saved = names.map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, {
    AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-from-the-environment',
    AWS_REGION: 'eu-west-1',
    AWS_MAX_ATTEMPTS: '5',
  });
  t.teardown(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  fake.reply({ kind: 'error', status: 503, type: 'ServiceUnavailableException', message: 'Busy' });
  const events = await chatEvents(definition.createRuntime(bedrockOptions(fake)), ask()).catch(
    (error: unknown) => error,
  );
  t.match(events, { errorType: 'ProviderBizError' }, 'one attempt, no retry');
  t.equal(fake.requests.length, 1);
  t.match(fake.lastRequest()?.headers.authorization, /^AWS4-HMAC-SHA256 Credential=AKIA/, 'SigV4');
  t.match(fake.lastRequest()?.signature, { region: 'us-east-1' }, 'the default region');
});
