/**
 * Issue 11, the critical case, end to end: a token with its own key and a `baseURL` pointing at a
 * server that streams one endless line. The gateway runs as its own process with a small heap
 * (before the fix it died of an out-of-memory error within seconds, and nothing restarted it);
 * now the request ends with one `error` event, the process keeps serving, and its memory comes
 * back near where it was.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authHeader, parseEventStream } from '../helpers/gateway.js';
import { NO_PROVIDERS, ROOT } from '../helpers/paths.js';
import { startHostileUpstream, writeEndlessly } from '@manifold/provider-kit/fakes/hostile';

/** Resident memory of a process, in MiB (Linux). */
const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};

t.test('an endless upstream line leaves a small-heap gateway serving', async (t) => {
  const upstream = await startHostileUpstream(t);
  let endless = false;
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (!endless) {
      const chunk = {
        id: 'c1',
        choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }],
      };
      return response.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
    }
    // bounded so that a broken gateway cannot keep the test running: 1 GiB is far past its heap
    writeEndlessly(response, `data: {"choices":[{"delta":{"content":"${'x'.repeat(4000)}`, 1 << 30);
  });

  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=160',
      '--import=tsx',
      '--conditions=manifold-source',
      join(ROOT, 'core', 'gateway', 'src', 'main.ts'),
    ],
    {
      cwd: NO_PROVIDERS,
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`gateway exited (${code}): ${stderr}`)));
  });
  const health = async () => (await fetch(`${url}/health`)).status;
  t.equal(await health(), 200, 'the gateway is up');

  const ask = async () => {
    const response = await fetch(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader({
        apiKey: 'sk-own-key-000000000000',
        baseURL: `${upstream.origin}/v1`,
      }),
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    return parseEventStream(await response.text());
  };
  // a normal answer first, so that what it loads (the provider's SDK) is not counted below
  t.match((await ask()).at(-1), { event: 'speed' }, 'a normal answer streams');
  const before = rssMiB(child.pid!);
  endless = true;
  // three at once: each holds at most one line's worth before it is cut
  const answers = await Promise.all([ask(), ask(), ask()]);
  for (const events of answers) {
    t.match(events.at(-1), {
      event: 'error',
      data: { type: 'ProviderBizError', body: { reason: 'line_too_long', provider: 'openai' } },
    });
  }
  t.equal(child.exitCode, null, 'the gateway process is alive');
  t.equal(await health(), 200, 'and still serving');
  t.ok(await upstream.allClosed(), 'every upstream socket was closed');

  // memory comes back near where it was within seconds
  let after = rssMiB(child.pid!);
  for (let i = 0; i < 20 && after > before + 48; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    after = rssMiB(child.pid!);
  }
  t.ok(after < before + 48, `resident memory ${before.toFixed(0)} → ${after.toFixed(0)} MiB`);
});
