import t, { type Test } from 'tap';
import { request as httpRequest } from 'node:http';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import { eventually } from '../../provider-kit/fakes/openai-harness.js';
import {
  claudeEvents,
  claudeTextEvents,
  titanEmbedding,
} from '@manifold/provider-kit/fakes/bedrock-builders';
import {
  bedrockError,
  startFakeBedrock,
  streamOf,
  TEST_CREDENTIALS,
  type Scenario,
} from '@manifold/provider-kit/fakes/bedrock';
import { CLAUDE, TITAN } from './helpers.js';

const keys = {
  accessKeyId: TEST_CREDENTIALS.accessKeyId,
  secretAccessKey: TEST_CREDENTIALS.secretAccessKey,
};
const ask = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    model: CLAUDE,
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    ...extra,
  });

async function gateway(t: Test, env: Record<string, string> = {}) {
  const fake = await startFakeBedrock();
  t.teardown(() => fake.close());
  // a 429 or 500 answered as it came, not retried (retries have their own tests)
  const { url } = await startGateway(t, { BEDROCK_PROXY_URL: fake.url, RETRY_MAX: '0', ...env });
  const chat = async (
    body: string,
    token: Record<string, string> = keys,
    path = '/webapi/chat/bedrock',
  ) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: await authHeader(token),
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}

t.test(
  'a streamed Claude answer with reasoning, a tool call and usage is exactly the contract stream',
  async (t) => {
    const { fake, chat } = await gateway(t);
    fake.reply(
      streamOf(
        claudeEvents({
          id: 'msg_bdrk_e2e',
          stopReason: 'tool_use',
          usage: { input: 120, output: 48, cacheRead: 30 },
          blocks: [
            { type: 'thinking', thinking: ['Paris ', 'weather.'], signature: 'EqQBsig' },
            { type: 'text', text: ['Let me check.'] },
            {
              type: 'tool_use',
              id: 'toolu_bdrk_7',
              name: 'weather____get',
              input: ['{"city":', '"Paris"}'],
            },
          ],
        }),
      ),
    );
    const { status, text } = await chat(
      ask({ temperature: 0.6, thinking: { type: 'enabled', budget_tokens: 2048 } }),
    );
    t.equal(status, 200);
    const events = parseEventStream(text);
    const id = 'msg_bdrk_e2e';
    const call = (args: string) => [
      {
        index: 0,
        id: 'toolu_bdrk_7',
        type: 'function',
        function: { name: 'weather____get', arguments: args },
      },
    ];
    t.same(
      events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
      [
        [id, 'reasoning', 'Paris '],
        [id, 'reasoning', 'weather.'],
        [id, 'reasoning_signature', 'EqQBsig'],
        [id, 'text', 'Let me check.'],
        [id, 'tool_calls', call('')],
        [id, 'tool_calls', call('{"city":')],
        [id, 'tool_calls', call('"Paris"}')],
        [id, 'stop', 'tool_use'],
        [
          id,
          'usage',
          {
            totalInputTokens: 150,
            totalOutputTokens: 48,
            totalTokens: 198,
            inputCacheMissTokens: 120,
            inputCachedTokens: 30,
          },
        ],
      ],
    );
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });
    t.same(fake.lastRequest()?.body, {
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    t.match(fake.lastRequest()?.signature, { accessKeyId: keys.accessKeyId, region: 'us-east-1' });
  },
);

t.test('?format=json gives the final result', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply(
    streamOf(
      claudeTextEvents(['Sunny', '.'], { id: 'msg_bdrk_json', usage: { input: 5, output: 2 } }),
    ),
  );
  const { status, text } = await chat(ask(), keys, '/webapi/chat/bedrock?format=json');
  t.equal(status, 200);
  t.match(JSON.parse(text), {
    id: 'msg_bdrk_json',
    text: 'Sunny.',
    stop: 'end_turn',
    usage: { totalTokens: 7 },
  });
});

/** [what, the upstream's answer (none: the signature check refuses), token, status, errorType]. */
type Refusal = [string, Scenario | undefined, Record<string, string>, number, string];
const refused = (status: number, type: string, message: string, answer: [number, string]) =>
  [type, bedrockError(status, type, message), keys, ...answer] as Refusal;
