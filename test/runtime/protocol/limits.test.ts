/**
 * The decoders cap what they hold for one line or event, so a stream that never ends a line cannot
 * grow memory; the fault they throw names the limit and the setting.
 */
import t from 'tap';
import { UpstreamFault, findUpstreamFault } from '@manifold/core/errors/upstream-fault';
import { collectChatResult } from '@manifold/core/protocol/collect-result';
import {
  configureUpstreamLimits,
  DEFAULT_UPSTREAM_LIMITS,
  upstreamLimits,
} from '@manifold/core/protocol/limits';
import { NDJSONDecoder } from '@manifold/core/protocol/ndjson-decode';
import { SSEDecoder } from '@manifold/core/protocol/sse-decode';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { isVerdict, endOnDrop } from '@manifold/core/protocol/read-answer';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { run, type Step } from './stream-helpers.js';

const lineFault = {
  name: 'UpstreamFault',
  reason: 'line_too_long',
  details: { limit: 100, setting: 'UPSTREAM_MAX_LINE_BYTES' },
};

t.test('SSE: a line that never ends is refused once it passes the limit', async (t) => {
  const decoder = new SSEDecoder({ maxLineLength: 100 });
  t.same(decoder.push('data: '), []);
  t.same(decoder.push('x'.repeat(90)), [], 'under the limit it is held');
  t.throws(() => decoder.push('x'.repeat(10)), lineFault, 'over it: the fault');
});

t.test('SSE: a line over the limit in one chunk, with its end, is refused too', async (t) => {
  const decoder = new SSEDecoder({ maxLineLength: 100 });
  t.throws(() => decoder.push(`data: ${'x'.repeat(200)}\n\n`), lineFault);
  const exact = new SSEDecoder({ maxLineLength: 100 });
  const line = `data: ${'x'.repeat(94)}`;
  t.equal(line.length, 100);
  t.same(
    exact.push(`${line}\n\n`),
    [{ data: 'x'.repeat(94) }],
    'a line of exactly the limit passes',
  );
});

t.test('SSE: many short data lines without a blank line are one event, capped too', async (t) => {
  const decoder = new SSEDecoder({ maxLineLength: 100 });
  for (let i = 0; i < 10; i++) decoder.push('data: 0123456789\n');
  t.throws(() => decoder.push('data: 0123456789\n'), lineFault);
  const fine = new SSEDecoder({ maxLineLength: 100 });
  for (let round = 0; round < 50; round++) {
    t.equal(fine.push('data: 0123456789\ndata: 0123456789\n\n').length, 1);
  }
});

t.test('SSE: the default limit is the configured one', async (t) => {
  t.equal(upstreamLimits().maxLineBytes, DEFAULT_UPSTREAM_LIMITS.maxLineBytes);
  const restore = configureUpstreamLimits({ maxLineBytes: 50 });
  t.teardown(restore);
  const decoder = new SSEDecoder();
  t.throws(() => decoder.push('data: '.padEnd(60, 'x')), {
    name: 'UpstreamFault',
    reason: 'line_too_long',
    details: { limit: 50 },
  });
  restore();
  t.equal(upstreamLimits().maxLineBytes, DEFAULT_UPSTREAM_LIMITS.maxLineBytes, 'restored');
});

t.test('NDJSON: lines are capped, with or without their newline', async (t) => {
  const decoder = new NDJSONDecoder({ maxLineLength: 100 });
  t.same(decoder.push('{"a":1}\n{"b":'), [{ a: 1 }]);
  t.throws(() => decoder.push(`"${'x'.repeat(100)}`), lineFault);
  const whole = new NDJSONDecoder({ maxLineLength: 100 });
  t.throws(() => whole.push(`{"a":"${'x'.repeat(200)}"}\n`), lineFault);
  const fine = new NDJSONDecoder({ maxLineLength: 100 });
  const values = [];
  for (let i = 0; i < 1000; i++) values.push(...fine.push(`{"i":${i}}\n`));
  t.equal(values.length, 1000, 'many short lines are fine');
});

