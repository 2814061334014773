import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { loadConfig } from '@manifold/gateway/config';
import { chatTargets, parseFallbacks, parseTarget } from '@manifold/gateway/resilience/targets';
import { startGateway } from '../../helpers/gateway.js';
import { NO_PROVIDERS } from '../../helpers/paths.js';

const known = (id: string) => ['openai', 'anthropic', 'openrouter'].includes(id);

t.test('<provider>/<model> splits at the first slash', async (t) => {
  t.same(parseTarget('openrouter/meta-llama/llama-3-70b'), {
    provider: 'openrouter',
    model: 'meta-llama/llama-3-70b',
  });
  for (const bad of ['gpt-4o', '/gpt-4o', 'openai/', 'Open AI/x', 'openai/ padded'])
    t.equal(parseTarget(bad), undefined, bad);
});

t.test('FALLBACKS is read into a table; every mistake stops the boot naming it', async (t) => {
  const table = parseFallbacks('{"openai/gpt-4o": ["anthropic/claude-x", "openai/gpt-4o-mini"]}');
  t.same(table.get('openai/gpt-4o'), [
    { provider: 'anthropic', model: 'claude-x' },
    { provider: 'openai', model: 'gpt-4o-mini' },
  ]);
  t.equal(loadConfig({}).fallbacks.size, 0);
  t.equal(loadConfig({}).retryMax, 2, 'RETRY_MAX defaults to 2');
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ FALLBACKS: '{oops' }, /^Invalid configuration: FALLBACKS is not JSON/],
    [{ FALLBACKS: '["openai/gpt-4o"]' }, /FALLBACKS must be a JSON object/],
    [{ FALLBACKS: '{"gpt-4o": []}' }, /FALLBACKS has a key that is not "<provider>\/<model>"/],
    [{ FALLBACKS: '{"openai/a": "openai/b"}' }, /FALLBACKS entry "openai\/a" must be an array/],
    [{ FALLBACKS: '{"openai/a": [42]}' }, /FALLBACKS entry "openai\/a" lists 42/],
    [{ RETRY_MAX: '11' }, /RETRY_MAX must be between 0 and 10/],
    [{ RETRY_MAX: 'two' }, /RETRY_MAX must be a whole number/],
  ];
  for (const [env, message] of cases) t.throws(() => loadConfig(env), { message }, message.source);
});

t.test('FALLBACKS naming a provider the gateway does not have stops the boot', async (t) => {
  await t.rejects(
    startGateway(
      t,
      { FALLBACKS: '{"openai/gpt-4o": ["nope/model"]}' },
      { providersDir: NO_PROVIDERS },
    ),
    { message: 'Invalid configuration: FALLBACKS names an unknown provider "openai"' },
  );
});

t.test(
  "a chat's targets: the request's fallbacks win over FALLBACKS, an empty list turns them off",
  async (t) => {
    const table = parseFallbacks('{"openai/gpt-4o": ["anthropic/claude-x"]}');
    const primary = { provider: 'openai', model: 'gpt-4o' };
    t.same(chatTargets(primary, undefined, table, known), [
      primary,
      { provider: 'anthropic', model: 'claude-x' },
    ]);
    t.same(
      chatTargets(primary, ['openrouter/x/y', 'openai/gpt-4o'], table, known),
      [primary, { provider: 'openrouter', model: 'x/y' }],
      'the primary is not tried twice',
    );
    t.same(chatTargets(primary, [], table, known), [primary]);
    const refusal = (fallbacks: string[]) => {
      try {
        chatTargets(primary, fallbacks, table, known);
      } catch (error) {
        return error;
      }
    };
    t.type(refusal(['openai/ok', 'nope/model']), ManifoldError);
    t.match(refusal(['openai/ok', 'nope/model']), {
      errorType: 'BadRequest',
      body: { field: 'fallbacks.1', message: 'fallbacks.1 names an unknown provider "nope"' },
    });
    t.match(refusal(['no-slash']), {
      errorType: 'BadRequest',
      body: {
        field: 'fallbacks.0',
        message: 'fallbacks.0 must be "<provider>/<model>", got "no-slash"',
      },
    });
  },
);
