// The chat-history summary (SPEC §1, §3), pure: which messages of a thread are summarised when it
// passes the agent's `historyCount`, the non-streamed request that summarises them, and how the
// summary goes into the system message as a `<chat_history_summary>` block ahead of only the
// recent messages. An assistant message's tool calls and their `role: "tool"` results are never
// split: they are summarised together, or sent together.
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { UIMessage } from '../../chat/stores/conversations.js';

/** A conversation's summary: its text and the last message it covers. */
export interface StoredSummary {
  text: string;
  /** The id of the last message the summary covers; the messages after it are sent as they are. */
  throughId: string;
}

/** What is to be summarised, when the thread passes its limit. */
export interface SummaryPlan {
  /** The messages to summarise now (after the previous summary, when there is one). */
  messages: UIMessage[];
  /** The previous summary, folded into the new one. */
  previous?: string;
  /** The last message the new summary will cover. */
  throughId: string;
  /** How many messages the new summary covers in all. */
  covered: number;
}

/** How much of one message the summary model reads (characters). */
export const SUMMARY_EXCERPT = 2000;
/** The summary's length cap (tokens): a few hundred. */
export const SUMMARY_MAX_TOKENS = 600;

/** The instruction the summary model gets. */
export const SUMMARY_PROMPT = [
  'You summarise the earlier part of a conversation between a user and an AI assistant, so the assistant can go on without the full history.',
  'Write the summary in the language of the conversation.',
  'Keep facts, names, numbers, decisions, the user’s goals and preferences, open questions, and which tools were called with what results (a tool call together with its result).',
  'At most about 250 words. Answer with the summary only, no preamble.',
].join('\n');

/**
 * Where the recent messages start in `thread` when `count` of them are sent: the last `count`,
 * moved back over tool results to the assistant message that made their calls (a call and its
 * results stay on one side).
 */
export function recentStart(thread: readonly UIMessage[], count: number): number {
  const keep = Math.max(1, Math.floor(count));
  let start = Math.max(0, thread.length - keep);
  while (start > 0 && thread[start]!.role === 'tool') start--;
  return start;
}

/**
 * What to summarise before sending `thread` with a history limit of `count` messages, given the
 * conversation's current summary; undefined when nothing is older than the limit or the summary
 * already covers exactly the older messages. A summary covering fewer (older) messages is
 * extended: the new summary folds in the previous one and the messages after it.
 */
export function planSummary(
  thread: readonly UIMessage[],
  count: number,
  existing?: StoredSummary,
): SummaryPlan | undefined {
  const start = recentStart(thread, count);
  if (start === 0) return undefined;
  const throughId = thread[start - 1]!.id;
  if (existing?.throughId === throughId) return undefined;
  const coveredUpTo = existing ? thread.findIndex((m) => m.id === existing.throughId) : -1;
  if (existing && coveredUpTo >= 0 && coveredUpTo < start - 1) {
    return {
      messages: thread.slice(coveredUpTo + 1, start),
      previous: existing.text,
      throughId,
      covered: start,
    };
  }
  return { messages: thread.slice(0, start), throughId, covered: start };
}

const clip = (text: string, max = SUMMARY_EXCERPT) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** The messages as a plain transcript for the summary model; tool calls next to their results. */
export function transcriptOf(messages: readonly UIMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    if (m.role === 'user') {
      const files = m.fileList?.map((f) => f.name).join(', ');
      const images = m.imageList?.length ? ` [${m.imageList.length} image(s)]` : '';
      lines.push(`User: ${clip(m.content)}${files ? ` [files: ${files}]` : ''}${images}`);
    } else if (m.role === 'assistant') {
      if (m.error) continue;
      if (m.content.trim()) lines.push(`Assistant: ${clip(m.content)}`);
      for (const call of m.toolCalls ?? [])
        lines.push(
          `Assistant called tool ${call.function.name} with ${clip(call.function.arguments || '{}', 500)}`,
        );
    } else {
      const status = m.toolStatus === 'error' || m.error ? 'failed' : 'result';
      const text = m.error?.message ?? m.content;
      lines.push(`Tool ${m.toolName ?? m.toolCallId ?? ''} ${status}: ${clip(text || '(none)')}`);
    }
  }
  return lines.join('\n\n');
}

/** The non-streamed request that summarises `plan` with `model`. */
export function summaryRequest(model: string, plan: SummaryPlan): ChatRequest {
  const previous = plan.previous
    ? `<previous_summary>\n${plan.previous}\n</previous_summary>\n\n`
    : '';
  return {
    model,
    stream: false,
    max_tokens: SUMMARY_MAX_TOKENS,
    messages: [
      { role: 'system', content: SUMMARY_PROMPT },
      {
        role: 'user',
        content: `${previous}<conversation>\n${transcriptOf(plan.messages)}\n</conversation>`,
      },
    ],
  } as ChatRequest;
}

/** A summary model's answer, cleaned: without a `<think>` part and surrounding blanks. */
export function cleanSummary(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
}

/** The block the summary is sent as, in the system message. */
export function summaryBlock(summary: string): string {
  return `<chat_history_summary>\n${summary}\n</chat_history_summary>`;
}

/** The system message's text with the summary block after the agent's system role. */
export function systemWithSummary(system: string, summary: string): string {
  return system ? `${system}\n\n${summaryBlock(summary)}` : summaryBlock(summary);
}

/**
 * The history to send when the conversation has a summary: only the messages after the one it
 * covers (never starting with an orphan tool result); undefined when the summary does not apply
 * to this history (its last message is not in it, e.g. another version is on screen).
 */
export function historyAfterSummary(
  history: readonly UIMessage[],
  summary: StoredSummary | undefined,
): UIMessage[] | undefined {
  if (!summary?.text) return undefined;
  const at = history.findIndex((m) => m.id === summary.throughId);
  if (at < 0 || at === history.length - 1) return undefined;
  let start = at + 1;
  while (start < history.length && history[start]!.role === 'tool') start++;
  return history.slice(start);
}
