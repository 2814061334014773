/**
 * The protocol conformance kit: one table of scenarios every provider runs against its own
 * wire-faithful fake upstream, over a real socket, through its real runtime. A provider supplies a
 * `ConformanceTarget` (how to start its fake, how to play each generic scenario in its own wire
 * format, how to build its runtime); the kit asserts what CONTRACT §4 promises for every provider:
 * - one stable, non-empty id on every event but `first_chunk_error` / `output_speed`;
 * - the tail: exactly one `stop`, then `usage` when reported, then `speed`, and nothing after;
 * - text, reasoning and tool calls arrive as the upstream sent them; tool-call fragments merge by
 *   index into whole calls, each fragment carrying its call's id and name;
 * - citations at most once;
 * - a chunk that is not JSON → one `StreamChunkError`; a connection that ends early → one
 *   `ProviderBizError` with `reason: "unexpected_end"`; an in-stream error before content → one
 *   error with id `first_chunk_error`;
 * - a client abort ends the events quietly and releases the upstream socket within a second.
 *
 * Third-party plugin authors run the same kit against their provider (`runConformance`).
 */
import type { Test } from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { CallContext, ProviderRuntime } from '@manifold/core/contract/runtime';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { ToolCall, ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';

/**
 * The generic scenarios. Each fake renders them in its own wire protocol with these exact values:
 * - `text`: message id set, text `Hello` then ` world`, finish, usage input 10 / output 5, end marker.
 * - `reasoning`: reasoning `Let me ` + `think.`, then text `Answer.`, finish, usage, end marker.
 * - `tool-calls`: two calls, each in two or more argument fragments: `get_weather`
 *   `{"city":"Paris"}` and `get_time` `{"zone":"CET"}`, finish (tool use), usage, end marker.
 * - `citations`: text `Cited.` with citations `https://example.com/a` (title `A`) and
 *   `https://example.com/b` (title `B`), reported as the provider reports them (repeatedly where
 *   its wire repeats them), finish, end marker.
 * - `bad-json`: text `Hello`, then one chunk that is not valid JSON.
 * - `early-end`: text `Hello`, then the connection ends cleanly without a finish or end marker.
 * - `stream-error`: the provider's in-stream error (an error chunk or event) before any content.
 * - `slow`: text `Hello`, then nothing for 30 s (the connection stays open) — for abort.
 */
export type ConformanceScenario =
  | 'text'
  | 'reasoning'
  | 'tool-calls'
  | 'citations'
  | 'bad-json'
  | 'early-end'
  | 'stream-error'
  | 'slow';

export const CONFORMANCE_SCENARIOS: readonly ConformanceScenario[] = [
  'text',
  'reasoning',
  'tool-calls',
  'citations',
  'bad-json',
  'early-end',
  'stream-error',
  'slow',
];

/** A running fake upstream, as the kit drives it. */
export interface ConformanceUpstream {
  /** A runtime of the provider under test, pointing at the fake. */
  runtime(): ProviderRuntime;
  /** The next chat request to the fake is answered with this scenario. */
  play(scenario: ConformanceScenario): void;
  /**
   * Answers the fake has begun and that neither finished nor were closed by the client. After an
   * abort this must reach 0: the runtime released the upstream connection.
   */
  activeResponses(): number;
  close(): Promise<void>;
}

/** What a provider hands the kit. */
export interface ConformanceTarget {
  /** Provider id, as in the error bodies. */
  provider: string;
  /** The request the kit sends (a model the provider routes to the scripted wire format). */
  request?: Partial<ChatRequest>;
  /** Start the provider's fake upstream. */
  start(): Promise<ConformanceUpstream>;
  /**
   * Scenarios the provider's wire protocol cannot express, each with the reason; the kit records
   * the reason as a passing assertion so the report shows what was not run and why. Keep it short.
   */
  notExpressible?: Partial<Record<ConformanceScenario, string>>;
  /** Usage the `text` scenario reports (default input 10, output 5, total 15). */
  textUsage?: { totalInputTokens: number; totalOutputTokens: number };
  /**
   * Tool calls arrive whole, not in fragments: the provider asks its upstream for a whole answer
   * when tools are present (`disableStreamWithTools`), so the `tool-calls` scenario is a JSON answer
   * and every other tool-call promise is still checked.
   */
  wholeToolCalls?: boolean;
}

const FIXED_IDS = new Set(['first_chunk_error', 'output_speed']);
const TAIL = new Set(['stop', 'usage', 'speed']);

async function collect(
  runtime: ProviderRuntime,
  request: ChatRequest,
  context: CallContext,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of await runtime.chat(request, context)) events.push(event);
  return events;
}

const textOf = (events: StreamEvent[], kind: 'text' | 'reasoning') =>
  events
    .filter((event) => event.event === kind)
    .map((event) => event.data as string)
    .join('');

