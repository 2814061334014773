import type { Grounding } from '@manifold/core/contract/grounding';
import type { ToolCall } from '@manifold/core/contract/tool-call';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import {
  ChatFetchError,
  errorFromResponse,
  isAbortError,
  messageErrorOf,
  networkError,
  type MessageError,
} from '../../../lib/api-error.js';
import { wireToolCall } from '../../chat/stores/build-request.js';
import {
  addMessages,
  findConversation,
  newId,
  saveConversations,
  threadOfConversation,
  updateMessage,
  type UIMessage,
} from '../../chat/stores/conversations.js';
import { ensureTools, pluginSettingsHeader, toolHeaders } from './tools.js';

/**
 * The function-calling loop of the web app (CONTRACT §8), as store actions: when a reply ends
 * with tool calls, `runToolRound` runs them in parallel through `POST /webapi/plugin/gateway`,
 * adds one `role: "tool"` message per call under the reply and says whether to ask the model
 * again. Limits: `maxToolRounds` rounds per user message (default 10, never more than 50), and a
 * stop when the same call (name and arguments) comes a third time. Errors go back to the model as
 * the tool's content, so it can recover; Stop (the signal) ends the round and the loop.
 */

/** Rounds of tool calls per user message, by default and at most (CONTRACT §8). */
export const DEFAULT_TOOL_ROUNDS = 10;
export const MAX_TOOL_ROUNDS = 50;
/** The same call (name + arguments) this many times in one turn stops the loop. */
export const REPEAT_LIMIT = 3;
/** A tool's answer is cut to this many characters before the model reads it. */
export const TOOL_RESULT_LIMIT = 16_000;

/** The rounds setting, made whole and kept within 1–50. */
export function clampToolRounds(rounds: number | undefined): number {
  if (rounds === undefined || !Number.isFinite(rounds)) return DEFAULT_TOOL_ROUNDS;
  return Math.min(MAX_TOOL_ROUNDS, Math.max(1, Math.floor(rounds)));
}

/** A tool's answer as the model gets it: at most 16k characters, saying so when cut. */
export function cutToolResult(text: string, limit = TOOL_RESULT_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n\n[The tool's answer was cut: ${limit} of ${text.length} characters shown.]`;
}

/** Arguments text in one form, so `{"a":1}` and `{ "a": 1 }` are the same call. */
function normalArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text || '{}'));
  } catch {
    return text.trim();
  }
}

/** What makes two calls the same: the function name and the arguments. */
export function toolCallKey(call: ToolCall): string {
  return `${call.function.name}\u0000${normalArguments(call.function.arguments)}`;
}

/** The messages of the current turn: after the last user message of the thread. */
function currentTurn(thread: UIMessage[]): UIMessage[] {
  const lastUser = thread.findLastIndex((m) => m.role === 'user');
  return thread.slice(lastUser + 1);
}

/** Why a round is not run. */
export type ToolLoopStop =
  { reason: 'rounds'; limit: number } | { reason: 'repeat'; name: string; times: number };

/**
 * Whether the tool calls of `reply` (the last message of `thread`) may run: not when this turn
 * already had `maxRounds` rounds, nor when one of its calls is the third of the same call.
 */
