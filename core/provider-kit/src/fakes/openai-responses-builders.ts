/**
 * Builders for the OpenAI Responses API (`POST /responses`): the streamed event sequence and the final
 * `response` object. Event and item shapes follow the API reference and the `openai` SDK v6 types
 * (`ResponseStreamEvent`, `Response`, `ResponseOutputItem`). Ids and times are fixed for stable snapshots.
 */
import type { ToolCallSpec } from './openai-builders.js';

type Json = Record<string, unknown>;

/** A `url_citation` annotation on output text (web search results). */
export interface UrlCitation {
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

/** What one streamed Responses answer contains, in output order: reasoning, web search, message, calls. */
export interface ResponsesSpec {
  /** Response id; default `resp_fake`. */
  id?: string;
  /** Model id; default `gpt-4o-mini`. */
  model?: string;
  /** Reasoning summary parts, each given as its text deltas. */
  reasoning?: string[][];
  /** A web search call with this query, before the message. */
  webSearch?: { query: string };
  /** Output text deltas of the assistant message; no message item when empty or left out. */
  text?: string[];
  /** Annotations on the message text, announced after the last delta. */
  annotations?: UrlCitation[];
  /** Function calls after the message; `arguments` fragments become `function_call_arguments.delta`s. */
  toolCalls?: ToolCallSpec[];
  /** Usage on `response.completed`; default `responsesUsage(12, 8)`. */
  usage?: Json;
}

/** A Responses `usage` object: `{input_tokens, input_tokens_details, output_tokens, output_tokens_details, total_tokens}`. */
export function responsesUsage(
  inputTokens: number,
  outputTokens: number,
  details: { cachedTokens?: number; reasoningTokens?: number } = {},
) {
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: details.cachedTokens ?? 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: details.reasoningTokens ?? 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

/** A `response` object (as in `response.created`/`response.completed` or the non-streaming answer). */
export function responseObject(
  spec: Pick<ResponsesSpec, 'id' | 'model'>,
  fields: { status: string; output?: Json[]; usage?: Json | null; error?: Json | null },
) {
  return {
    id: spec.id ?? 'resp_fake',
    object: 'response',
    created_at: 1735689600,
    status: fields.status,
    background: false,
    error: fields.error ?? null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    metadata: {},
    model: spec.model ?? 'gpt-4o-mini',
    output: fields.output ?? [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: fields.usage ?? null,
    user: null,
  };
}

/** The full event sequence for `spec`, numbered by `sequence_number` from 0, ending in `response.completed`. */
export function responsesEvents(spec: ResponsesSpec): Json[] {
  const events: Json[] = [];
  const output: Json[] = [];
  const emit = (type: string, fields: Json) => events.push({ type, ...fields });
  const item = (added: Json, body: (at: Json) => void, done: Json) => {
    const at = { item_id: added.id, output_index: output.length };
    emit('response.output_item.added', { output_index: at.output_index, item: added });
    body(at);
    emit('response.output_item.done', { output_index: at.output_index, item: done });
    output.push(done);
  };
  const start = responseObject(spec, { status: 'in_progress' });
  emit('response.created', { response: start });
  emit('response.in_progress', { response: start });
  if (spec.reasoning) {
    const summary = spec.reasoning.map((deltas) => ({
      type: 'summary_text',
      text: deltas.join(''),
    }));
    const reasoning = { id: 'rs_fake', type: 'reasoning' };
    item(
      { ...reasoning, summary: [] },
      (at) => {
        (spec.reasoning ?? []).forEach((deltas, summary_index) => {
          const text = deltas.join('');
          emit('response.reasoning_summary_part.added', {
            ...at,
            summary_index,
            part: { type: 'summary_text', text: '' },
          });
          for (const delta of deltas)
            emit('response.reasoning_summary_text.delta', { ...at, summary_index, delta });
          emit('response.reasoning_summary_text.done', { ...at, summary_index, text });
          emit('response.reasoning_summary_part.done', {
            ...at,
            summary_index,
            part: { type: 'summary_text', text },
          });
        });
      },
      { ...reasoning, summary },
    );
  }
  if (spec.webSearch) {
    const search = {
      id: 'ws_fake',
      type: 'web_search_call',
      action: { type: 'search', query: spec.webSearch.query },
    };
    item(
      { ...search, status: 'in_progress' },
      (at) => {
        for (const phase of ['in_progress', 'searching', 'completed'])
          emit(`response.web_search_call.${phase}`, at);
      },
      { ...search, status: 'completed' },
    );
  }
  if (spec.text?.length) {
    const text = spec.text.join('');
    const annotations = (spec.annotations ?? []).map((citation) => ({
      type: 'url_citation',
      ...citation,
    }));
    const message = { id: 'msg_fake', type: 'message', role: 'assistant' };
    const part = { type: 'output_text', annotations: [], logprobs: [], text: '' };
    const finalPart = { ...part, annotations, text };
    item(
      { ...message, status: 'in_progress', content: [] },
      (at) => {
        const where = { ...at, content_index: 0 };
        emit('response.content_part.added', { ...where, part });
        for (const delta of spec.text ?? [])
          emit('response.output_text.delta', { ...where, delta, logprobs: [] });
        annotations.forEach((annotation, annotation_index) =>
          emit('response.output_text.annotation.added', { ...where, annotation_index, annotation }),
        );
        emit('response.output_text.done', { ...where, text, logprobs: [] });
        emit('response.content_part.done', { ...where, part: finalPart });
      },
      { ...message, status: 'completed', content: [finalPart] },
    );
  }
  (spec.toolCalls ?? []).forEach((call, index) => {
    const pieces = typeof call.arguments === 'string' ? [call.arguments] : call.arguments;
    const base = {
      id: `fc_fake_${index}`,
      type: 'function_call',
      call_id: call.id ?? `call_fake_${index}`,
      name: call.name,
    };
    item(
      { ...base, status: 'in_progress', arguments: '' },
      (at) => {
        for (const delta of pieces)
          emit('response.function_call_arguments.delta', { ...at, delta });
        emit('response.function_call_arguments.done', {
          ...at,
          name: call.name,
          arguments: pieces.join(''),
        });
      },
      { ...base, status: 'completed', arguments: pieces.join('') },
    );
  });
  const usage = spec.usage ?? responsesUsage(12, 8);
  emit('response.completed', {
    response: responseObject(spec, { status: 'completed', output, usage }),
  });
  return events.map((event, sequence_number) => ({ ...event, sequence_number }));
}

/** A streamed plain-text answer: `response.created` … `output_text.delta` per text … `response.completed`. */
export function responsesTextEvents(texts: string[], spec: Omit<ResponsesSpec, 'text'> = {}) {
  return responsesEvents({ ...spec, text: texts });
}

/** The non-streaming `response` object matching `responsesEvents(spec)`. */
export function responsesCompleted(spec: ResponsesSpec): Json {
  const last = responsesEvents(spec).at(-1);
  return (last?.response ?? {}) as Json;
}

/** A stream that starts and then fails: `response.created`, `response.in_progress`, `response.failed`. */
export function responsesFailedEvents(
  code: string,
  message: string,
  spec: Pick<ResponsesSpec, 'id' | 'model'> = {},
) {
  const start = responseObject(spec, { status: 'in_progress' });
  const failed = responseObject(spec, { status: 'failed', error: { code, message } });
  return [
    { type: 'response.created', response: start },
    { type: 'response.in_progress', response: start },
    { type: 'response.failed', response: failed },
  ].map((event, sequence_number) => ({ ...event, sequence_number }));
}

/**
 * A top-level `error` event in the documented flat shape (`{type: "error", code, message, param}`); the
 * fake numbers it in the stream.
 */
export function responsesErrorEvent(code: string | null, message: string) {
  return { type: 'error', code, message, param: null };
}

/**
 * A top-level `error` event as the API actually sends it: the error nested in `error`
 * (`{type: "error", error: {type, code, message, param}}`, e.g. `invalid_request_error` /
 * `context_length_exceeded` / `param: "input"`); the fake numbers it in the stream.
 */
export function responsesNestedErrorEvent(
  type: string,
  code: string | null,
  message: string,
  param: string | null = null,
) {
  return { type: 'error', error: { type, code, message, param } };
}
