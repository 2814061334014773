import t from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, readEnvironment } from '@manifold/gateway/config';
import { applyModelList, parseModelList } from '@manifold/gateway/model-list-env';
import { envName, KeyPicker } from '@manifold/gateway/provider-env';

t.test('defaults follow CONTRACT §1', async (t) => {
  const config = loadConfig({});
  t.match(config, {
    host: '127.0.0.1',
    port: 3210,
    accessCodes: [],
    bodyLimit: 20 * 1024 * 1024,
    baseURLPolicy: 'any',
    logLevel: 'info',
    allowUnsignedTokens: true,
    apiKeySelectMode: 'random',
  });
});

t.test('each invalid variable stops the boot with one readable line naming it', async (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'http' }, 'Invalid configuration: PORT must be a whole number, got "http"'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535, got 70000'],
    [{ BODY_LIMIT: '-1' }, 'Invalid configuration: BODY_LIMIT must be a whole number, got "-1"'],
    [
      { BASE_URL_POLICY: 'private' },
      'Invalid configuration: BASE_URL_POLICY must be one of any, public, got "private"',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [
      { API_KEY_SELECT_MODE: 'first' },
      'Invalid configuration: API_KEY_SELECT_MODE must be one of random, turn, got "first"',
    ],
    [
      { AUTH_ALLOW_UNSIGNED: 'maybe' },
      'Invalid configuration: AUTH_ALLOW_UNSIGNED must be one of 0, 1, true, false, got "maybe"',
    ],
    [
      { WORKERS: '2' },
      'Invalid configuration: WORKERS is 2: more than one process needs REDIS_URL to share rate limits, key rotation and streams',
    ],
    [
      {
        WORKERS: '2',
        REDIS_URL: 'redis://127.0.0.1:6379',
        ACCOUNTS: 'on',
        AUTH_SECRET: 'x'.repeat(32),
      },
      'Invalid configuration: WORKERS is 2: with accounts, more than one process needs DATABASE_URL (PostgreSQL)',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    ],
    [
      { STREAM_RESUME_SECONDS: '0' },
      'Invalid configuration: STREAM_RESUME_SECONDS must be between 1 and 604800, got 0',
    ],
  ];
  for (const [env, message] of cases)
    t.throws(() => loadConfig(env), { name: 'ConfigError', message });
});

t.test('ACCESS_CODE and MANIFOLD_PLUGINS are comma-separated lists', async (t) => {
  const config = loadConfig({ ACCESS_CODE: ' a, b ,,c', MANIFOLD_PLUGINS: 'pkg-one,./local' });
  t.same(config.accessCodes, ['a', 'b', 'c']);
  t.same(config.plugins, ['pkg-one', './local']);
});

t.test('MANIFOLD_API_KEYS is a comma-separated list of keys that fit in a header', async (t) => {
  t.same(loadConfig({}).apiKeys, []);
  t.same(loadConfig({ MANIFOLD_API_KEYS: ' mk-one, mk-two ,' }).apiKeys, ['mk-one', 'mk-two']);
  t.throws(() => loadConfig({ MANIFOLD_API_KEYS: 'mk-one,mk two' }), {
    name: 'ConfigError',
    message:
      'Invalid configuration: MANIFOLD_API_KEYS key 2 contains whitespace or a control character',
  });
});

t.test('.env is read from the working directory and the process environment wins', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-env-'));
  writeFileSync(
    join(dir, '.env'),
    'PORT=4000\nOPENAI_API_KEY="sk-file"\n# comment\nHOST=0.0.0.0\n',
  );
  const env = readEnvironment({ PORT: '5000' }, dir);
  t.equal(env.PORT, '5000');
  t.equal(env.OPENAI_API_KEY, 'sk-file');
  t.equal(loadConfig(env).host, '0.0.0.0');
  t.same(readEnvironment({ A: '1' }, join(dir, 'missing')), { A: '1' }, 'no .env is fine');
});

t.test('provider variables upper-case the id and turn - into _', async (t) => {
  t.equal(envName('azure-ai', 'API_KEY'), 'AZURE_AI_API_KEY');
});

t.test('keys rotate in turn, or at random among the given ones', async (t) => {
  const turn = new KeyPicker(['a', 'b', 'c'], 'turn');
  t.same([turn.pick(), turn.pick(), turn.pick(), turn.pick()], ['a', 'b', 'c', 'a']);
  const random = new KeyPicker(['a', 'b'], 'random');
  const seen = new Set(Array.from({ length: 64 }, () => random.pick()));
  t.same([...seen].sort(), ['a', 'b']);
  t.equal(new KeyPicker([], 'turn').pick(), undefined);
});

t.test('model list settings parse every item form', async (t) => {
  t.same(
    parseModelList(
      '-all,+a,b=Bee<8000:vision:fc:reasoning:file:search>,c->dep-c,-d',
      'X_MODEL_LIST',
    ),
    [
      { kind: 'remove-all' },
      { kind: 'add', id: 'a' },
      {
        kind: 'add',
        id: 'b',
        displayName: 'Bee',
        contextWindowTokens: 8000,
        abilities: { vision: true, functionCall: true, reasoning: true, files: true, search: true },
      },
      { kind: 'add', id: 'c', deploymentName: 'dep-c' },
      { kind: 'remove', id: 'd' },
    ],
  );
  t.throws(() => parseModelList('a<8000:telepathy>', 'X_MODEL_LIST'), {
    message:
      'Invalid configuration: X_MODEL_LIST has an unknown ability "telepathy" in "a<8000:telepathy>"',
  });
});

t.test('model list items enable, add, rename and remove cards', async (t) => {
  const builtin = [
    {
      id: 'a',
      type: 'chat' as const,
      enabled: false,
      abilities: { vision: true },
      source: 'builtin' as const,
    },
    { id: 'b', type: 'chat' as const, enabled: true, abilities: {}, source: 'builtin' as const },
  ];
  const result = applyModelList(builtin, parseModelList('a=Alpha<1000:fc>,-b,new', 'X'));
  t.same(result, [
    {
      id: 'a',
      type: 'chat',
      enabled: true,
      abilities: { vision: true, functionCall: true },
      source: 'builtin',
      displayName: 'Alpha',
      contextWindowTokens: 1000,
    },
    { id: 'new', type: 'chat', enabled: true, abilities: {}, source: 'custom' },
  ]);
  t.equal(builtin[0]!.enabled, false, 'the built-in cards are not mutated');
});