export function checkToolRound(
  thread: UIMessage[],
  reply: UIMessage,
  maxRounds: number,
): ToolLoopStop | undefined {
  const turn = currentTurn(thread);
  if (!turn.some((m) => m.id === reply.id)) turn.push(reply);
  const rounds = turn.filter((m) => m.role === 'assistant' && m.toolCalls?.length).length;
  const limit = clampToolRounds(maxRounds);
  if (rounds > limit) return { reason: 'rounds', limit };
  const counts = new Map<string, number>();
  for (const m of turn)
    if (m.role === 'assistant')
      for (const call of m.toolCalls ?? []) {
        const key = toolCallKey(call);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  for (const call of reply.toolCalls ?? []) {
    const times = counts.get(toolCallKey(call)) ?? 0;
    if (times >= REPEAT_LIMIT) return { reason: 'repeat', name: call.function.name, times };
  }
  return undefined;
}

/** The tool and api a function name stands for, among the tools offered. */
export async function resolveCall(
  name: string,
  tools: readonly ToolManifest[],
): Promise<{ identifier: string; apiName: string; type?: string }> {
  const { resolveToolFunctionName } = await import('@manifold/core/tools/function-names');
  const found = resolveToolFunctionName(name, tools);
  if (found) {
    const type = tools.find((t) => t.identifier === found.identifier)?.type;
    return { ...found, ...(type ? { type } : {}) };
  }
  const split = wireToolCall({ id: '', type: 'function', function: { name, arguments: '' } });
  return { identifier: split.identifier, apiName: split.apiName };
}

const decodeGrounding = (value: string | null): Grounding | undefined => {
  if (!value) return undefined;
  try {
    const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Grounding;
    return Array.isArray(parsed?.citations) ? parsed : undefined;
  } catch {
    return undefined;
  }
};

/** What one tool call answered. */
export interface ToolAnswer {
  text: string;
  grounding?: Grounding;
}

/** `POST /webapi/plugin/gateway` (CONTRACT §8): the tool's text (and search sources). */
export async function callTool(
  call: { identifier: string; apiName: string; arguments: string; type?: string },
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ToolAnswer> {
  let response: Response;
  try {
    response = await fetchImpl('/webapi/plugin/gateway', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(await toolHeaders()),
        ...pluginSettingsHeader(call.identifier),
      },
      body: JSON.stringify({
        identifier: call.identifier,
        apiName: call.apiName,
        arguments: call.arguments || '{}',
        ...(call.type ? { type: call.type } : {}),
      }),
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  const text = await response.text();
  const grounding = decodeGrounding(response.headers.get('x-manifold-grounding'));
  return { text, ...(grounding ? { grounding } : {}) };
}

/** Citations of two sources together, each URL once. */
function mergeGrounding(a: Grounding | undefined, b: Grounding): Grounding {
  if (!a) return b;
  const seen = new Set(a.citations.map((c) => c.url));
  const queries = [...(a.searchQueries ?? []), ...(b.searchQueries ?? [])];
  return {
    citations: [...a.citations, ...b.citations.filter((c) => !seen.has(c.url))],
    ...(queries.length ? { searchQueries: queries } : {}),
  };
}

const stoppedError = (): MessageError => ({ errorType: 'Stopped', message: 'Stopped' });

function stopMessage(stop: ToolLoopStop): string {
  return stop.reason === 'rounds'
    ? `Not run: the limit of ${stop.limit} tool rounds for one message was reached.`
    : `Not run: ${stop.name} was called ${stop.times} times with the same arguments.`;
}

export interface ToolRoundOptions {
  /** Rounds allowed per user message (the agent setting; default 10, at most 50). */
  maxRounds?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Run the tool calls of a finished reply: one tool message per call (running, then done or
 * failed), all calls at once; a search's sources join the reply's citations. True when the model
 * should be asked again (every call answered, Stop not pressed, no limit reached).
 */
export async function runToolRound(
  conversationId: string,
  replyId: string,
  signal: AbortSignal,
  options: ToolRoundOptions = {},
): Promise<boolean> {
  const reply = findConversation(conversationId)?.messages.find((m) => m.id === replyId);
  const calls = (reply?.toolCalls ?? []).filter((c) => c.id && c.function.name);
  if (!reply || reply.role !== 'assistant' || reply.error || reply.stopped || !calls.length)
    return false;
  if (signal.aborted) return false;
  const stop = checkToolRound(
    threadOfConversation(conversationId),
    reply,
    options.maxRounds ?? DEFAULT_TOOL_ROUNDS,
  );
  const tools = stop ? [] : await ensureTools().catch(() => []);
  const messages: UIMessage[] = [];
  for (const call of calls) {
    const target = await resolveCall(call.function.name, tools);
    messages.push({
      id: newId('msg'),
      role: 'tool',
      content: '',
      createdAt: Date.now(),
      toolCallId: call.id,
      toolName: call.function.name,
      identifier: target.identifier,
      ...(target.apiName ? { apiName: target.apiName } : {}),
      toolStatus: stop ? 'error' : 'running',
      ...(stop ? { error: { errorType: 'ToolLoopStopped', message: stopMessage(stop) } } : {}),
    });
  }
  addMessages(conversationId, reply.id, messages);
  if (stop) {
    await saveConversations();
    return false;
  }
  const patch = (id: string, change: Partial<UIMessage>) =>
    updateMessage(conversationId, id, (m) => ({ ...m, ...change }));
  await Promise.all(
    calls.map(async (call, i) => {
      const message = messages[i]!;
      const type = tools.find((t) => t.identifier === message.identifier)?.type;
      try {
        const answer = await callTool(
          {
            identifier: message.identifier ?? call.function.name,
            apiName: message.apiName ?? '',
            arguments: call.function.arguments,
            ...(type ? { type } : {}),
          },
          signal,
          options.fetchImpl,
        );
        if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
        patch(message.id, { content: cutToolResult(answer.text), toolStatus: 'done' });
        if (answer.grounding) {
          const grounding = answer.grounding;
          updateMessage(conversationId, reply.id, (m) => ({
            ...m,
            grounding: mergeGrounding(m.grounding, grounding),
          }));
        }
      } catch (error) {
        if (isAbortError(error) || signal.aborted)
          patch(message.id, { toolStatus: 'error', stopped: true, error: stoppedError() });
        else
          patch(message.id, {
            toolStatus: 'error',
            error: messageErrorOf(error instanceof ChatFetchError ? error : networkError(error)),
          });
      }
    }),
  );
  await saveConversations();
  return !signal.aborted;
}
