/**
 * Builders of Anthropic Messages API wire data (API version 2023-06-01), shared by the fake Anthropic
 * upstream and by any test that needs Claude's stream events (Claude on Bedrock speaks the same
 * events). Each stream builder returns the event objects in order, from `message_start` to
 * `message_stop`; `renderAnthropicSSE` frames them as the API does. Shapes follow
 * https://docs.anthropic.com/en/api/messages-streaming.
 */

/** One stream event: an object (JSON-encoded with `event: <type>`) or a raw string (written verbatim as data). */
export type AnthropicEvent = Record<string, unknown> | string;

/** Token counts of a fake answer. */
export interface FakeUsage {
  input?: number;
  /** Output count reported by `message_start` (the API reports 1 or a few there). */
  startOutput?: number;
  /** Cumulative output count reported by `message_delta`. */
  output?: number;
  cacheCreation?: number;
  cacheRead?: number;
}

/** Options of the stream builders. */
export interface StreamBuildOptions {
  id?: string;
  model?: string;
  stopReason?: string;
  usage?: FakeUsage;
  /** Leave out `message_stop` (and the final `message_delta` when `stopReason` is null). */
  stop?: boolean;
  /** Insert a `ping` after `message_start`, as the API does. */
  ping?: boolean;
}

/** Events of one content block, given its index. */
export type BlockEvents = (index: number) => Record<string, unknown>[];

const start = (index: number, block: Record<string, unknown>) => ({
  type: 'content_block_start',
  index,
  content_block: block,
});
const delta = (index: number, value: Record<string, unknown>) => ({
  type: 'content_block_delta',
  index,
  delta: value,
});
const stop = (index: number) => ({ type: 'content_block_stop', index });

/** A text block streamed in `text_delta`s. */
export const textBlock =
  (texts: readonly string[]): BlockEvents =>
  (index) => [
    start(index, { type: 'text', text: '' }),
    ...texts.map((text) => delta(index, { type: 'text_delta', text })),
    stop(index),
  ];

/** A thinking block: `thinking_delta`s, then one `signature_delta`. */
export const thinkingBlock =
  (thoughts: readonly string[], signature: string): BlockEvents =>
  (index) => [
    start(index, { type: 'thinking', thinking: '', signature: '' }),
    ...thoughts.map((thinking) => delta(index, { type: 'thinking_delta', thinking })),
    delta(index, { type: 'signature_delta', signature }),
    stop(index),
  ];

/** A redacted thinking block with its opaque data. */
export const redactedThinkingBlock =
  (data: string): BlockEvents =>
  (index) => [start(index, { type: 'redacted_thinking', data }), stop(index)];

/** A client tool call: `tool_use` then its input in `input_json_delta` fragments. */
export const toolUseBlock =
  (id: string, name: string, fragments: readonly string[]): BlockEvents =>
  (index) => [
    start(index, { type: 'tool_use', id, name, input: {} }),
    ...fragments.map((partial_json) => delta(index, { type: 'input_json_delta', partial_json })),
    stop(index),
  ];

/** A web search: the `server_tool_use` (query streamed as JSON) and its `web_search_tool_result`. */
export const webSearchBlocks =
  (query: string, results: ReadonlyArray<{ url: string; title: string }>): BlockEvents =>
  (index) => {
    const id = `srvtoolu_fake_${index}`;
    const json = JSON.stringify({ query });
    return [
      start(index, { type: 'server_tool_use', id, name: 'web_search', input: {} }),
      delta(index, { type: 'input_json_delta', partial_json: json.slice(0, 5) }),
      delta(index, { type: 'input_json_delta', partial_json: json.slice(5) }),
      stop(index),
      start(index + 1, {
        type: 'web_search_tool_result',
        tool_use_id: id,
        content: results.map((result) => ({
          type: 'web_search_result',
          ...result,
          encrypted_content: 'EqgfCioIARgBIiQ3',
          page_age: 'April 30, 2025',
        })),
      }),
      stop(index + 1),
    ];
  };

/** A text block citing web results: for each piece, a `citations_delta` then its `text_delta`. */
export const citedTextBlock =
  (pieces: ReadonlyArray<{ text: string; url: string; title: string }>): BlockEvents =>
  (index) => [
    start(index, { type: 'text', text: '', citations: [] }),
    ...pieces.flatMap((piece) => [
      delta(index, {
        type: 'citations_delta',
        citation: {
          type: 'web_search_result_location',
          cited_text: piece.text,
          url: piece.url,
          title: piece.title,
          encrypted_index: 'Eo8BCioIAhgBIiQy',
        },
      }),
      delta(index, { type: 'text_delta', text: piece.text }),
    ]),
    stop(index),
  ];

/** The usage object of `message_start`. */
export function startUsage(usage: FakeUsage = {}) {
  return {
    input_tokens: usage.input ?? 12,
    cache_creation_input_tokens: usage.cacheCreation ?? 0,
    cache_read_input_tokens: usage.cacheRead ?? 0,
    output_tokens: usage.startOutput ?? 1,
  };
}

