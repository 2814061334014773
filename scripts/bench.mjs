// `npm run bench`: fake upstream and gateway in their own processes, load from this one.
// Writes BENCHMARKS.md from this one run: the goals of issue 19 (met or not) at the top, ratios
// against the direct-to-upstream baseline, the gateway's CPU per request (utime + stime from
// /proc/<pid>/stat) for 20- and 200-chunk answers, a 10 KB prompt and one versus all providers
// discovered (scripts/bench/gateway-with-providers.mjs: buildApp's providersDir),
// where that CPU goes (a `--cpu-prof` profile of a dedicated load run, only the samples inside it),
// and the Portkey gateway (installed on first use into node_modules/.cache/manifold-bench/portkey)
// on the same fake upstream.
// BENCH_SECONDS shortens the load runs; BENCH_PROFILE_BEFORE=1 also writes this run's profile into
// the kept "before" block (<!-- profile:before -->), which later runs compare with.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer, request } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { summarise, topFunctions } from './bench/cpu-profile.mjs';
import { installPortkey } from './bench/portkey.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
/** The shorter runs of the scaling table. */
const SCALE_SECONDS = Math.max(2, Math.round(DURATION / 2));
const PORTKEY = { version: '1.15.2', nodeServer: '1.14.1' };
const children = [];
const gatewayMain = join(root, 'core', 'gateway', 'dist', 'main.js');
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const { signToken } = await import(
  pathToFileURL(join(root, 'core', 'runtime', 'dist', 'auth', 'token.js')).href
);

/**
 * This process's environment without provider credentials and URLs: a gateway gets only the
 * providers the benchmark enables.
 */
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/_(API_KEYS?|PROXY_URL|BASE_URL)$/.test(name) && name !== 'MANIFOLD_PLUGINS',
  ),
);

function start(args, env = {}, { cwd = root, stdout = 'pipe' } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  children.push(child);
  return child;
}
const firstLine = (child) =>
  new Promise((resolve) =>
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line)),
  );

async function startUpstream(mode) {
  const child = start(['--import', 'tsx', join(root, 'scripts', 'bench', 'upstream.ts'), mode]);
  return { child, ...JSON.parse(await firstLine(child)) };
}

/** GET `url` until it answers 2xx: at most `tries` × 50 ms, or until `child` exits. */
async function waitFor(url, what, child, tries = 400) {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw Object.assign(new Error(`${what} exited (${child.exitCode ?? child.signalCode})`), {
        exited: true,
      });
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start`);
}

/** A loopback port that is free now (the kernel's pick), for the server started next. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Start a server process with `spawnAt(port)` and wait until `${url}${readyPath}` answers. Without
 * a `port`, on a free one: should it exit first (another socket took the port meanwhile: the
 * load generator's own connections use ports of the same range), up to three tries.
 */
async function startServer({ port, spawnAt, readyPath, what }) {
  for (let attempt = 1; ; attempt++) {
    const listenPort = port ?? (await freePort());
    const child = spawnAt(listenPort);
    const url = `http://127.0.0.1:${listenPort}`;
    try {
      await waitFor(`${url}${readyPath}`, what, child);
      return { child, url, pid: child.pid };
    } catch (error) {
      await stop(child, 5_000);
      if (port !== undefined || !error.exited || attempt >= 3) throw error;
      console.log(`${error.message}; again on another port`);
    }
  }
}

/**
 * A gateway process (`main.js`, or `script`) on `port` (a free one when undefined) with `env`,
 * once `/health` answers.
 */
function launchGateway(port, env, { nodeArgs = [], script = gatewayMain, what } = {}) {
  return startServer({
    port,
    readyPath: '/health',
    what: what ?? 'a gateway',
    spawnAt: (listenPort) =>
      start([...nodeArgs, script], {
        PORT: String(listenPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MANIFOLD_API_KEYS: 'mk-bench',
        ...env,
      }),
  });
}

async function startGateway(port, upstream, sseWriter, anthropic, extraEnv = {}, nodeArgs = []) {
  return launchGateway(
    port,
    {
      MANIFOLD_PLUGINS: join(root, 'scripts', 'bench', 'provider-synthetic'),
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_PROXY_URL: upstream.baseURL,
      ...(anthropic && { ANTHROPIC_API_KEY: 'sk-ant-bench', ANTHROPIC_PROXY_URL: anthropic.url }),
      SSE_WRITER: sseWriter,
      ...extraEnv,
    },
    { nodeArgs, what: `gateway (${sseWriter})` },
  );
}

/** A gateway with every builtin provider discovered and only OpenAI enabled (no plugin). */
const startOpenAIOnlyGateway = (port, upstream, options = {}) =>
  launchGateway(port, { OPENAI_API_KEY: 'sk-bench', OPENAI_PROXY_URL: upstream.baseURL }, options);

/** Stop a child with SIGTERM and wait for it to exit (at most `ms`, then SIGKILL). */
function stop(child, ms = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * CPU time (user + system) a process has used so far, in µs, from /proc/<pid>/stat; with `tid`,
 * one of its threads' (the main thread's id is the pid).
 */
function cpuMicros(pid, tid) {
  const stat = readFileSync(
    tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
    'utf8',
  );
  // after "pid (comm) ": field 3 (state) is index 0, so utime (14) is 11 and stime (15) is 12
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLK_TCK;
}

/**
 * A cloud-edition gateway (EDITION=cloud, embedded database in a temporary DATA_DIR) with one
 * signed-up person holding plenty of credits and an API key: for metering on vs off in one process.
 */
async function startCloudGateway(port, upstream) {
  const dataDir = mkdtempSync(join(tmpdir(), 'manifold-bench-'));
  const env = {
    EDITION: 'cloud',
    AUTH_SECRET: 'bench-secret-0123456789-abcdefghijklmnop',
    DATA_DIR: dataDir,
  };
  let gateway = await startGateway(port, upstream, 'raw', undefined, env);
  const email = 'bench@example.com';
  const signUp = await fetch(`${gateway.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url },
    body: JSON.stringify({ email, password: 'correct horse battery staple', name: 'Bench' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const made = await fetch(`${gateway.url}/webapi/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { key } = await made.json();
  // the embedded database is one process's: stop, grant a billion credits, start again
  await new Promise((resolve) => {
    gateway.child.once('exit', resolve);
    gateway.child.kill('SIGTERM');
  });
  const { runAdmin } = await import(
    pathToFileURL(join(root, 'core', 'gateway', 'dist', 'admin.js')).href
  );
  const granted = await runAdmin(['grant-credits', email, '1000000000'], {
    ...env,
    LOG_LEVEL: 'warn',
  });
  if (granted.code !== 0) throw new Error(granted.output);
  gateway = await startGateway(port, upstream, 'raw', undefined, env);
  return { ...gateway, key, dataDir };
}

const chatBody = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
});
/** The same chat with a user message of 10 KB. */
const PROMPT_BYTES = 10 * 1024;
const bigPromptBody = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [
    {
      role: 'user',
      content: `Say twenty words. ${'lorem ipsum dolor sit amet '.repeat(400)}`.slice(
        0,
        PROMPT_BYTES,
      ),
    },
  ],
});
const anthropicChatBody = JSON.stringify({
  model: 'claude-sonnet-4-5-20250929',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
});
const anthropicUpstreamBody = JSON.stringify({
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 8192,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Say twenty words.' }] }],
  stream: true,
});
/** The same chat on the OpenAI-compatible API (CONTRACT §10), asking for the same usage chunk. */
const compatBody = JSON.stringify({
  model: 'openai/gpt-4o-mini',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
  stream: true,
  stream_options: { include_usage: true },
});
const upstreamBody = JSON.stringify({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Say twenty words.' }],
  stream: true,
  stream_options: { include_usage: true },
});

