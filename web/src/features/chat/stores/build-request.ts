import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { expandTemplate, type TemplateContext } from '@manifold/core/template/expand-template';
import type { ChatMessage, MessageToolCall } from '@manifold/core/contract/chat-message';
import type { ToolCall } from '@manifold/core/contract/tool-call';
import type { UIMessage } from './conversations.js';
import {
  historyAfterSummary,
  systemWithSummary,
  type StoredSummary,
} from '../../agents/stores/history-summary.js';

/** A conversation's agent settings (SPEC §3 chat config); each `*Enabled` off means "not sent". */
export interface AgentSettings {
  systemPrompt: string;
  temperatureEnabled: boolean;
  /** 0–2. */
  temperature: number;
  topPEnabled: boolean;
  /** 0–1. */
  topP: number;
  historyCountEnabled: boolean;
  /** Only the last N messages are sent when enabled. */
  historyCount: number;
  search: boolean;
  reasoning: boolean;
  reasoningBudget: number;
  /** Sent as `reasoning_effort` to models whose card lists `reasoningEffort`. */
  reasoningEffort: ReasoningEffort;
  /** Sent as `thinkingBudget` to models whose card lists `thinkingBudget`; -1 lets the model decide. */
  thinkingBudget: number;
  /** Sent as `verbosity` to models whose card lists `textVerbosity`. */
  textVerbosity: TextVerbosity;
  disableContextCaching: boolean;
  /** A saved agent's other parameters (`features/agents`); absent: not sent. */
  frequencyPenalty?: number;
  presencePenalty?: number;
  maxTokens?: number;
  /** Tools (plugin identifiers) offered to the model, sent as `plugins` (CONTRACT §8). */
  plugins: string[];
  /** Rounds of tool calls per user message (default 10, at most 50). */
  maxToolRounds: number;
}

export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';
export const REASONING_EFFORTS: readonly ReasoningEffort[] = ['minimal', 'low', 'medium', 'high'];
export type TextVerbosity = 'low' | 'medium' | 'high';
export const TEXT_VERBOSITIES: readonly TextVerbosity[] = ['low', 'medium', 'high'];
/** The dynamic thinking budget (the model decides how much to think). */
export const DYNAMIC_THINKING_BUDGET = -1;

export const DEFAULT_REASONING_BUDGET = 1024;

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  systemPrompt: '',
  temperatureEnabled: false,
  temperature: 1,
  topPEnabled: false,
  topP: 1,
  historyCountEnabled: false,
  historyCount: 8,
  search: false,
  reasoning: false,
  reasoningBudget: DEFAULT_REASONING_BUDGET,
  reasoningEffort: 'medium',
  thinkingBudget: DYNAMIC_THINKING_BUDGET,
  textVerbosity: 'medium',
  disableContextCaching: false,
  plugins: [],
  maxToolRounds: 10,
};

/** What the agent panel may offer for a provider and model. */
export interface AgentCapabilities {
  search: boolean;
  reasoning: boolean;
  reasoningBudget: boolean;
  reasoningEffort: boolean;
  thinkingBudget: boolean;
  textVerbosity: boolean;
}

/** Search when the model card has `abilities.search` or the provider has `settings.searchMode`. */
export function agentCapabilities(
  provider: ProviderManifest | undefined,
  model: ModelCard | undefined,
): AgentCapabilities {
  const extend = model?.settings?.extendParams ?? [];
  return {
    search: Boolean(model?.abilities.search) || Boolean(provider?.settings.searchMode),
    reasoning: extend.includes('enableReasoning'),
    reasoningBudget: extend.includes('reasoningBudgetToken'),
    reasoningEffort: extend.includes('reasoningEffort'),
    thinkingBudget: extend.includes('thinkingBudget'),
    textVerbosity: extend.includes('textVerbosity'),
  };
}

