import t from 'tap';
import { definition } from '@manifold/provider-anthropic';
import {
  callContext,
  chatEvents,
  recordingLogger,
  thrown,
} from '../../wires/openai/runtime-helpers.js';
import { ask, KEY, MODEL, setup } from './helpers.js';

const EPHEMERAL = { type: 'ephemeral' };

t.test('a missing key is InvalidProviderAPIKey when the runtime is built', async (t) => {
  const error = thrown(() =>
    definition.createRuntime({ providerId: 'anthropic', env: {}, logger: recordingLogger() }),
  );
  t.equal(error?.name, 'ManifoldError');
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.equal(error?.body?.provider, 'anthropic');
});

t.test(
  'the request carries the key in x-api-key, API version 2023-06-01 and the body',
  async (t) => {
    const { fake, runtime, body } = await setup(t);
    await chatEvents(
      runtime,
      ask({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
      callContext({ userId: 'user-42' }),
    );
    const request = fake.lastRequest()!;
    t.equal(request.method, 'POST');
    t.equal(request.path, '/v1/messages');
    t.equal(request.headers['x-api-key'], KEY);
    t.equal(request.headers['anthropic-version'], '2023-06-01');
    t.equal(request.headers.authorization, undefined, 'the key is not also sent as a bearer');
    t.equal(request.headers['anthropic-beta'], undefined, 'no beta header unless configured');
    t.same(body(), {
      model: MODEL,
      max_tokens: 64000,
      messages: [{ role: 'user', content: 'Hi' }],
      system: [{ type: 'text', text: 'Be brief.', cache_control: EPHEMERAL }],
      metadata: { user_id: 'user-42' },
      stream: true,
    });
  },
);

t.test('temperature is halved and top_p passed as given', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(runtime, ask({ temperature: 1.4, top_p: 0.9 }));
  t.equal(body().temperature, 0.7);
  t.equal(body().top_p, 0.9);
});

t.test('the halving is logged at debug with what changed', async (t) => {
  const { runtime, logger } = await setup(t);
  await chatEvents(runtime, ask({ temperature: 1 }));
  const record = logger.records.find((entry) => entry.level === 'debug' && entry.object.changes);
  t.same(record?.object.changes, [{ param: 'temperature', op: 'halve', from: 1, to: 0.5 }]);
});

t.test('Opus 4.1 gets only one of temperature and top_p, temperature preferred', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(
    runtime,
    ask({ model: 'claude-opus-4-1-20250805', temperature: 0.8, top_p: 0.5 }),
  );
  t.equal(body().temperature, 0.4);
  t.notOk('top_p' in body(), 'top_p dropped when temperature is set');
  await chatEvents(runtime, ask({ model: 'claude-opus-4-1-20250805', top_p: 0.5 }));
  t.equal(body().top_p, 0.5, 'top_p alone is kept');
  t.notOk('temperature' in body());
});

t.test('models from 4.5 on refuse both samplers too; older ones take both', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(
    runtime,
    ask({ model: 'claude-sonnet-4-5-20250929', temperature: 1, top_p: 0.5 }),
  );
  t.same([body().temperature, body().top_p], [0.5, undefined]);
  await chatEvents(
    runtime,
    ask({ model: 'claude-3-7-sonnet-20250219', temperature: 1, top_p: 0.5 }),
  );
  t.same([body().temperature, body().top_p], [0.5, 0.5]);
});

t.test('max_tokens: the request value, else the card maxOutput, else 8192', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(runtime, ask({ max_tokens: 1234 }));
  t.equal(body().max_tokens, 1234, 'the user value');
  await chatEvents(runtime, ask({ model: 'claude-opus-4-1-20250805' }));
  t.equal(body().max_tokens, 32000, "the card's maxOutput");
  await chatEvents(runtime, ask({ model: 'claude-unknown-model' }));
  t.equal(body().max_tokens, 8192, 'the default without a card');
});

t.test('claude-3-opus and claude-3-haiku default to 4096 output tokens', async (t) => {
  // No built-in cards, so the rule itself decides.
  const { runtime, body } = await setup(t, { runtime: { models: [] } });
  await chatEvents(runtime, ask({ model: 'claude-3-opus-20240229' }));
  t.equal(body().max_tokens, 4096);
  await chatEvents(runtime, ask({ model: 'claude-3-haiku-20240307' }));
  t.equal(body().max_tokens, 4096);
  await chatEvents(runtime, ask({ model: 'claude-3-5-haiku-20241022' }));
  t.equal(body().max_tokens, 8192, 'claude-3-5-haiku is not one of them');
});

t.test('thinking: 32000 without a cap, budget 1024 by default, no sampling', async (t) => {
  const { runtime, body } = await setup(t, { runtime: { models: [] } });
  await chatEvents(runtime, ask({ thinking: { type: 'enabled' }, temperature: 1, top_p: 0.9 }));
  t.equal(body().max_tokens, 32000);
  t.same(body().thinking, { type: 'enabled', budget_tokens: 1024 });
  t.notOk('temperature' in body(), 'no temperature with thinking');
  t.notOk('top_p' in body(), 'no top_p with thinking');
});

