// `npm run bench`: fake upstream and gateway in their own processes, load from this one.
// Writes BENCHMARKS.md from this one run: ratios against the direct-to-upstream baseline.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const children = [];

spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const { signToken } = await import(
  pathToFileURL(join(root, 'core', 'runtime', 'dist', 'auth', 'token.js')).href
);

function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
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

async function startGateway(port, upstream, sseWriter, anthropic, extraEnv = {}) {
  const child = start([join(root, 'core', 'gateway', 'dist', 'main.js')], {
    MANIFOLD_PLUGINS: join(root, 'scripts', 'bench', 'provider-synthetic'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_PROXY_URL: upstream.baseURL,
    MANIFOLD_API_KEYS: 'mk-bench',
    ...(anthropic && { ANTHROPIC_API_KEY: 'sk-ant-bench', ANTHROPIC_PROXY_URL: anthropic.url }),
    SSE_WRITER: sseWriter,
    ...extraEnv,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, pid: child.pid };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gateway (${sseWriter}) did not start`);
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

async function load(url, headers, body, duration = DURATION) {
  // a signed token lives 100 s; autocannon sends the same headers throughout the run
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    duration,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
  };
}

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

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

/** Open `count` streams through the gateway to the slow upstream and keep them open. */
async function openStreams(gateway, token, count) {
  const sockets = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const req = request(
            `${gateway.url}/webapi/chat/openai`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-manifold-auth': token },
            },
            (res) => {
              res.once('data', () => resolve());
              res.resume();
            },
          );
          req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
          req.end(chatBody);
          sockets.push(req);
        }),
    ),
  );
  return sockets;
}

try {
  const fast = await startUpstream('fast');
  const slow = await startUpstream('slow');
  const anthropicUpstream = await startUpstream('anthropic');
  const raw = await startGateway(33210, fast, 'raw', anthropicUpstream);
  const plugin = await startGateway(33211, fast, 'plugin');
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
  const viaRaw = await load(`${raw.url}/webapi/chat/openai`, headers, chatBody);
  clearInterval(sampler);
  console.log('load: through the gateway (@fastify/sse writer)');
  headers['x-manifold-auth'] = await signToken({});
  const viaPlugin = await load(`${plugin.url}/webapi/chat/openai`, headers, chatBody);

  console.log('load: through the gateway, OpenAI-compatible /v1/chat/completions');
  const viaCompat = await load(`${raw.url}/v1/chat/completions`, compatHeaders, compatBody);

  console.log('load: Anthropic direct and through the gateway');
  const anthropicDirect = await load(
    `${anthropicUpstream.url}/v1/messages`,
    anthropicHeaders,
    anthropicUpstreamBody,
  );
  headers['x-manifold-auth'] = await signToken({});
  const viaAnthropic = await load(`${raw.url}/webapi/chat/anthropic`, headers, anthropicChatBody);

  console.log('metering on vs off (cloud edition, one gateway)');
  const cloud = await startCloudGateway(33213, fast);
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

  console.log('memory with open streams (a fresh gateway)');
  const fresh = await startGateway(33212, fast, 'raw');
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
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} from one run. Machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`,
    'Fake upstream, gateway and load generator are separate processes on the same machine (loopback), so',
    'the gateway competes with the upstream and autocannon for the two cores: compare ratios, not absolutes.',
    '',
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
    '',
    'Target: ≤ 0.3 ms extra to the first event.',
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
    `| fresh gateway after one chat, no stream open | ${idleRss.toFixed(1)} MiB |`,
    `| 50 streams open | ${rss50.toFixed(1)} MiB |`,
    `| 550 streams open | ${rss550.toFixed(1)} MiB |`,
    `| per extra idle open stream | ${(((rss550 - rss50) * 1024) / 500).toFixed(1)} KiB |`,
    '',
    'Target: ≤ 120 MiB at 50 streams.',
    '',
    '## Web app first load',
    '',
    `First-load JavaScript (the scripts \`web/dist/index.html\` loads, gzipped at Node's default zlib level): **${firstLoadKB.toFixed(1)} KB** in ${scripts.length} file(s). Target: ≤ 250 KB.`,
    '',
  ];
  lines.push(...longConversationSection());
  // the section `npm run bench:cluster` writes is kept as it is
  const previous = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
  const cluster = /<!-- bench:cluster -->[\s\S]*<!-- \/bench:cluster -->/.exec(previous)?.[0];
  if (cluster) lines.push('', cluster);
  writeFileSync(join(root, 'BENCHMARKS.md'), lines.join('\n'));
  console.log(lines.join('\n'));
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