t.test('a fault is a verdict: endOnDrop throws it on instead of ending quietly', async (t) => {
  const fault = new UpstreamFault('idle_timeout', 'quiet', { limit: 1 });
  t.equal(fault.errorType, 504, 'timeouts are 504');
  t.equal(new UpstreamFault('redirect', 'moved').errorType, 'ProviderBizError');
  t.ok(isVerdict(fault));
  t.ok(isVerdict(new TypeError('fetch failed', { cause: fault })), 'found as a cause');
  t.ok(isVerdict(new ManifoldError('StreamChunkError')));
  t.notOk(isVerdict(new TypeError('terminated')), 'a dropped connection is not');
  t.equal(
    findUpstreamFault(new Error('outer', { cause: new Error('mid', { cause: fault }) })),
    fault,
  );

  async function* failing(error: unknown) {
    yield 1;
    throw error;
  }
  const dropped: unknown[] = [];
  const quiet = [];
  for await (const item of endOnDrop(failing(new TypeError('terminated')), (e) => dropped.push(e)))
    quiet.push(item);
  t.same(quiet, [1]);
  t.equal(dropped.length, 1, 'a drop ends the items');
  await t.rejects(async () => {
    for await (const item of endOnDrop(failing(fault))) void item;
  }, fault);
});

t.test('?format=json collection stops at the limit', async (t) => {
  async function* events(): AsyncGenerator<StreamEvent> {
    for (let i = 0; i < 100; i++) yield { id: 'c1', event: 'text', data: 'x'.repeat(100) };
    yield { id: 'c1', event: 'stop', data: 'stop' };
  }
  const result = await collectChatResult(events(), { maxLength: 100_000 });
  t.equal(result.text.length, 10_000, 'under the limit: whole');
  let produced = 0;
  async function* counting(): AsyncGenerator<StreamEvent> {
    for (const event of [...Array(100)].map(() => 'x'.repeat(100))) {
      produced++;
      yield { id: 'c1', event: 'text', data: event };
    }
  }
  await t.rejects(collectChatResult(counting(), { maxLength: 1000, provider: 'p' }), {
    name: 'ManifoldError',
    errorType: 'ProviderBizError',
    body: { reason: 'response_too_large', limit: 1000, provider: 'p' },
  });
  t.equal(produced, 11, 'the stream was stopped right after the limit');
});

t.test(
  'the stream builder holds at most a body of nameless tool arguments, 1000 citations',
  async (t) => {
    t.teardown(configureUpstreamLimits({ maxBodyBytes: 1000 }));
    const nameless: Step[] = [...Array(30)].map(() => ({
      type: 'tool_call' as const,
      index: 0,
      arguments: 'x'.repeat(100),
    }));
    const { events } = await run([
      ...nameless,
      { type: 'finish', reason: 'tool_calls' },
      { type: 'end' },
    ]);
    const calls = events.filter((event) => event.event === 'tool_calls');
    t.ok(calls.length > 1, 'arguments were sent on past the limit instead of held to the end');
    const first = calls[0]?.data as Array<{ function: { arguments: string } }>;
    t.ok((first[0]?.function.arguments.length ?? 0) <= 1100, 'no more than a body was held');

    const reports: Step[] = [...Array(30)].map((_, report) => ({
      type: 'grounding' as const,
      grounding: {
        citations: [...Array(100)].map((_, i) => ({
          title: 't',
          url: `https://e.x/${report}/${i}`,
        })),
      },
    }));
    const grounded = await run([
      ...reports,
      { type: 'text', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
      { type: 'end' },
    ]);
    const grounding = grounded.events.find((event) => event.event === 'grounding')?.data as {
      citations: unknown[];
    };
    t.equal(grounding.citations.length, 1000, 'citations kept up to 1000');
  },
);