t.test('thinking budget is capped at max_tokens - 1', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(
    runtime,
    ask({ max_tokens: 4000, thinking: { type: 'enabled', budget_tokens: 16000 } }),
  );
  t.same(body().thinking, { type: 'enabled', budget_tokens: 3999 });
  t.equal(body().max_tokens, 4000);
  await chatEvents(runtime, ask({ thinking: { type: 'enabled', budget_tokens: 2048 } }));
  t.same(body().thinking, { type: 'enabled', budget_tokens: 2048 });
  t.equal(body().max_tokens, 64000, 'the card cap still wins over 32000');
  await chatEvents(runtime, ask({ thinking: { type: 'disabled', budget_tokens: 2048 } }));
  t.notOk('thinking' in body(), 'disabled thinking is not sent');
});

t.test(
  'with caching on (default) the system block and the last tool are cache breakpoints',
  async (t) => {
    const { runtime, body } = await setup(t);
    const tools = [
      { type: 'function' as const, function: { name: 'a', parameters: { type: 'object' } } },
      { type: 'function' as const, function: { name: 'b', description: 'B' } },
    ];
    await chatEvents(
      runtime,
      ask({
        messages: [
          { role: 'system', content: 'Sys' },
          { role: 'user', content: 'Hi' },
        ],
        tools,
      }),
    );
    t.same(body().system, [{ type: 'text', text: 'Sys', cache_control: EPHEMERAL }]);
    t.same(body().tools, [
      { name: 'a', input_schema: { type: 'object', properties: {} } },
      {
        name: 'b',
        description: 'B',
        input_schema: { type: 'object', properties: {} },
        cache_control: EPHEMERAL,
      },
    ]);
    await chatEvents(
      runtime,
      ask({
        messages: [
          { role: 'system', content: 'Sys' },
          { role: 'user', content: 'Hi' },
        ],
        tools,
        enabledContextCaching: false,
      }),
    );
    t.equal(body().system, 'Sys', 'caching off: a plain system string');
    t.notOk(
      body().tools.some((tool: Record<string, unknown>) => 'cache_control' in tool),
      'caching off: no breakpoint on the tools',
    );
  },
);

t.test('metadata.user_id falls back to the request user; none without either', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(runtime, ask({ user: 'request-user' }));
  t.same(body().metadata, { user_id: 'request-user' });
  await chatEvents(runtime, ask());
  t.notOk('metadata' in body());
});

t.test('ANTHROPIC_BETA_HEADERS becomes the anthropic-beta header', async (t) => {
  const { fake, runtime } = await setup(t, {
    runtime: {
      env: { ANTHROPIC_BETA_HEADERS: ' prompt-caching-2024-07-31, context-1m-2025-08-07 ' },
    },
  });
  await chatEvents(runtime, ask());
  t.equal(
    fake.lastRequest()?.headers['anthropic-beta'],
    'prompt-caching-2024-07-31,context-1m-2025-08-07',
  );
});

t.test('enabledSearch adds the web search tool after the client tools', async (t) => {
  const { runtime, body } = await setup(t);
  await chatEvents(
    runtime,
    ask({
      enabledSearch: true,
      tools: [{ type: 'function', function: { name: 'calc' } }],
    }),
  );
  t.same(body().tools, [
    { name: 'calc', input_schema: { type: 'object', properties: {} }, cache_control: EPHEMERAL },
    { type: 'web_search_20250305', name: 'web_search' },
  ]);
  await chatEvents(runtime, ask());
  t.notOk('tools' in body(), 'no search tool without enabledSearch');
});

t.test('ANTHROPIC_MAX_USES sets max_uses when it is a positive integer', async (t) => {
  const { runtime, body } = await setup(t, { runtime: { env: { ANTHROPIC_MAX_USES: '3' } } });
  await chatEvents(runtime, ask({ enabledSearch: true }));
  t.same(body().tools, [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }]);
});

t.test(
  'an ANTHROPIC_MAX_USES that is not a positive integer is ignored with a warning',
  async (t) => {
    for (const value of ['0', '-2', '2.5', 'many']) {
      const { runtime, body, logger } = await setup(t, {
        runtime: { env: { ANTHROPIC_MAX_USES: value } },
      });
      await chatEvents(runtime, ask({ enabledSearch: true }));
      t.same(body().tools, [{ type: 'web_search_20250305', name: 'web_search' }], value);
      t.ok(
        logger.records.some((entry) => entry.level === 'warn' && entry.object.value === value),
        `warned about ${value}`,
      );
    }
  },
);

t.test('a base URL ending in /v1 is not doubled', async (t) => {
  const { fake, runtime } = await setup(t);
  const slashed = definition.createRuntime({
    providerId: 'anthropic',
    apiKey: KEY,
    baseURL: `${fake.url}/v1/`,
    env: {},
    logger: recordingLogger(),
  });
  await chatEvents(slashed, ask());
  t.equal(fake.lastRequest()?.path, '/v1/messages');
  await chatEvents(runtime, ask());
  t.equal(fake.requests.length, 2);
});

t.test('DEBUG_ANTHROPIC_CHAT_COMPLETION=1 logs the payload and the raw chunks', async (t) => {
  const { runtime, logger } = await setup(t, {
    runtime: { env: { DEBUG_ANTHROPIC_CHAT_COMPLETION: '1' } },
  });
  await chatEvents(runtime, ask());
  const infos = logger.records.filter((entry) => entry.level === 'info');
  t.match(infos[0]?.object, { provider: 'anthropic', payload: { model: MODEL } });
  t.ok(infos.some((entry) => String(entry.object.chunk).includes('message_start')));
});