// `<identifier>____<apiName>` (CONTRACT §8); not imported from core's function-names, which would
// bring SHA-256 into the first load.
const TOOL_NAME_SEPARATOR = '____';

/** The result sent for a tool call that has no result in the thread (the call was never run). */
export const TOOL_NOT_RUN = 'not run';

/**
 * A streamed tool call as the chat request records it: `<identifier>____<apiName>` split into its
 * parts when the name has that form, and always the function name itself (`name`), so every wire
 * sends the call back under exactly the name the model used (short `t_…` forms included).
 */
export function wireToolCall(call: ToolCall): MessageToolCall {
  const name = call.function.name;
  const at = name.indexOf(TOOL_NAME_SEPARATOR);
  const split = at > 0 && !name.startsWith('t_');
  return {
    id: call.id,
    identifier: split ? name.slice(0, at) : name,
    apiName: split ? name.slice(at + TOOL_NAME_SEPARATOR.length) : '',
    type: 'default',
    arguments: call.function.arguments || '{}',
    name,
  };
}

/** A tool message's text as the model reads it: the result, the failure, or `TOOL_NOT_RUN`. */
function toolResultText(result: UIMessage | undefined): string {
  if (!result || result.toolStatus === 'running') return TOOL_NOT_RUN;
  if (result.toolStatus === 'error' || result.error)
    return `Error: ${result.error?.message ?? (result.content || String(result.error?.errorType ?? 'failed'))}`;
  return result.content || TOOL_NOT_RUN;
}

function userWire(m: UIMessage): ChatMessage {
  return {
    role: 'user',
    content: m.content,
    ...(m.imageList?.length
      ? { imageList: m.imageList.map((i) => ({ ...(i.alt ? { alt: i.alt } : {}), url: i.url })) }
      : {}),
    ...(m.fileList?.length
      ? {
          fileList: m.fileList.map((f) => ({
            id: f.id,
            name: f.name,
            fileType: f.fileType,
            size: f.size,
            ...(f.url ? { url: f.url } : {}),
            ...(f.content !== undefined ? { content: f.content } : {}),
          })),
        }
      : {}),
  };
}

/**
 * The messages sent upstream, from a thread: user messages with their attached images
 * (`imageList`) and text files (`fileList`); replies with their text, signed reasoning and tool
 * calls (`tools`), each call followed by its `role: "tool"` result (`tool_call_id`), or by
 * `TOOL_NOT_RUN` when the thread has none, so providers that insist on a result for every call
 * accept the history. Failed replies and empty ones (no text, no calls) are left out, with their
 * tool results.
 */
export function toWire(messages: UIMessage[]): ChatRequest['messages'] {
  const results = new Map<string, UIMessage>();
  for (const m of messages) if (m.role === 'tool' && m.toolCallId) results.set(m.toolCallId, m);
  const wire: ChatMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user') {
      wire.push(userWire(m));
      continue;
    }
    if (m.role !== 'assistant' || m.error) continue;
    const calls = (m.toolCalls ?? []).filter((c) => c.id && c.function.name);
    if (m.content === '' && calls.length === 0) continue;
    wire.push({
      role: 'assistant',
      content: m.content,
      ...(m.reasoningSignature
        ? { reasoning: { content: m.reasoning ?? '', signature: m.reasoningSignature } }
        : {}),
      ...(calls.length ? { tools: calls.map(wireToolCall) } : {}),
    });
    for (const call of calls) {
      const result = results.get(call.id);
      const tool = wireToolCall(call);
      wire.push({
        role: 'tool',
        content: toolResultText(result),
        tool_call_id: call.id,
        name: call.function.name,
        ...(tool.apiName
          ? { plugin: { identifier: tool.identifier, apiName: tool.apiName, type: tool.type } }
          : {}),
      });
    }
  }
  return wire as ChatRequest['messages'];
}

/**
 * The last `count` wire messages, widened so a tool result never arrives without the assistant
 * message that made its call (providers refuse an orphan result).
 */