const refusals: Refusal[] = [
  refused(403, 'AccessDeniedException', "You don't have access to the model.", [
    403,
    'PermissionDenied',
  ]),
  refused(429, 'ThrottlingException', 'Too many requests.', [429, 'QuotaLimitReached']),
  refused(404, 'ResourceNotFoundException', 'Could not resolve the model.', [404, 'ModelNotFound']),
  refused(400, 'ValidationException', 'Input is too long for requested model.', [
    400,
    'ExceededContextWindow',
  ]),
  refused(500, 'InternalServerException', 'Unexpected error.', [471, 'ProviderBizError']),
  [
    'wrong secret',
    undefined,
    { ...keys, secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYNOTTHEKEY' },
    401,
    'InvalidBedrockCredentials',
  ],
  [
    'unknown key id',
    undefined,
    { ...keys, accessKeyId: 'AKIAUNKNOWNEXAMPLE00' },
    401,
    'InvalidBedrockCredentials',
  ],
];

t.test(
  'upstream refusals are HTTP errors with the mapped status and body, secrets masked',
  async (t) => {
    const { fake, chat } = await gateway(t);
    for (const [label, scenario, token, status, errorType] of refusals) {
      if (scenario) fake.reply(scenario);
      const answer = await chat(ask(), token);
      t.equal(answer.status, status, label);
      const body = JSON.parse(answer.text);
      t.equal(body.errorType, errorType, label);
      t.match(body.body, {
        provider: 'bedrock',
        region: 'us-east-1',
        error: { name: String },
        message: String,
      });
      t.notMatch(body.body.endpoint, /127\.0\.0\.1/, 'the proxy host is masked');
      t.notMatch(answer.text, token.secretAccessKey!, 'the secret never reaches the client');
    }
  },
);

t.test('without credentials the gateway answers 401 InvalidBedrockCredentials', async (t) => {
  const { fake, chat } = await gateway(t);
  const { status, text } = await chat(ask(), {});
  t.equal(status, 401);
  t.match(JSON.parse(text), {
    errorType: 'InvalidBedrockCredentials',
    body: { provider: 'bedrock' },
  });
  t.equal(fake.requests.length, 0);
});

t.test('server AWS credentials and region serve calls whose token has none', async (t) => {
  const { fake, url, chat } = await gateway(t, {
    AWS_ACCESS_KEY_ID: keys.accessKeyId,
    AWS_SECRET_ACCESS_KEY: keys.secretAccessKey,
    AWS_REGION: 'eu-west-3',
    ENABLED_BEDROCK: '1',
  });
  const { status } = await chat(ask(), {});
  t.equal(status, 200);
  t.match(fake.lastRequest()?.signature, { accessKeyId: keys.accessKeyId, region: 'eu-west-3' });
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<{ id: string; serverKey: boolean; enabled: boolean; sdkType: string }>;
  };
  t.match(
    providers.find((p) => p.id === 'bedrock'),
    { serverKey: true, enabled: true, sdkType: 'bedrock' },
  );
  t.notMatch(JSON.stringify(providers), keys.secretAccessKey, 'the manifest holds no secret');

  await chat(ask(), { ...keys, region: 'ap-southeast-2' });
  t.match(fake.lastRequest()?.signature, { region: 'ap-southeast-2' }, "the token's region wins");
});

t.test('GET /webapi/models/bedrock is 405: the runtime API has no model list', async (t) => {
  const { url } = await gateway(t);
  const response = await fetch(`${url}/webapi/models/bedrock`, { headers: await authHeader(keys) });
  t.equal(response.status, 405);
  t.match(await response.json(), {
    errorType: 405,
    body: { provider: 'bedrock', message: /no remote model list/ },
  });
});

t.test('a client that disconnects mid-stream releases the upstream socket at once', async (t) => {
  const { fake, url } = await gateway(t);
  const many = claudeTextEvents(Array.from({ length: 40 }, (_, i) => `w${i} `));
  fake.reply(streamOf(many, { delayMs: 50 }));
  const headers = await authHeader(keys);
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      `${url}/webapi/chat/bedrock`,
      { method: 'POST', headers },
      (response) => {
        response.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', (error) =>
      /socket hang up|aborted/.test(error.message) ? resolve() : reject(error),
    );
    req.end(ask());
  });
  const closed = Date.now();
  await fake.waitForClientClose();
  t.ok(Date.now() - closed < 1000, 'the upstream saw the close within a second');
  t.ok(
    await eventually(() => fake.openConnections() === 0, 1000),
    'no upstream connection stays open',
  );
});

t.test('POST /webapi/embeddings/bedrock invokes Titan once per input, in order', async (t) => {
  const { fake, url } = await gateway(t);
  const inputs = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
  const response = await fetch(`${url}/webapi/embeddings/bedrock`, {
    method: 'POST',
    headers: await authHeader(keys),
    body: JSON.stringify({ model: TITAN, input: inputs, dimensions: 256 }),
  });
  t.equal(response.status, 200);
  const { embeddings } = (await response.json()) as { embeddings: number[][] };
  t.same(
    embeddings,
    inputs.map((input) => titanEmbedding(input, 256).embedding),
    'one vector per input, in input order',
  );
  t.equal(fake.requests.length, inputs.length, 'one invoke per input');
  t.same(
    fake.requests
      .map((request) => request.body)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    [...inputs].sort().map((inputText) => ({ inputText, dimensions: 256, normalize: true })),
  );
  t.ok(
    fake.requests.every(
      (request) => request.path === `/model/${TITAN}/invoke` && request.signature,
    ),
    'signed InvokeModel calls',
  );
});
