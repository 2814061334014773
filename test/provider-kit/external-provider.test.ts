/**
 * A provider from outside the repository, as a third party ships it: the workspace packages and the
 * example in `test/external-provider/` are packed with `npm pack` and installed into a temporary
 * directory outside the checkout; the gateway installed there loads the example from
 * `MANIFOLD_PLUGINS`, lists it as a plugin and streams a chat through it to the fake OpenAI
 * upstream, and the installed `manifold-provider-check` passes it.
 */
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader, parseEventStream } from '../helpers/gateway.js';
import { ROOT } from '../helpers/paths.js';

// packing, an install and two processes: more than the suite's per-file default
t.setTimeout(240_000);

const PACKAGES = [
  '@manifold/core',
  '@manifold/transport',
  '@manifold/wire-openai',
  '@manifold/gateway',
  '@manifold/provider-kit',
];

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

t.test('a packed third-party provider loads, streams and passes the check', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-external-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const packs = join(dir, 'packs');
  const app = join(dir, 'app');
  for (const path of [packs, app]) run('mkdir', ['-p', path], dir);

  // the packages as npm would publish them: their built dist, their package.json
  run(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--packages-only'], ROOT);
  run(
    'npm',
    ['pack', '--silent', '--pack-destination', packs, ...PACKAGES.flatMap((name) => ['-w', name])],
    ROOT,
  );
  run(
    'npm',
    ['pack', '--silent', '--pack-destination', packs],
    join(ROOT, 'test', 'external-provider'),
  );
  const tarballs = readdirSync(packs).map((name) => join(packs, name));
  t.equal(tarballs.length, PACKAGES.length + 1, 'every package packed');

  writeFileSync(join(app, 'package.json'), JSON.stringify({ private: true }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], app);
  const installed = join(app, 'node_modules', 'manifold-provider-acme');

  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const gateway = spawn(join(app, 'node_modules', '.bin', 'manifold-gateway'), [], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      MANIFOLD_PLUGINS: installed,
      ACME_API_KEY: 'sk-acme-external-0000000000',
      ACME_PROXY_URL: fake.baseURL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => gateway.kill());
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    gateway.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    gateway.on('exit', (code) => reject(new Error(`gateway exited ${code}: ${out}`)));
  });

  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<{ id: string; source: string; enabled: boolean }>;
  };
  t.match(
    providers.find((provider) => provider.id === 'acme'),
    { source: 'plugin', enabled: true },
    'listed as a plugin, enabled by its key',
  );

  fake.reply({ kind: 'chunks', chunks: textChunks(['Hello', ' from Acme']) });
  const response = await fetch(`${url}/webapi/chat/acme`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ model: 'acme-large', messages: [{ role: 'user', content: 'Hi' }] }),
  });
  const events = parseEventStream(await response.text());
  t.same(
    events.filter((event) => event.event === 'text').map((event) => event.data),
    ['Hello', ' from Acme'],
    'a chat streams through it',
  );
  t.equal(events.at(-1)?.event, 'speed');
  t.equal(fake.requests.at(-1)?.headers.authorization, 'Bearer sk-acme-external-0000000000');

  const check = spawnSync(
    join(app, 'node_modules', '.bin', 'manifold-provider-check'),
    [installed],
    {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  t.equal(check.status, 0, 'manifold-provider-check passes it');
  t.match(check.stdout, /ok 1 - acme \(openai wire, model acme-large\) keeps the protocol/);
});