export function lastMessages(
  messages: ChatRequest['messages'],
  count: number,
): ChatRequest['messages'] {
  if (count <= 0) return [];
  let start = Math.max(0, messages.length - count);
  while (start > 0 && messages[start]?.role === 'tool') start--;
  return messages.slice(start);
}

export interface BuildRequestInput {
  model: string;
  history: UIMessage[];
  settings?: Partial<AgentSettings>;
  provider?: ProviderManifest;
  /** The model's card, for search and reasoning gating. */
  card?: ModelCard;
  /** Context for expanding the system prompt's `{{variables}}`. */
  template?: TemplateContext;
  /** The conversation's chat-history summary: sent in the system message, older messages left out. */
  summary?: StoredSummary | undefined;
}

/** The chat request for a conversation: system prompt, history limit and only the params switched on. */
export function buildChatRequest(input: BuildRequestInput): ChatRequest {
  const s: AgentSettings = { ...DEFAULT_AGENT_SETTINGS, ...input.settings };
  // Images of earlier turns are left out for a model that cannot read them (the composer already
  // refuses new ones), so switching to a text model mid-conversation still works.
  const wire = (history: UIMessage[]) =>
    input.card && !input.card.abilities.vision
      ? toWire(history).map((m) => {
          if (!('imageList' in m)) return m;
          const { imageList: _dropped, ...rest } = m;
          return rest;
        })
      : toWire(history);
  const recent = s.historyCountEnabled
    ? historyAfterSummary(input.history, input.summary)
    : undefined;
  let messages = wire(recent ?? input.history);
  if (s.historyCountEnabled) {
    const count = Math.max(0, Math.floor(s.historyCount));
    messages = lastMessages(messages, count);
    // The request needs at least the newest message.
    if (messages.length === 0 && input.history.length > 0)
      messages = lastMessages(wire(input.history), 1);
  }
  const role = s.systemPrompt.trim() ? expandTemplate(s.systemPrompt, input.template) : '';
  const system = recent && input.summary ? systemWithSummary(role, input.summary.text) : role;
  const request: ChatRequest = {
    model: input.model,
    messages: (system
      ? [{ role: 'system', content: system }, ...messages]
      : messages) as ChatRequest['messages'],
    stream: true,
  };
  if (s.temperatureEnabled) request.temperature = s.temperature;
  if (s.topPEnabled) request.top_p = s.topP;
  if (s.frequencyPenalty !== undefined) request.frequency_penalty = s.frequencyPenalty;
  if (s.presencePenalty !== undefined) request.presence_penalty = s.presencePenalty;
  if (s.maxTokens !== undefined) request.max_tokens = s.maxTokens;
  const can = agentCapabilities(input.provider, input.card);
  if (s.search && can.search) request.enabledSearch = true;
  if (can.reasoning) {
    const budget = can.reasoningBudget
      ? Math.max(0, Math.floor(s.reasoningBudget))
      : DEFAULT_REASONING_BUDGET;
    request.thinking = s.reasoning
      ? { type: 'enabled', budget_tokens: budget }
      : { type: 'disabled', budget_tokens: 0 };
  }
  if (can.reasoningEffort && REASONING_EFFORTS.includes(s.reasoningEffort))
    request.reasoning_effort = s.reasoningEffort;
  if (can.thinkingBudget) {
    const budget = Math.floor(s.thinkingBudget);
    request.thinkingBudget = Number.isFinite(budget)
      ? Math.max(DYNAMIC_THINKING_BUDGET, budget)
      : DYNAMIC_THINKING_BUDGET;
  }
  if (can.textVerbosity && TEXT_VERBOSITIES.includes(s.textVerbosity))
    request.verbosity = s.textVerbosity;
  if (s.disableContextCaching) request.enabledContextCaching = false;
  if (s.plugins?.length) request.plugins = [...s.plugins];
  return request;
}
