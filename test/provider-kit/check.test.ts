/**
 * `manifold-provider-check` on packages in this checkout (run from its sources): it loads a
 * package the way the gateway does and runs the conformance kit against the fake of its wire.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PLUGINS, ROOT } from '../helpers/paths.js';

// eight runs of the command, each a fresh process compiling TypeScript: more than the default 60 s
// on a loaded machine
t.setTimeout(240_000);

/** Run the command; its exit code and output. */
function check(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import=tsx',
      '--conditions=manifold-source',
      join(ROOT, 'core', 'provider-kit', 'src', 'check.ts'),
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

t.test('a provider on each wire the kit has a fake for passes', async (t) => {
  for (const [folder, wire] of [
    ['deepseek', 'openai'],
    ['anthropic', 'anthropic'],
    ['google', 'google'],
    ['ollama', 'ollama'],
  ] as const) {
    const { code, out } = await check(join('providers', folder));
    t.equal(code, 0, `${folder} passes`);
    t.match(out, new RegExp(`ok 1 - ${folder} \\(${wire} wire, model [^)]+\\) keeps the protocol`));
    t.notMatch(out, /^not ok/m);
  }
});

t.test('a provider that breaks the protocol fails, saying where', async (t) => {
  const { code, out } = await check(join(ROOT, 'test', 'fixtures', 'provider-broken-protocol'));
  t.equal(code, 1);
  t.match(out, /not ok \d+ - exactly one stop or one error ends the stream/);
});

t.test('what cannot be checked is said in one line, exit 2', async (t) => {
  const bedrock = await check('./providers/bedrock');
  t.equal(bedrock.code, 2);
  t.match(
    bedrock.out,
    /bedrock uses the bedrock wire; the kit has fakes for openai, anthropic, google, ollama/,
  );
  const notPlugin = await check(join(PLUGINS, 'not-a-plugin'));
  t.equal(notPlugin.code, 2);
  t.match(notPlugin.out, /did not register a provider/);
  const nothing = await check();
  t.equal(nothing.code, 2);
  t.match(nothing.out, /usage: manifold-provider-check <package-or-path>/);
  const noModel = await check(
    join(ROOT, 'test', 'fixtures', 'provider-broken-protocol'),
    '--model',
    'other-model',
  );
  t.not(noModel.code, 2, '--model is taken');
});