/** The invariants every stream keeps, whatever its content. */
function assertShape(t: Test, events: StreamEvent[]): void {
  const ids = new Set(events.filter((e) => !FIXED_IDS.has(e.id)).map((e) => e.id));
  t.ok(ids.size <= 1, `one stream id (${[...ids].join(', ')})`);
  for (const id of ids) t.ok(id.length > 0, 'the stream id is not empty');
  for (const event of events.filter((e) => e.event === 'speed'))
    t.equal(event.id, 'output_speed', 'speed has the id output_speed');

  const errors = events.filter((e) => e.event === 'error');
  const stops = events.filter((e) => e.event === 'stop');
  t.ok(errors.length + stops.length === 1, 'exactly one stop or one error ends the stream');
  if (errors.length === 1) {
    t.equal(events.at(-1)?.event, 'error', 'nothing follows the error');
    t.notOk(
      events.some((e) => TAIL.has(e.event)),
      'no stop, usage or speed with an error',
    );
    return;
  }
  const stopAt = events.findIndex((e) => e.event === 'stop');
  const tail = events.slice(stopAt).map((e) => e.event);
  t.ok(
    ['stop', 'stop,usage', 'stop,speed', 'stop,usage,speed'].includes(tail.join(',')),
    `the tail is stop → usage → speed (${tail.join(' → ')})`,
  );
  t.notOk(
    events.slice(0, stopAt).some((e) => TAIL.has(e.event)),
    'no usage or speed before the stop',
  );
  t.equal(
    events.filter((e) => e.event === 'grounding').length <= 1,
    true,
    'grounding at most once',
  );
}

const errorOf = (events: StreamEvent[]) =>
  events.find((e) => e.event === 'error')?.data as
    { type: string; message: string; body: Record<string, unknown> } | undefined;

/**
 * Run the conformance table against a provider. Each scenario is its own subtest, over a fresh
 * runtime call against the provider's fake upstream.
 */