/**
 * POST load: `CONNECTIONS` connections for `duration` seconds. With `pid`, also the CPU time that
 * process used during the run per completed request (`cpu`, µs).
 */
async function load(url, headers, body, duration = DURATION, pid = undefined) {
  // a signed token lives 100 s; autocannon sends the same headers throughout the run
  const cpuBefore = pid && cpuMicros(pid);
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    duration,
  });
  const cpuUsed = pid && cpuMicros(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
    cpu: pid && result.requests.total > 0 ? cpuUsed / result.requests.total : undefined,
  };
}

/** Warm a path up: 10 connections for `seconds`. */
const warmUp = (url, headers, body, seconds = 2) =>
  autocannon({ url, method: 'POST', headers, body, connections: 10, duration: seconds });

/** GET load: 10 connections for `duration` seconds. */
async function getLoad(url, headers = {}, duration = 5) {
  const result = await autocannon({ url, headers, connections: 10, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Milliseconds from sending a request to the first body byte, one request at a time. */
async function timeToFirstByte(url, headers, body, count) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    samples.push(
      await new Promise((resolve, reject) => {
        const started = process.hrtime.bigint();
        const req = request(
          url,
          { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let first;
            res.once('data', () => (first = Number(process.hrtime.bigint() - started) / 1e6));
            res.on('end', () => resolve(first));
            res.resume();
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    );
  }
  return samples.sort((a, b) => a - b);
}
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// formats for the tables (defined before the top-level run below uses them)
const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
const times = (a, b) => `${(a / b).toFixed(2)} ×`;
const micros = (v) => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(0)} µs`);
const mib = (v) => `${v.toFixed(1)} MiB`;
const yesNo = (met) => (met ? 'yes' : 'no');
/** How many buckets the profile table shows; the rest are one "other" row. */
const PROFILE_ROWS = 15;

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

/** Open `count` streamed POSTs to `url` and keep them open (resolves at each one's first byte). */
async function openStreamsAt(url, headers, body, count) {
  const sockets = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const req = request(url, { method: 'POST', headers }, (res) => {
            res.once('data', () => resolve());
            res.resume();
          });
          req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
          req.end(body);
          sockets.push(req);
        }),
    ),
  );
  return sockets;
}

/** Open `count` streams through the gateway to the slow upstream and keep them open. */
const openStreams = (gateway, token, count) =>
  openStreamsAt(
    `${gateway.url}/webapi/chat/openai`,
    { 'content-type': 'application/json', 'x-manifold-auth': token },
    chatBody,
    count,
  );

/** Start the Portkey gateway (headless, on a free loopback port) once it answers `GET /`. */
function startPortkey(install) {
  return startServer({
    readyPath: '/',
    what: 'the Portkey gateway',
    spawnAt: (port) =>
      start(
        [
          '--import',
          pathToFileURL(join(root, 'scripts', 'bench', 'loopback-only.mjs')).href,
          install.entry,
          `--port=${port}`,
          '--headless',
        ],
        { NODE_ENV: 'production' },
        { cwd: install.dir, stdout: 'ignore' },
      ),
  });
}

try {
  const fast = await startUpstream('fast');
  const fast200 = await startUpstream('fast200');
  const slow = await startUpstream('slow');
  const anthropicUpstream = await startUpstream('anthropic');
  const raw = await startGateway(undefined, fast, 'raw', anthropicUpstream);
  const plugin = await startGateway(undefined, fast, 'plugin');
  const headers = { 'content-type': 'application/json', 'x-manifold-auth': await signToken({}) };
  const upstreamHeaders = { 'content-type': 'application/json', authorization: 'Bearer sk-bench' };
  const compatHeaders = { 'content-type': 'application/json', authorization: 'Bearer mk-bench' };
  const anthropicHeaders = {
    'content-type': 'application/json',
    'x-api-key': 'sk-ant-bench',
    'anthropic-version': '2023-06-01',
  };

  // warm-up, so JIT and connection pools are hot for every contender
  for (const [url, h, b] of [
    [`${fast.baseURL}/chat/completions`, upstreamHeaders, upstreamBody],
    [`${raw.url}/webapi/chat/openai`, headers, chatBody],
    [`${plugin.url}/webapi/chat/openai`, headers, chatBody],
    [`${raw.url}/v1/chat/completions`, compatHeaders, compatBody],
    [`${anthropicUpstream.url}/v1/messages`, anthropicHeaders, anthropicUpstreamBody],
    [`${raw.url}/webapi/chat/anthropic`, headers, anthropicChatBody],
  ]) {
    await autocannon({ url, method: 'POST', headers: h, body: b, connections: 10, duration: 2 });
  }

  console.log('load: direct to upstream');
  const direct = await load(`${fast.baseURL}/chat/completions`, upstreamHeaders, upstreamBody);
  console.log('load: through the gateway (raw writer)');
  headers['x-manifold-auth'] = await signToken({});
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(raw.pid))), 100);
  const viaRaw = await load(`${raw.url}/webapi/chat/openai`, headers, chatBody, DURATION, raw.pid);
  clearInterval(sampler);
  console.log('load: through the gateway (@fastify/sse writer)');
  headers['x-manifold-auth'] = await signToken({});
  const viaPlugin = await load(`${plugin.url}/webapi/chat/openai`, headers, chatBody);

  console.log('load: through the gateway, OpenAI-compatible /v1/chat/completions');
  const viaCompat = await load(
    `${raw.url}/v1/chat/completions`,
    compatHeaders,
    compatBody,
    DURATION,
    raw.pid,
  );

  console.log('load: Anthropic direct and through the gateway');
  const anthropicDirect = await load(
    `${anthropicUpstream.url}/v1/messages`,
    anthropicHeaders,
    anthropicUpstreamBody,
  );
  headers['x-manifold-auth'] = await signToken({});
  const viaAnthropic = await load(`${raw.url}/webapi/chat/anthropic`, headers, anthropicChatBody);

  console.log('metering on vs off (cloud edition, one gateway)');
  // the same port when it starts again (the sign-in's origin)
  const cloud = await startCloudGateway(await freePort(), fast);
  const meteredHeaders = async (own) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${cloud.key}`,
    'x-manifold-auth': await signToken(own ? { apiKey: 'sk-bench' } : {}),
  });
  await load(`${cloud.url}/webapi/chat/openai`, await meteredHeaders(false), chatBody, 2);
  // alternate short rounds and keep the medians, as for the writers below
  const meteringRounds = { on: [], off: [] };
  for (let round = 0; round < 4; round++) {
    for (const mode of round % 2 ? ['off', 'on'] : ['on', 'off'])
      meteringRounds[mode].push(
        await load(
          `${cloud.url}/webapi/chat/openai`,
          await meteredHeaders(mode === 'off'),
          chatBody,
          4,
        ),
      );
  }
  cloud.child.kill('SIGTERM');

  console.log('writers alone: synthetic provider, no upstream');
  headers['x-manifold-auth'] = await signToken({});
  // alternate the two writers over several short rounds and keep the medians: one round each is
  // at the mercy of whatever else the two cores are doing
  const rounds = { raw: [], plugin: [] };
  for (let round = 0; round < 5; round++) {
    const order =
      round % 2
        ? [
            ['plugin', plugin],
            ['raw', raw],
          ]
        : [
            ['raw', raw],
            ['plugin', plugin],
          ];
    for (const [name, gateway] of order) {
      rounds[name].push(await load(`${gateway.url}/webapi/chat/synthetic`, headers, chatBody, 3));
    }
  }
  const median = (results) =>
    [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)];
  const meteredOn = median(meteringRounds.on);
  const meteredOff = median(meteringRounds.off);
  const synthRaw = median(rounds.raw);
  const synthPlugin = median(rounds.plugin);

  console.log('time to first event, sequential');
  const ttfbDirect = await timeToFirstByte(
    `${fast.baseURL}/chat/completions`,
    upstreamHeaders,
    upstreamBody,
    SEQUENTIAL,
  );
  headers['x-manifold-auth'] = await signToken({});
  const ttfbGateway = await timeToFirstByte(
    `${raw.url}/webapi/chat/openai`,
    headers,
    chatBody,
    SEQUENTIAL,
  );

  // the floor: the least a Node proxy adds on this machine (scripts/bench/minimal-proxy.mjs)
  const floor = await startServer({
    spawnAt: (port) =>
      start([
        join(root, 'scripts', 'bench', 'minimal-proxy.mjs'),
        String(port),
        `${fast.baseURL}/chat/completions`,
      ]),
    readyPath: '/health',
    what: 'the minimal proxy',
  });
  await timeToFirstByte(floor.url, upstreamHeaders, upstreamBody, 50);
  const ttfbFloor = await timeToFirstByte(floor.url, upstreamHeaders, upstreamBody, SEQUENTIAL);
  await stop(floor.child, 5_000);

  console.log('GET /providers');
  const providersPlain = await fetch(`${raw.url}/providers`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const providersJSON = await providersPlain.text();
  const manifests = JSON.parse(providersJSON).providers;
  const providerCards = manifests.reduce((sum, p) => sum + p.models.length, 0);
  const providersGzipBytes = await new Promise((resolve, reject) => {
    request(`${raw.url}/providers`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
  const healthLoad = await getLoad(`${raw.url}/health`);
  const providersGzipLoad = await getLoad(`${raw.url}/providers`, { 'accept-encoding': 'gzip' });
  const providersPlainLoad = await getLoad(`${raw.url}/providers`, {
    'accept-encoding': 'identity',
  });

  console.log('memory with open streams (a fresh gateway, all providers, only OpenAI enabled)');
  const fresh = await startOpenAIOnlyGateway(undefined, fast);
  await new Promise((r) => setTimeout(r, 500));
  const bootRss = rssMiB(fresh.pid);
  const slowToken = await signToken({ baseURL: slow.baseURL });
  await openStreams(fresh, await signToken({}), 1).then((sockets) =>
    sockets.forEach((s) => s.destroy()),
  );
  await new Promise((r) => setTimeout(r, 300));
  const idleRss = rssMiB(fresh.pid);
  const first = await openStreams(fresh, slowToken, 50);
  await new Promise((r) => setTimeout(r, 500));
  const rss50 = rssMiB(fresh.pid);
  const more = await openStreams(fresh, slowToken, 500);
  await new Promise((r) => setTimeout(r, 500));
  const rss550 = rssMiB(fresh.pid);
  for (const req of [...first, ...more]) req.destroy();
  const freshProviders = await fetch(`${fresh.url}/providers`).then(async (r) => ({
    count: (await r.json()).providers.length,
  }));
  await stop(fresh.child);

  const scaling = await measureScaling({ raw, fast, fast200, upstreamHeaders });
  const profile = await measureProfile(fast);
  const portkey = await measurePortkey({ fast, slow });

  // First-load JavaScript of the web app: the scripts index.html loads, gzipped.
  const webDist = join(root, 'web', 'dist');
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  const scripts = readdirSync(join(webDist, 'assets')).filter(
    (file) => file.endsWith('.js') && indexHtml.includes(`assets/${file}`),
  );
  const firstLoadKB =
    scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(webDist, 'assets', file))).length,
      0,
    ) / 1000;

  const ratio = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
  const ms = (v) => `${v.toFixed(2)} ms`;
  const cpu = cpus();
  const previous = existsSync(join(root, 'BENCHMARKS.md'))
    ? readFileSync(join(root, 'BENCHMARKS.md'), 'utf8')
    : '';
  // the "before" profile is kept as it is (BENCH_PROFILE_BEFORE=1 writes it from this run)
  const before =
    process.env.BENCH_PROFILE_BEFORE === '1' && !profile.reason
      ? beforeBlock(profile)
      : /<!-- profile:before -->[\s\S]*<!-- \/profile:before -->/.exec(previous)?.[0];
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} from one run. Machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`,
    'Fake upstream, gateway and load generator are separate processes on the same machine (loopback), so',
    'the gateway competes with the upstream and autocannon for the two cores: compare ratios, not absolutes.',
    '',
    ...goalsSection({
      direct,
      viaRaw,
      ttfbDirect,
      ttfbGateway,
      bootRss,
      rss50,
      portkey,
      providers: freshProviders.count,
    }),
    `## Streamed chat throughput (${CONNECTIONS} connections, ${DURATION} s each, 20-chunk answer with usage)`,
    '',
    '| path | req/s | of direct | latency p50 | latency p99 | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| direct to the fake upstream (baseline) | ${direct.rps.toFixed(0)} | 100 % | ${direct.p50} ms | ${direct.p99} ms | ${direct.errors} |`,
    `| through the gateway, raw writer (default) | ${viaRaw.rps.toFixed(0)} | ${ratio(viaRaw.rps, direct.rps)} | ${viaRaw.p50} ms | ${viaRaw.p99} ms | ${viaRaw.errors} |`,
    `| through the gateway, \`@fastify/sse\` writer | ${viaPlugin.rps.toFixed(0)} | ${ratio(viaPlugin.rps, direct.rps)} | ${viaPlugin.p50} ms | ${viaPlugin.p99} ms | ${viaPlugin.errors} |`,
    `| through the gateway's OpenAI-compatible \`/v1/chat/completions\` (raw writer) | ${viaCompat.rps.toFixed(0)} | ${ratio(viaCompat.rps, direct.rps)} | ${viaCompat.p50} ms | ${viaCompat.p99} ms | ${viaCompat.errors} |`,
    `| Anthropic: direct to the fake Messages upstream (baseline) | ${anthropicDirect.rps.toFixed(0)} | 100 % | ${anthropicDirect.p50} ms | ${anthropicDirect.p99} ms | ${anthropicDirect.errors} |`,
    `| Anthropic: through the gateway (\`@anthropic-ai/sdk\`, raw writer) | ${viaAnthropic.rps.toFixed(0)} | ${ratio(viaAnthropic.rps, anthropicDirect.rps)} | ${viaAnthropic.p50} ms | ${viaAnthropic.p99} ms | ${viaAnthropic.errors} |`,
    '',
    'Target: ≥ 40 % of direct req/s. The Anthropic rows compare with their own baseline (the same 20 words as Messages events).',
    '',
    ...portkeySection({
      direct,
      viaRaw,
      viaCompat,
      ttfbDirect,
      ttfbGateway,
      bootRss,
      idleRss,
      rss50,
      portkey,
    }),
    ...scalingSection(scaling),
    ...profileSection(profile, before, process.env.BENCH_PROFILE_BEFORE !== '1'),
    '## Metering (cloud edition; median of 4 alternating 4 s rounds on one gateway)',
    '',
    "The same signed-in person (a personal API key) streams the same chat: with the server's key the request is",
    'checked for credits before it goes upstream and billed (one ledger row, one balance update) when it ends; with',
    'their own key in the token it is not metered. Embedded database (PGlite).',
    '',
    '| | req/s | latency p50 | latency p99 | errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| metering off (own key) | ${meteredOff.rps.toFixed(0)} | ${meteredOff.p50} ms | ${meteredOff.p99} ms | ${meteredOff.errors} |`,
    `| metering on (server key) | ${meteredOn.rps.toFixed(0)} | ${meteredOn.p50} ms | ${meteredOn.p99} ms | ${meteredOn.errors} |`,
    `| on / off | ${(meteredOn.rps / meteredOff.rps).toFixed(2)} × | | | |`,
    '',
    `## The SSE writer alone (synthetic provider inside the gateway, 50 text events + tail per answer, no upstream; median of 5 alternating 3 s rounds)`,
    '',
    '| writer | req/s | latency p50 | latency p99 | errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| raw (one corked write per event-loop turn) | ${synthRaw.rps.toFixed(0)} | ${synthRaw.p50} ms | ${synthRaw.p99} ms | ${synthRaw.errors} |`,
    `| \`@fastify/sse\` (one awaited write per event) | ${synthPlugin.rps.toFixed(0)} | ${synthPlugin.p50} ms | ${synthPlugin.p99} ms | ${synthPlugin.errors} |`,
    `| raw / plugin | ${(synthRaw.rps / synthPlugin.rps).toFixed(2)} × | | | |`,
    '',
    `## Time to first event (${SEQUENTIAL} sequential requests)`,
    '',
    '| | p50 | p99 |',
    '| --- | ---: | ---: |',
    `| direct to the fake upstream | ${ms(percentile(ttfbDirect, 50))} | ${ms(percentile(ttfbDirect, 99))} |`,
    `| through the gateway | ${ms(percentile(ttfbGateway, 50))} | ${ms(percentile(ttfbGateway, 99))} |`,
    `| **extra** | **${ms(percentile(ttfbGateway, 50) - percentile(ttfbDirect, 50))}** | **${ms(percentile(ttfbGateway, 99) - percentile(ttfbDirect, 99))}** |`,
    `| through a minimal Node proxy (the floor: http in, \`undici.request\` out, bytes piped) | ${ms(percentile(ttfbFloor, 50))} | ${ms(percentile(ttfbFloor, 99))} |`,
    `| extra of the minimal proxy | ${ms(percentile(ttfbFloor, 50) - percentile(ttfbDirect, 50))} | ${ms(percentile(ttfbFloor, 99) - percentile(ttfbDirect, 99))} |`,
    '',
    'Target: ≤ 0.3 ms extra to the first event. The minimal proxy shows what any Node process in the middle costs here (one more loopback HTTP exchange), before any work of its own.',
    '',
    `## \`GET /providers\` (${manifests.length} providers, ${providerCards} model cards; 10 connections, 5 s each)`,
    '',
    `Body: ${(Buffer.byteLength(providersJSON) / 1000).toFixed(1)} KB of JSON, sent as ${(providersGzipBytes / 1000).toFixed(1)} KB to clients that accept gzip (serialised and gzipped once per change, with an ETag for 304s).`,
    '',
    '| request | req/s | of /health | latency p50 | latency p99 | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| \`GET /health\` (baseline) | ${healthLoad.rps.toFixed(0)} | 100 % | ${healthLoad.p50} ms | ${healthLoad.p99} ms | ${healthLoad.errors} |`,
    `| \`GET /providers\`, gzip | ${providersGzipLoad.rps.toFixed(0)} | ${ratio(providersGzipLoad.rps, healthLoad.rps)} | ${providersGzipLoad.p50} ms | ${providersGzipLoad.p99} ms | ${providersGzipLoad.errors} |`,
    `| \`GET /providers\`, identity | ${providersPlainLoad.rps.toFixed(0)} | ${ratio(providersPlainLoad.rps, healthLoad.rps)} | ${providersPlainLoad.p50} ms | ${providersPlainLoad.p99} ms | ${providersPlainLoad.errors} |`,
    '',
    '## Gateway memory (RSS)',
    '',
    '| state | RSS |',
    '| --- | ---: |',
    `| peak during the raw-writer load run (${CONNECTIONS} connections) | ${peakRss.toFixed(1)} MiB |`,
    `| fresh gateway before any chat (${freshProviders.count} providers discovered, only OpenAI enabled) | ${bootRss.toFixed(1)} MiB |`,
    `| the same after one chat, no stream open | ${idleRss.toFixed(1)} MiB |`,
    `| 50 streams open | ${rss50.toFixed(1)} MiB |`,
    `| 550 streams open | ${rss550.toFixed(1)} MiB |`,
    `| per extra idle open stream | ${(((rss550 - rss50) * 1024) / 500).toFixed(1)} KiB |`,
    '',
    'Targets: ≤ 80 MiB before any chat, ≤ 100 MiB at 50 streams.',
    '',
    '## Web app first load',
    '',
    `First-load JavaScript (the scripts \`web/dist/index.html\` loads, gzipped at Node's default zlib level): **${firstLoadKB.toFixed(1)} KB** in ${scripts.length} file(s). Target: ≤ 250 KB.`,
    '',
  ];
  lines.push(...longConversationSection());
  // the section `npm run bench:cluster` writes is kept as it is
  const cluster = /<!-- bench:cluster -->[\s\S]*<!-- \/bench:cluster -->/.exec(previous)?.[0];
  if (cluster) lines.push('', cluster);
  const text = lines.join('\n');
  writeFileSync(join(root, 'BENCHMARKS.md'), text);
  console.log(text);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