/** A `message_start` event. */
export function messageStart(options: StreamBuildOptions = {}) {
  return {
    type: 'message_start',
    message: {
      id: options.id ?? 'msg_fake_01',
      type: 'message',
      role: 'assistant',
      model: options.model ?? 'claude-sonnet-4-5-20250929',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: startUsage(options.usage),
    },
  };
}

/** A `message_delta` with the stop reason and cumulative usage (input counts repeated, as the API does). */
export function messageDelta(stopReason: string | null, usage: FakeUsage = {}) {
  return {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { ...startUsage(usage), output_tokens: usage.output ?? 5 },
  };
}

/** A whole stream of content blocks, from `message_start` to `message_stop`. */
export function anthropicStream(
  blocks: readonly BlockEvents[],
  options: StreamBuildOptions = {},
): AnthropicEvent[] {
  const events: AnthropicEvent[] = [messageStart(options)];
  if (options.ping !== false) events.push({ type: 'ping' });
  let index = 0;
  for (const block of blocks) {
    const built = block(index);
    events.push(...built);
    index = Math.max(...built.map((event) => Number(event.index))) + 1;
  }
  if (options.stop === false) return events;
  events.push(messageDelta(options.stopReason ?? 'end_turn', options.usage));
  events.push({ type: 'message_stop' });
  return events;
}

/** A plain text answer. */
export const anthropicTextEvents = (texts: readonly string[], options: StreamBuildOptions = {}) =>
  anthropicStream([textBlock(texts)], options);

/** A thinking answer: thinking with a signature, then text. */
export const anthropicThinkingEvents = (
  thoughts: readonly string[],
  signature: string,
  texts: readonly string[],
  options: StreamBuildOptions = {},
) => anthropicStream([thinkingBlock(thoughts, signature), textBlock(texts)], options);

/** Tool calls (after an optional text), stop reason `tool_use`. */
export const anthropicToolEvents = (
  calls: ReadonlyArray<{ id: string; name: string; fragments: readonly string[] }>,
  options: StreamBuildOptions & { text?: readonly string[] } = {},
) =>
  anthropicStream(
    [
      ...(options.text ? [textBlock(options.text)] : []),
      ...calls.map((call) => toolUseBlock(call.id, call.name, call.fragments)),
    ],
    { stopReason: 'tool_use', ...options },
  );

/** An in-stream `error` event. */
export const anthropicErrorEvent = (type: string, message: string) => ({
  type: 'error',
  error: { type, message },
});

/** The JSON body of an HTTP error answer. */
export const anthropicErrorBody = (
  type: string,
  message: string,
  requestId = 'req_fake_error',
) => ({
  type: 'error',
  error: { type, message },
  request_id: requestId,
});

/** A whole (non-streaming) message. */
export function anthropicMessage(
  content: Array<Record<string, unknown>>,
  options: Omit<StreamBuildOptions, 'stop' | 'ping'> = {},
) {
  return {
    id: options.id ?? 'msg_fake_01',
    type: 'message',
    role: 'assistant',
    model: options.model ?? 'claude-sonnet-4-5-20250929',
    content,
    stop_reason: options.stopReason ?? 'end_turn',
    stop_sequence: null,
    usage: { ...startUsage(options.usage), output_tokens: options.usage?.output ?? 5 },
  };
}

/** One entry of `GET /v1/models`. */
export const modelInfo = (id: string, displayName = id, createdAt = '2025-05-22T00:00:00Z') => ({
  type: 'model',
  id,
  display_name: displayName,
  created_at: createdAt,
});

/** One page of `GET /v1/models` (`limit`, `after_id`, `before_id`), as the API pages it. */
export function modelListPage(ids: readonly string[], query: URLSearchParams, pageSize: number) {
  const limit = Math.min(Number(query.get('limit') ?? 20) || 20, 1000, pageSize);
  const after = query.get('after_id');
  const before = query.get('before_id');
  let begin = 0;
  let end = ids.length;
  if (after) begin = ids.indexOf(after) + 1;
  if (before) end = Math.max(ids.indexOf(before), 0);
  const slice = before ? ids.slice(Math.max(end - limit, 0), end) : ids.slice(begin, begin + limit);
  const hasMore = before ? end - limit > 0 : begin + limit < ids.length;
  return {
    data: slice.map((id) => modelInfo(id)),
    has_more: hasMore,
    first_id: slice[0] ?? null,
    last_id: slice.at(-1) ?? null,
  };
}

/** Frame events as the API does: `event: <type>\ndata: <json>\n\n` (raw strings as `data:` of a delta). */
export function renderAnthropicSSE(events: readonly AnthropicEvent[]): string {
  return events.map(renderEvent).join('');
}

/** One framed event. */
export function renderEvent(event: AnthropicEvent): string {
  if (typeof event === 'string') return `event: content_block_delta\ndata: ${event}\n\n`;
  return `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;
}
