/**
 * The upstream transport's own rules, below any wire: the connect timeout, AWS event-stream frames
 * split anywhere, the total timeout a caller may lift, error answers kept short.
 */
import t from 'tap';
import type { LookupFunction } from 'node:net';
import { createUpstreamFetch, leanFetch, type UpstreamInit } from '@manifold/transport';
import { configureUpstreamLimits } from '@manifold/core/protocol/limits';
import { startHostileUpstream } from '@manifold/provider-kit/fakes/hostile';
import { encodeMessage } from '@manifold/provider-kit/fakes/bedrock-eventstream';

t.test('a connection that takes too long to open is a connect_timeout', async (t) => {
  t.teardown(configureUpstreamLimits({ connectTimeoutMs: 200 }));
  // a name whose lookup never completes in time (DNS is part of connecting)
  const slowLookup: LookupFunction = (_hostname, _options, callback) => {
    setTimeout(() => callback(null, '127.0.0.1', 4), 2000);
  };
  const fetch = createUpstreamFetch({ lookup: slowLookup });
  const started = Date.now();
  await t.rejects(fetch('http://upstream.invalid:9/v1/chat/completions', { method: 'POST' }), {
    name: 'UpstreamFault',
    reason: 'connect_timeout',
    details: { limit: 200, setting: 'UPSTREAM_CONNECT_TIMEOUT_MS' },
  });
  t.ok(Date.now() - started < 1500, 'given up at the limit, not when the lookup came back');
});

t.test('event-stream frames pass whole whatever the chunking; a long one is refused', async (t) => {
  const upstream = await startHostileUpstream(t);
  const frames = Buffer.concat(
    ['a', 'bb', 'c'.repeat(3000)].map((payload) =>
      encodeMessage({ ':event-type': 'chunk' }, Buffer.from(payload)),
    ),
  );
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    // one byte at a time for the first frames (a length prefix split across chunks), then the rest
    let offset = 0;
    const next = () => {
      if (offset >= frames.length) return response.end();
      const size = offset < 64 ? 1 : 1000;
      response.write(frames.subarray(offset, offset + size));
      offset += size;
      setImmediate(next);
    };
    next();
  });
  t.teardown(configureUpstreamLimits({ maxLineBytes: 4096 }));
  const answer = await leanFetch(`${upstream.origin}/stream`, { method: 'POST' });
  const received = Buffer.from(await answer.arrayBuffer());
  t.same(received, frames, 'every byte arrived, in order');

  t.teardown(configureUpstreamLimits({ maxLineBytes: 1024 }));
  const refused = await leanFetch(`${upstream.origin}/stream`, { method: 'POST' });
  await t.rejects(refused.arrayBuffer(), { name: 'UpstreamFault', reason: 'line_too_long' });
  t.ok(await upstream.allClosed(), 'the connection was closed');
});

t.test('the total timeout applies unless the caller lifts it (a model download)', async (t) => {
  const upstream = await startHostileUpstream(t);
  t.teardown(configureUpstreamLimits({ totalTimeoutMs: 300, idleTimeoutMs: 1000 }));
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    let sent = 0;
    const tick = setInterval(() => {
      if (response.destroyed) return clearInterval(tick);
      if (++sent === 8) {
        clearInterval(tick);
        return response.end('{"status":"success"}\n');
      }
      response.write(`{"status":"downloading","completed":${sent}}\n`);
    }, 100);
  });
  const capped = await leanFetch(`${upstream.origin}/api/pull`, { method: 'POST' });
  await t.rejects(capped.text(), { name: 'UpstreamFault', reason: 'total_timeout' });
  const lifted = await leanFetch(`${upstream.origin}/api/pull`, {
    method: 'POST',
    upstream: { totalTimeoutMs: 0 },
  } as UpstreamInit);
  const text = await lifted.text();
  t.match(text, /"success"/, 'the download ran past the total timeout to its end');
});

t.test('an error answer is kept to its first 256 KiB', async (t) => {
  const upstream = await startHostileUpstream(t);
  upstream.answer((_request, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('e'.repeat(2 * 1024 * 1024));
  });
  const answer = await leanFetch(`${upstream.origin}/x`, { method: 'POST' });
  t.equal(answer.status, 500);
  t.equal(answer.statusText, 'Internal Server Error');
  t.equal((await answer.text()).length, 256 * 1024);
});

t.test('a refused target never connects', async (t) => {
  const upstream = await startHostileUpstream(t);
  const fetch = createUpstreamFetch({ checkTarget: () => new Error('refused here') });
  await t.rejects(fetch(`${upstream.origin}/x`), { message: 'refused here' });
  t.equal(upstream.requests.length, 0);
});