process.exit(0);

/**
 * The 2,000-message conversation as the last run of `test/web-e2e/history.test.ts` measured it in
 * chromium (a browser test, not part of this run); nothing when it has not run on this machine.
 */
function longConversationSection() {
  const path = join(root, 'test', 'web-e2e', 'screenshots', 'long-conversation.json');
  if (!existsSync(path)) return [];
  const m = JSON.parse(readFileSync(path, 'utf8'));
  return [
    '## Long conversation in the browser',
    '',
    `A conversation of ${m.messages} messages in the virtualised list, measured by \`test/web-e2e/history.test.ts\` on ${m.date.slice(0, 10)} (headless chromium without GPU, on this machine; reported, not asserted):`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| open (click in the list → newest reply on screen) | ${m.openMs.toFixed(0)} ms |`,
    `| messages in the page after opening | ${m.inDom} |`,
    `| scroll bottom → top at 600 px a frame | ${m.frames} frames, ${(m.totalMs / 1000).toFixed(1)} s |`,
    `| frame time median / p95 / max | ${m.medianMs.toFixed(1)} / ${m.p95Ms.toFixed(1)} / ${m.maxMs.toFixed(1)} ms |`,
    `| frames over 50 ms | ${m.over50} of ${m.frames} |`,
    '',
    'Target: opens in under a second and scrolls without jank.',
    '',
  ];
}

/** Two or more load runs of one kind as one: requests and CPU summed, req/s averaged. */
function combine(...runs) {
  const total = runs.reduce((sum, run) => sum + run.total, 0);
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    total,
    cpu: runs.reduce((sum, run) => sum + run.cpu * run.total, 0) / total,
  };
}

/**
 * The gateway's CPU per streamed request as the answer and the prompt grow, and with one provider
 * discovered instead of all of them.
 */
async function measureScaling({ raw, fast, fast200, upstreamHeaders }) {
  console.log('scaling: 200 chunks and a 10 KB prompt (the raw-writer gateway)');
  const url = `${raw.url}/webapi/chat/openai`;
  // the token names the upstream, so one gateway serves both answers
  const via = async (upstream) => ({
    'content-type': 'application/json',
    'x-manifold-auth': await signToken({ baseURL: upstream.baseURL }),
  });
  await warmUp(url, await via(fast200), chatBody);
  await warmUp(url, await via(fast), bigPromptBody);
  const direct200 = await load(
    `${fast200.baseURL}/chat/completions`,
    upstreamHeaders,
    upstreamBody,
    SCALE_SECONDS,
  );
  // the 20-chunk runs bracket the others, against drift in what else the cores do
  const first20 = await load(url, await via(fast), chatBody, SCALE_SECONDS, raw.pid);
  const chunks200 = await load(url, await via(fast200), chatBody, SCALE_SECONDS, raw.pid);
  const bigPrompt = await load(url, await via(fast), bigPromptBody, SCALE_SECONDS, raw.pid);
  const second20 = await load(url, await via(fast), chatBody, SCALE_SECONDS, raw.pid);
  const chunks20 = combine(first20, second20);

  console.log('scaling: all builtin providers discovered versus only OpenAI');
  const onlyOpenAI = mkdtempSync(join(tmpdir(), 'manifold-bench-providers-'));
  symlinkSync(join(root, 'providers', 'openai'), join(onlyOpenAI, 'openai'), 'dir');
  const script = join(root, 'scripts', 'bench', 'gateway-with-providers.mjs');
  const gateways = {};
  try {
    for (const [name, dir] of [
      ['all', join(root, 'providers')],
      ['one', onlyOpenAI],
    ]) {
      const gateway = await launchGateway(
        undefined,
        { OPENAI_API_KEY: 'sk-bench', OPENAI_PROXY_URL: fast.baseURL, BENCH_PROVIDERS_DIR: dir },
        { script, what: `the gateway with ${name} providers` },
      );
      await new Promise((r) => setTimeout(r, 500));
      const rss = rssMiB(gateway.pid);
      const providers = (await (await fetch(`${gateway.url}/providers`)).json()).providers.length;
      gateways[name] = { ...gateway, providers, rss, runs: [] };
    }
    const headers = { 'content-type': 'application/json', 'x-manifold-auth': await signToken({}) };
    for (const gateway of Object.values(gateways))
      await warmUp(`${gateway.url}/webapi/chat/openai`, headers, chatBody);
    // alternating rounds: all, one, one, all
    for (const name of ['all', 'one', 'one', 'all']) {
      const gateway = gateways[name];
      gateway.runs.push(
        await load(
          `${gateway.url}/webapi/chat/openai`,
          headers,
          chatBody,
          SCALE_SECONDS,
          gateway.pid,
        ),
      );
    }
  } finally {
    for (const gateway of Object.values(gateways)) await stop(gateway.child);
    rmSync(onlyOpenAI, { recursive: true, force: true });
  }
  const providers = Object.fromEntries(
    Object.entries(gateways).map(([name, g]) => [
      name,
      { ...combine(...g.runs), providers: g.providers, rss: g.rss },
    ]),
  );
  return { direct200, chunks20, chunks200, bigPrompt, providers };
}

/**
 * A raw-writer gateway under `node --cpu-prof`: warmed up, then one load run whose start and end
 * this process marks on CLOCK_MONOTONIC (`process.hrtime`), the clock of the profile's sample
 * times; the profile is written when the gateway exits (SIGTERM). Only the samples inside the run
 * count. Should the marks fall outside the profile (another clock), the window is placed by the
 * profile's own end instead: its end time is when the gateway exited, which this process saw.
 */
async function measureProfile(fast) {
  console.log('CPU profile: a gateway under --cpu-prof, one load run');
  const dir = mkdtempSync(join(tmpdir(), 'manifold-bench-profile-'));
  const now = () => Number(process.hrtime.bigint() / 1000n);
  try {
    const gateway = await startGateway(undefined, fast, 'raw', undefined, {}, [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
    ]);
    const headers = { 'content-type': 'application/json', 'x-manifold-auth': await signToken({}) };
    const url = `${gateway.url}/webapi/chat/openai`;
    await warmUp(url, headers, chatBody, 3);
    const mainBefore = cpuMicros(gateway.pid, gateway.pid);
    const from = now();
    const run = await load(url, headers, chatBody, DURATION, gateway.pid);
    const to = now();
    const mainCpu = (cpuMicros(gateway.pid, gateway.pid) - mainBefore) / run.total;
    await stop(gateway.child);
    const exited = now();
    // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: the one of the gateway that served
    const file = readdirSync(dir).find(
      (name) => name.endsWith('.cpuprofile') && name.includes(`.${gateway.pid}.`),
    );
    if (!file) return { reason: 'the gateway wrote no .cpuprofile when it exited' };
    const path = join(dir, file);
    let window = { from, to };
    let summary = summarise(path, window);
    let placed = 'process.hrtime marks';
    if (summary.profiled.from > from || summary.profiled.to < to) {
      const shift = summary.profiled.to - exited;
      window = { from: from + shift, to: to + shift };
      summary = summarise(path, window);
      placed = "the profile's end (clocks differ)";
    }
    return {
      run,
      summary,
      mainCpu,
      top: topFunctions(path, 10, window),
      placed,
      seconds: (to - from) / 1e6,
    };
  } catch (error) {
    return { reason: error.message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Portkey gateway on the same fake upstream (its OpenAI provider with a custom host): req/s
 * and CPU per request, time to first event, idle RSS and RSS with 50 streams open (a fresh one).
 */
async function measurePortkey({ fast, slow }) {
  console.log('Portkey gateway on the same fake upstream');
  const install = installPortkey(root, PORTKEY);
  if (install.reason) return { reason: install.reason };
  const headersFor = (upstream) => ({
    'content-type': 'application/json',
    authorization: 'Bearer sk-bench',
    'x-portkey-provider': 'openai',
    'x-portkey-custom-host': upstream.baseURL,
  });
  let portkey;
  try {
    portkey = await startPortkey(install);
    await new Promise((r) => setTimeout(r, 500));
    const idleRss = rssMiB(portkey.pid);
    const url = `${portkey.url}/v1/chat/completions`;
    const check = await fetch(url, {
      method: 'POST',
      headers: headersFor(fast),
      body: upstreamBody,
    }).then((r) => r.text());
    const words = (check.match(/"content":"word\d+ "/g) ?? []).length;
    if (words !== 20)
      return { reason: `a stream through Portkey carried ${words} of the 20 words` };
    await warmUp(url, headersFor(fast), upstreamBody);
    const run = await load(url, headersFor(fast), upstreamBody, DURATION, portkey.pid);
    const ttfb = await timeToFirstByte(url, headersFor(fast), upstreamBody, SEQUENTIAL);
    await stop(portkey.child);

    // memory with open streams on a fresh one, after one chat, as for the gateway
    portkey = await startPortkey(install);
    const freshUrl = `${portkey.url}/v1/chat/completions`;
    await openStreamsAt(freshUrl, headersFor(fast), upstreamBody, 1).then((sockets) =>
      sockets.forEach((socket) => socket.destroy()),
    );
    await new Promise((r) => setTimeout(r, 300));
    const oneChatRss = rssMiB(portkey.pid);
    const open = await openStreamsAt(freshUrl, headersFor(slow), upstreamBody, 50);
    await new Promise((r) => setTimeout(r, 500));
    const rss50 = rssMiB(portkey.pid);
    for (const req of open) req.destroy();
    return { run, ttfb, idleRss, oneChatRss, rss50 };
  } catch (error) {
    return { reason: error.message };
  } finally {
    if (portkey) await stop(portkey.child);
  }
}

/** The goals of issue 19, each measured in this run, met or not. */
function goalsSection({
  direct,
  viaRaw,
  ttfbDirect,
  ttfbGateway,
  bootRss,
  rss50,
  portkey,
  providers,
}) {
  const share = viaRaw.rps / direct.rps;
  const extra = percentile(ttfbGateway, 50) - percentile(ttfbDirect, 50);
  const overPortkey = portkey.reason ? undefined : viaRaw.rps / portkey.run.rps;
  return [
    '## Goals',
    '',
    'Measured in this run (the rows below): the raw-writer gateway on `/webapi/chat/openai` with the 20-chunk answer.',
    '',
    '| goal | target | measured | met? |',
    '| --- | ---: | ---: | :---: |',
    `| streamed req/s through the gateway, of direct to the upstream | ≥ 40 % | ${pct(viaRaw.rps, direct.rps)} | ${yesNo(share >= 0.4)} |`,
    overPortkey === undefined
      ? `| streamed req/s, gateway / Portkey gateway | ≥ 10 × | not measured: ${portkey.reason} | — |`
      : `| streamed req/s, gateway / Portkey gateway | ≥ 10 × | ${times(viaRaw.rps, portkey.run.rps)} | ${yesNo(overPortkey >= 10)} |`,
    `| extra time to the first event, p50 | ≤ +0.3 ms | +${extra.toFixed(2)} ms | ${yesNo(extra <= 0.3)} |`,
    `| RSS before any chat (${providers} providers discovered, only OpenAI enabled) | ≤ 80 MiB | ${mib(bootRss)} | ${yesNo(bootRss <= 80)} |`,
    `| RSS with 50 streams open | ≤ 100 MiB | ${mib(rss50)} | ${yesNo(rss50 <= 100)} |`,
    '',
  ];
}

/** Portkey on the same fake upstream, beside the gateway's rows of this run. */
function portkeySection({
  direct,
  viaRaw,
  viaCompat,
  ttfbDirect,
  ttfbGateway,
  bootRss,
  idleRss,
  rss50,
  portkey,
}) {
  const title = `## The Portkey gateway (\`@portkey-ai/gateway\` ${PORTKEY.version}, the same fake upstream)`;
  if (portkey.reason) return [title, '', `Not measured: ${portkey.reason}.`, ''];
  const { run } = portkey;
  const extra = (sorted) => percentile(sorted, 50) - percentile(ttfbDirect, 50);
  return [
    title,
    '',
    `Its OpenAI provider with \`x-portkey-custom-host\` set to the fake upstream, \`POST /v1/chat/completions\` streamed with usage (the same 20 words); one process (\`build/start-server.js --headless\`, Node ${process.version}), ${CONNECTIONS} connections, ${DURATION} s. CPU per request: the process's user + system time over the run (\`/proc/<pid>/stat\`) divided by the requests completed.`,
    '',
    '| path | req/s | of direct | latency p50 | latency p99 | CPU per request | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| direct to the fake upstream (baseline) | ${direct.rps.toFixed(0)} | 100 % | ${direct.p50} ms | ${direct.p99} ms | | ${direct.errors} |`,
    `| through Portkey | ${run.rps.toFixed(0)} | ${pct(run.rps, direct.rps)} | ${run.p50} ms | ${run.p99} ms | ${micros(run.cpu)} | ${run.errors} |`,
    `| through the gateway, \`/webapi/chat/openai\` | ${viaRaw.rps.toFixed(0)} | ${pct(viaRaw.rps, direct.rps)} | ${viaRaw.p50} ms | ${viaRaw.p99} ms | ${micros(viaRaw.cpu)} | ${viaRaw.errors} |`,
    `| through the gateway, \`/v1/chat/completions\` | ${viaCompat.rps.toFixed(0)} | ${pct(viaCompat.rps, direct.rps)} | ${viaCompat.p50} ms | ${viaCompat.p99} ms | ${micros(viaCompat.cpu)} | ${viaCompat.errors} |`,
    '',
    `Gateway / Portkey: **${times(viaRaw.rps, run.rps)}** (\`/webapi/chat/openai\`), ${times(viaCompat.rps, run.rps)} (\`/v1/chat/completions\`, the same API as Portkey's). Target: ≥ 10 ×.`,
    '',
    '| | the gateway | Portkey |',
    '| --- | ---: | ---: |',
    `| extra time to the first event, p50 (${SEQUENTIAL} sequential requests) | +${extra(ttfbGateway).toFixed(2)} ms | +${extra(portkey.ttfb).toFixed(2)} ms |`,
    `| RSS of a fresh process before any chat | ${mib(bootRss)} | ${mib(portkey.idleRss)} |`,
    `| RSS after one chat | ${mib(idleRss)} | ${mib(portkey.oneChatRss)} |`,
    `| RSS with 50 streams open (the slow upstream) | ${mib(rss50)} | ${mib(portkey.rss50)} |`,
    '',
  ];
}

/** CPU per request as the answer and the prompt grow, and with one provider instead of all. */
function scalingSection(scaling) {
  const { direct200, chunks20, chunks200, bigPrompt, providers } = scaling;
  const perChunk = (chunks200.cpu - chunks20.cpu) / 180;
  const row = (name, run, of, cpuOf) =>
    `| ${name} | ${run.rps.toFixed(0)} | ${of ? pct(run.rps, of) : ''} | ${micros(run.cpu)} | ${cpuOf ? times(run.cpu, cpuOf) : ''} | ${run.errors} |`;
  return [
    `## Scaling: the gateway's CPU per streamed request (${CONNECTIONS} connections, ${SCALE_SECONDS} s a run)`,
    '',
    "CPU per request: the gateway process's user + system time over the run (`/proc/<pid>/stat`, all its threads) divided by the requests completed. In the first three rows the token names the upstream, so one gateway (raw writer) serves the 20- and the 200-chunk answer; the 20-chunk row is two runs, before and after the others. The last two rows are two fresh gateways started alike (`scripts/bench/gateway-with-providers.mjs`: `buildApp`'s `providersDir`), in alternating runs.",
    '',
    '| run | req/s | of direct | gateway CPU per request | CPU vs the 20-chunk request | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('20-chunk answer (of direct: the throughput table)', chunks20, undefined, chunks20.cpu),
    row('200-chunk answer', chunks200, direct200.rps, chunks20.cpu),
    `| direct to the 200-chunk fake (baseline of the row above) | ${direct200.rps.toFixed(0)} | 100 % | | | ${direct200.errors} |`,
    row(`${PROMPT_BYTES / 1024} KB prompt, 20-chunk answer`, bigPrompt, undefined, chunks20.cpu),
    row(
      `all ${providers.all.providers} builtin providers discovered (20-chunk answer)`,
      providers.all,
      undefined,
      undefined,
    ),
    row(
      `only the OpenAI provider discovered (${providers.one.providers})`,
      providers.one,
      undefined,
      providers.all.cpu,
    ),
    '',
    `- 200 chunks: ${times(chunks200.cpu, chunks20.cpu)} the CPU of 20 chunks for 10 × the chunks; as a line through both, ${perChunk.toFixed(1)} µs per chunk and ${(chunks20.cpu - 20 * perChunk).toFixed(0)} µs per request besides.`,
    `- A ${PROMPT_BYTES / 1024} KB prompt: ${bigPrompt.cpu >= chunks20.cpu ? '+' : '−'}${Math.abs(bigPrompt.cpu - chunks20.cpu).toFixed(0)} µs per request (${((bigPrompt.cpu - chunks20.cpu) / (PROMPT_BYTES / 1024)).toFixed(1)} µs per KB).`,
    `- Providers: ${micros(providers.one.cpu)} per request with one discovered, ${micros(providers.all.cpu)} with ${providers.all.providers} (one / all: ${times(providers.one.cpu, providers.all.cpu)}); RSS before any chat ${mib(providers.one.rss)} with one, ${mib(providers.all.rss)} with ${providers.all.providers}.`,
    '',
  ];
}

/**
 * The profile's buckets in µs of CPU per request, the numbers a later run compares with. A
 * sample's time is wall-clock time since the previous sample, which holds the time the thread
 * waited for a core as well (two shared cores): the samples' shares are scaled to the main
 * thread's CPU time over the run (`/proc/<pid>/task/<pid>/stat`).
 */
function profileData(profile) {
  const { run, summary, mainCpu } = profile;
  const sampled = summary.busy / run.total;
  const scale = mainCpu / sampled;
  return {
    requests: run.total,
    sampled,
    total: mainCpu,
    buckets: Object.fromEntries(
      summary.buckets.map(([bucket, us]) => [
        bucket,
        Number(((us / run.total) * scale).toFixed(2)),
      ]),
    ),
  };
}

/** The commit whose gateway code this run measured (the last one that changed core/ or providers/). */
function gatewayCommit() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim();
  const commit = git('log', '-1', '--format=%h', '--', 'core', 'providers') || 'unknown';
  const dirty = git('status', '--porcelain', '--', 'core', 'providers');
  return dirty ? `${commit} with uncommitted changes` : commit;
}