export async function runConformance(t: Test, target: ConformanceTarget): Promise<void> {
  const upstream = await target.start();
  t.teardown(() => upstream.close());
  const request: ChatRequest = {
    model: 'conformance-model',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    ...target.request,
  };
  const context = (): CallContext => ({
    signal: new AbortController().signal,
    startedAt: Date.now(),
  });
  const play = async (scenario: ConformanceScenario, extra: Partial<ChatRequest> = {}) => {
    upstream.play(scenario);
    const events = await collect(upstream.runtime(), { ...request, ...extra }, context());
    return events;
  };
  const skipped = (scenario: ConformanceScenario, st: Test): boolean => {
    const reason = target.notExpressible?.[scenario];
    if (reason === undefined) return false;
    st.pass(`${target.provider} cannot express "${scenario}": ${reason}`);
    return true;
  };

  await t.test(
    'a text answer streams with one id and the stop → usage → speed tail',
    async (st) => {
      if (skipped('text', st)) return;
      const events = await play('text');
      assertShape(st, events);
      st.equal(textOf(events, 'text'), 'Hello world', 'the text arrives whole');
      const usage = events.find((e) => e.event === 'usage')?.data as Record<string, number>;
      const expected = target.textUsage ?? { totalInputTokens: 10, totalOutputTokens: 5 };
      st.equal(usage?.totalInputTokens, expected.totalInputTokens, 'input tokens as reported');
      st.equal(usage?.totalOutputTokens, expected.totalOutputTokens, 'output tokens as reported');
      st.equal(
        usage?.totalTokens,
        expected.totalInputTokens + expected.totalOutputTokens,
        'total tokens are input plus output',
      );
      const speed = events.find((e) => e.event === 'speed')?.data as {
        ttft?: number;
        tps?: number;
      };
      st.type(speed?.ttft, 'number', 'speed carries ttft');
      st.ok(Number.isFinite(speed?.tps) && (speed?.tps ?? -1) >= 0, 'speed carries a finite tps');
      st.ok(
        Object.values(usage ?? {}).every((value) => value !== 0),
        'usage drops zero counts',
      );
    },
  );

  await t.test('reasoning arrives as reasoning events before the text', async (st) => {
    if (skipped('reasoning', st)) return;
    const events = await play('reasoning');
    assertShape(st, events);
    st.equal(textOf(events, 'reasoning'), 'Let me think.', 'the reasoning arrives whole');
    st.equal(textOf(events, 'text'), 'Answer.', 'the text arrives whole');
    const lastReasoning = events.findLastIndex((e) => e.event === 'reasoning');
    const firstText = events.findIndex((e) => e.event === 'text' && e.data !== '');
    st.ok(lastReasoning < firstText, 'reasoning comes before the answer');
  });

  await t.test('tool-call fragments merge by index into whole calls', async (st) => {
    if (skipped('tool-calls', st)) return;
    const events = await play('tool-calls', {
      tools: [
        { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'get_time', parameters: { type: 'object' } } },
      ],
    });
    assertShape(st, events);
    const fragments = events
      .filter((e) => e.event === 'tool_calls')
      .flatMap((e) => e.data as ToolCallFragment[]);
    let calls: ToolCall[] = [];
    for (const fragment of fragments) calls = mergeToolCalls(calls, [fragment]);
    st.same(
      calls.map((call) => [call.index, call.function.name, JSON.parse(call.function.arguments)]),
      [
        [0, 'get_weather', { city: 'Paris' }],
        [1, 'get_time', { zone: 'CET' }],
      ],
      'two whole calls, in order',
    );
    for (const fragment of fragments) {
      const call = calls.find((c) => c.index === fragment.index);
      st.equal(fragment.id, call?.id, `fragment ${fragment.index} carries its call's id`);
      st.equal(fragment.function.name, call?.function.name, `and its call's name`);
      st.equal(fragment.type, 'function', 'and type function');
    }
    st.ok(calls[0]?.id && calls[1]?.id && calls[0].id !== calls[1].id, 'distinct call ids');
    if (target.wholeToolCalls) st.equal(fragments.length, 2, 'one whole fragment per call');
    else st.ok(fragments.length >= 3, 'arguments arrived in fragments, not buffered');
  });

  await t.test('citations are sent once', async (st) => {
    if (skipped('citations', st)) return;
    const events = await play('citations', { enabledSearch: true });
    assertShape(st, events);
    const groundings = events.filter((e) => e.event === 'grounding');
    st.equal(groundings.length, 1, 'one grounding event');
    const citations = (groundings[0]?.data as { citations: Array<{ url: string; title: string }> })
      ?.citations;
    st.same(
      citations?.map((c) => c.url),
      ['https://example.com/a', 'https://example.com/b'],
      'both citations, once each',
    );
    st.equal(textOf(events, 'text'), 'Cited.', 'the text is intact');
  });

  await t.test('a chunk that is not JSON ends the stream with StreamChunkError', async (st) => {
    if (skipped('bad-json', st)) return;
    const events = await play('bad-json');
    assertShape(st, events);
    st.equal(textOf(events, 'text'), 'Hello', 'the text before it is kept');
    const error = errorOf(events);
    st.equal(error?.type, 'StreamChunkError', 'StreamChunkError');
    st.equal(
      error?.message,
      'chat response streaming chunk parse error, please contact your API Provider to fix it.',
      'with the contract message',
    );
    st.equal(error?.body?.provider, target.provider, 'naming the provider');
  });

  await t.test('a connection that ends early gives unexpected_end, not a stop', async (st) => {
    if (skipped('early-end', st)) return;
    const events = await play('early-end');
    assertShape(st, events);
    st.equal(textOf(events, 'text'), 'Hello', 'the text before it is kept');
    const error = errorOf(events);
    st.equal(error?.type, 'ProviderBizError', 'ProviderBizError');
    st.equal(error?.body?.reason, 'unexpected_end', 'reason unexpected_end');
  });

  await t.test('an in-stream error before content has the id first_chunk_error', async (st) => {
    if (skipped('stream-error', st)) return;
    let events: StreamEvent[] | undefined;
    let thrown: unknown;
    try {
      events = await play('stream-error');
    } catch (error) {
      thrown = error;
    }
    if (thrown !== undefined) {
      // A provider that reads its first chunk before answering reports it as an HTTP error.
      st.equal((thrown as Error).name, 'ManifoldError', 'refused before the stream: an HTTP error');
      return;
    }
    assertShape(st, events!);
    const error = events!.find((e) => e.event === 'error');
    st.equal(error?.id, 'first_chunk_error', 'id first_chunk_error');
    st.equal(events!.length, 1, 'the error is the whole stream');
    st.equal(errorOf(events!)?.body?.provider, target.provider, 'naming the provider');
  });

  await t.test('a client abort ends the stream quietly and frees the socket', async (st) => {
    if (skipped('slow', st)) return;
    upstream.play('slow');
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const stream = await upstream
      .runtime()
      .chat(request, { signal: controller.signal, startedAt: Date.now() });
    const reading = (async () => {
      for await (const event of stream) {
        events.push(event);
        if (event.event === 'text') controller.abort();
      }
    })();
    const outcome = await Promise.race([
      reading.then(
        () => 'ended',
        (error: unknown) => `threw ${String(error)}`,
      ),
      new Promise((resolve) => setTimeout(resolve, 2000, 'hung')),
    ]);
    st.equal(outcome, 'ended', 'the events end without an error');
    st.same(
      events.map((e) => e.event),
      ['text'],
      'nothing is emitted after the abort',
    );
    const deadline = Date.now() + 1000;
    while (upstream.activeResponses() > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    st.equal(upstream.activeResponses(), 0, 'the upstream socket is released within a second');
  });
}
