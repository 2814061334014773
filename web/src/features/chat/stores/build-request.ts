import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { expandTemplate, type TemplateContext } from '@manifold/core/template/expand-template';
import type { UIMessage } from './conversations.js';

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

/**
 * The messages sent upstream: failed and empty replies dropped, role and content, and a user
 * message's attached images (`imageList`) and text files (`fileList`, with their content).
 */
export function toWire(messages: UIMessage[]): ChatRequest['messages'] {
  return messages
    .filter((m) => !m.error && (m.role === 'user' || m.content !== ''))
    .map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.role === 'user' && m.imageList?.length
        ? { imageList: m.imageList.map((i) => ({ ...(i.alt ? { alt: i.alt } : {}), url: i.url })) }
        : {}),
      ...(m.role === 'user' && m.fileList?.length
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
    })) as ChatRequest['messages'];
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
  let messages = wire(input.history);
  if (s.historyCountEnabled) {
    const count = Math.max(0, Math.floor(s.historyCount));
    messages = count === 0 ? [] : messages.slice(-count);
    // The request needs at least the newest message.
    if (messages.length === 0 && input.history.length > 0) messages = wire(input.history).slice(-1);
  }
  const system = s.systemPrompt.trim() ? expandTemplate(s.systemPrompt, input.template) : '';
  const request: ChatRequest = {
    model: input.model,
    messages: (system
      ? [{ role: 'system', content: system }, ...messages]
      : messages) as ChatRequest['messages'],
    stream: true,
  };
  if (s.temperatureEnabled) request.temperature = s.temperature;
  if (s.topPEnabled) request.top_p = s.topP;
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
  return request;
}