/** The kept "before" block, written from this run's profile (BENCH_PROFILE_BEFORE=1). */
function beforeBlock(profile) {
  const data = profileData(profile);
  const rows = Object.entries(data.buckets).slice(0, PROFILE_ROWS);
  const other = data.total - rows.reduce((sum, [, us]) => sum + us, 0);
  return [
    '<!-- profile:before -->',
    `### Before: the gateway of commit ${gatewayCommit()}, measured on ${new Date().toISOString().slice(0, 10)}`,
    '',
    `The same measurement: ${data.requests} requests in ${profile.seconds.toFixed(1)} s (${profile.run.rps.toFixed(0)} req/s under the profiler); main thread ${micros(data.total)} of CPU per request, the whole process ${micros(profile.run.cpu)} (\`/proc\`); ${micros(data.sampled)} per request in busy samples (wall-clock).`,
    '',
    '| where | µs per request | share |',
    '| --- | ---: | ---: |',
    ...rows.map(
      ([bucket, us]) =>
        `| ${bucket.replace(/\|/g, '\\|')} | ${us.toFixed(1)} | ${pct(us, data.total)} |`,
    ),
    `| other (${Object.keys(data.buckets).length - rows.length} more) | ${other.toFixed(1)} | ${pct(other, data.total)} |`,
    `| **total** | **${data.total.toFixed(1)}** | 100 % |`,
    '',
    // '>' only occurs inside JSON strings, where \u003e reads back the same: no `-->` in the comment
    `<!-- profile:before-data ${JSON.stringify(data).replace(/>/g, '\\u003e')} -->`,
    '<!-- /profile:before -->',
  ].join('\n');
}

