// `npm run bench:cluster`: streamed chats through nginx (deploy/nginx.conf) with one and two gateway
// instances on one Redis, against the fake upstream direct and one gateway direct, in one run; and
// the cost of resuming a finished stream (from the instance's memory, from Redis on the other one).
// Needs Debian's redis-server and nginx. Writes the "Several instances" section of BENCHMARKS.md
// (between its markers; `npm run bench` keeps it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const BEGIN = '<!-- bench:cluster -->';
const END = '<!-- /bench:cluster -->';
const children = [];
const folder = mkdtempSync(join(tmpdir(), 'manifold-bench-cluster-'));
const killAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', killAll);
/** Stop every server started here and wait until each has exited (no zombies left behind). */
const stopAll = async () => {
  const exits = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => child.once('exit', resolve)));
  killAll();
  await Promise.all(exits);
  rmSync(folder, { recursive: true, force: true });
};

spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const { signToken } = await import(
  pathToFileURL(join(root, 'core', 'runtime', 'dist', 'auth', 'token.js')).href
);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const up = async (url) => {
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok || r.status === 404,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
};
function start(command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

const upstreamChild = start(process.execPath, [
  '--import',
  'tsx',
  join(root, 'scripts', 'bench', 'upstream.ts'),
  'fast',
]);
const upstream = JSON.parse(
  await new Promise((resolve) =>
    createInterface({ input: upstreamChild.stdout }).once('line', resolve),
  ),
);

const redisPort = await freePort();
start('/usr/bin/redis-server', [
  '--port',
  String(redisPort),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  folder,
]);

async function gateway(redis) {
  const port = await freePort();
  start(process.execPath, [join(root, 'core', 'gateway', 'dist', 'main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_PROXY_URL: upstream.baseURL,
    ...(redis && { REDIS_URL: `redis://127.0.0.1:${redisPort}` }),
  });
  const url = `http://127.0.0.1:${port}`;
  await up(`${url}/health`);
  return { port, url };
}

async function nginx(name, ports) {
  const dir = join(folder, name);
  for (const sub of ['logs', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, sub), { recursive: true });
  const port = await freePort();
  const conf = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8')
    .replace(
      /^\s*server gateway-1:.*\n\s*server gateway-2:.*$/m,
      ports.map((each) => `    server 127.0.0.1:${each};`).join('\n'),
    )
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('worker_processes auto;', 'worker_processes 1;')
    .replace(
      'http {',
      `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `  ${kind}_temp_path ${dir}/${kind === 'client_body' ? 'body' : kind};`)
        .join('\n')}`,
    );
  const head = `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\n${
    process.getuid?.() === 0 ? 'user root;\n' : ''
  }`;
  writeFileSync(join(dir, 'nginx.conf'), head + conf);
  start('/usr/sbin/nginx', [
    '-p',
    dir,
    '-c',
    join(dir, 'nginx.conf'),
    '-e',
    join(dir, 'logs', 'error.log'),
  ]);
  const url = `http://127.0.0.1:${port}`;
  await up(`${url}/health`);
  return url;
}

async function load(url, options) {
  // one warm-up second (JIT, connection pools), then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 1, ...options });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...options,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const chatBody = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
});
const upstreamBody = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
  stream: true,
  stream_options: { include_usage: true },
});

const single = await gateway(false);
const [a, b] = await Promise.all([gateway(true), gateway(true)]);
const one = await nginx('one', [single.port]);
const two = await nginx('two', [a.port, b.port]);
const headers = { 'content-type': 'application/json', 'x-manifold-auth': await signToken({}) };
const chat = (url) =>
  load(`${url}/webapi/chat/openai`, { method: 'POST', headers, body: chatBody });

const rows = [];
const row = (name, result, base) =>
  rows.push(
    `| ${name} | ${Math.round(result.rps)} | ${base ? `${Math.round((100 * result.rps) / base)} %` : '100 %'} | ${result.p50} ms | ${result.p99} ms | ${result.errors} |`,
  );
const direct = await load(`${upstream.baseURL}/chat/completions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
  body: upstreamBody,
});
row('direct to the fake upstream (baseline)', direct);
row('one gateway, direct (no Redis)', await chat(single.url), direct.rps);
row('nginx → one gateway (no Redis)', await chat(one), direct.rps);
row('nginx → two gateways on Redis', await chat(two), direct.rps);

// a finished stream, resumed whole: from the memory of the instance that made it, from Redis on the other
const answer = await fetch(`${a.url}/webapi/chat/openai`, {
  method: 'POST',
  headers,
  body: chatBody,
});
const id = answer.headers.get('x-manifold-stream-id');
await answer.text();
const resumeRows = [];
for (const [name, base] of [
  ['from memory (the instance that made it)', a.url],
  ['from Redis (the other instance)', b.url],
]) {
  const result = await load(`${base}/webapi/chat/streams/${id}?after=0`, { headers });
  resumeRows.push(
    `| ${name} | ${Math.round(result.rps)} | ${result.p50} ms | ${result.p99} ms | ${result.errors} |`,
  );
}

const section = [
  BEGIN,
  '## Several instances (`npm run bench:cluster`)',
  '',
  `Written on ${new Date().toISOString().slice(0, 10)} from one run: ${CONNECTIONS} connections, ${DURATION} s each, the 20-chunk answer with usage; nginx runs \`deploy/nginx.conf\` (one worker) with loopback upstreams, every process on the same two cores (more instances compete for them: this shows the cost of the proxy and of Redis, not a scale-out).`,
  '',
  '| path | req/s | of direct | latency p50 | latency p99 | errors |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  'Resuming a finished stream whole (`GET /webapi/chat/streams/:id?after=0`, the same 20-chunk answer):',
  '',
  '| resumed | req/s | latency p50 | latency p99 | errors |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...resumeRows,
  END,
].join('\n');

const file = join(root, 'BENCHMARKS.md');
const current = readFileSync(file, 'utf8');
const begin = current.indexOf(BEGIN);
const next =
  begin === -1
    ? `${current.trimEnd()}\n\n${section}\n`
    : `${current.slice(0, begin)}${section}${current.slice(current.indexOf(END) + END.length)}`;
writeFileSync(file, next);
console.log(section);
await stopAll();
process.exit(0);