/** Where the CPU of one streamed request goes, and the kept "before" block. */
function profileSection(profile, before, compare = true) {
  const title = '## Where the CPU of one streamed request goes (CPU profile)';
  const kept = before ? ['', before] : [];
  if (profile.reason) return [title, '', `Not measured: ${profile.reason}.`, ...kept, ''];
  const { run, summary } = profile;
  const data = profileData(profile);
  const previous = compare && before && /<!-- profile:before-data (.*) -->/.exec(before)?.[1];
  const then = previous ? JSON.parse(previous) : undefined;
  const rows = summary.buckets.slice(0, PROFILE_ROWS).map(([bucket]) => bucket);
  const shown = (source, total) =>
    total - rows.reduce((sum, bucket) => sum + (source.buckets[bucket] ?? 0), 0);
  const line = (name, now, was, strong = '') =>
    `| ${name.replace(/\|/g, '\\|')} | ${strong}${now.toFixed(1)}${strong} | ${pct(now, data.total)} |${
      then
        ? ` ${strong}${was.toFixed(1)}${strong} | ${now - was >= 0 ? '+' : '−'}${Math.abs(now - was).toFixed(1)} |`
        : ''
    }`;
  return [
    title,
    '',
    `A raw-writer gateway under \`node --cpu-prof\` (a sample a millisecond), warmed up for 3 s, then ${CONNECTIONS} connections for ${profile.seconds.toFixed(1)} s on \`/webapi/chat/openai\` with the 20-chunk answer: ${run.total} requests, ${run.rps.toFixed(0)} req/s under the profiler. Only the samples taken inside that run count (its start and end marked on the monotonic clock the profile's times use; placed by ${profile.placed}); their self time by where the code is. A sample's time is wall-clock time, which holds the time the thread waited for a core too (${micros(data.sampled)} per request in busy samples): the table scales the samples' shares to the main thread's CPU time over the run from \`/proc\`, ${micros(data.total)} per request (the whole process, with the garbage collector's helper threads and the profiler's own: ${micros(run.cpu)}).`,
    '',
    `| where | µs per request | share |${then ? ' before | change |' : ''}`,
    `| --- | ---: | ---: |${then ? ' ---: | ---: |' : ''}`,
    ...rows.map((bucket) => line(bucket, data.buckets[bucket], then?.buckets[bucket] ?? 0)),
    line(
      `other (${summary.buckets.length - rows.length} more)`,
      shown(data, data.total),
      then ? shown(then, then.total) : 0,
    ),
    line('**total**', data.total, then?.total ?? 0, '**'),
    '',
    ...(then ? ['"before" is the kept block below.', ''] : []),
    'Top functions by self time (µs of CPU per request, scaled alike):',
    '',
    '| function | µs per request |',
    '| --- | ---: |',
    ...profile.top.map(
      ([name, us]) =>
        `| \`${name.replace(/\|/g, '\\|')}\` | ${((us / run.total) * (data.total / data.sampled)).toFixed(1)} |`,
    ),
    ...kept,
    '',
  ];
}
