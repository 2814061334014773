// An agent as the web app keeps it: the same shape as the sync API's agent (README "Sync",
// `core/runtime/src/contract/sync.ts` `AgentBody`), so the sync can send and take it as it is. Pure
// functions only: the store (`agents.ts`) and the tests share them.
import type { AgentBody } from '@manifold/core/contract/sync';
import { DEFAULT_AGENT_SETTINGS, type AgentSettings } from '../../chat/stores/build-request.js';

/** An agent's chat config (SPEC §3). */
export interface ChatConfig {
  /** `off` (default) or how search runs; any other value means search is on. */
  searchMode: string;
  /** `chat` (default). */
  displayMode: string;
  /** How many recent messages are sent; older ones are summarised. */
  historyCount: number;
  enableHistoryCount: boolean;
  disableContextCaching: boolean;
  /** `<provider>/<model>` that runs search as a function call for models without it. */
  searchFCModel?: string;
  useModelBuiltinSearch: boolean;
}

/** The sampling parameters an agent sends (absent: not sent). */
export interface AgentParams {
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  max_tokens?: number;
}

/** One agent (a synced row: ids are the client's, times ISO 8601). */
export interface Agent {
  id: string;
  title: string;
  description?: string | null;
  /** An emoji, a URL or a data URL. */
  avatar?: string | null;
  tags: string[];
  systemRole: string;
  provider?: string | null;
  model?: string | null;
  params: AgentParams;
  /** Tool identifiers (CONTRACT §8). */
  plugins: string[];
  chatConfig: ChatConfig;
  /** New chats start from this agent (at most one). */
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
  /** Soft-deleted (kept for the sync to tell other devices). */
  deletedAt?: string | null;
  /** A read-only built-in agent (the support assistant). */
  builtin?: boolean;
}

/** The shared default of `historyCount` (SPEC §3). */
export const DEFAULT_HISTORY_COUNT = DEFAULT_AGENT_SETTINGS.historyCount;

export const DEFAULT_CHAT_CONFIG: ChatConfig = {
  searchMode: 'off',
  displayMode: 'chat',
  historyCount: DEFAULT_HISTORY_COUNT,
  enableHistoryCount: false,
  disableContextCaching: false,
  useModelBuiltinSearch: false,
};

export const SEARCH_MODES = ['off', 'auto', 'on'] as const;

/** A new, empty agent. */
export function blankAgent(id: string, now: string, title = ''): Agent {
  return {
    id,
    title,
    description: '',
    avatar: '🤖',
    tags: [],
    systemRole: '',
    provider: null,
    model: null,
    params: {},
    plugins: [],
    chatConfig: { ...DEFAULT_CHAT_CONFIG },
    isDefault: false,
    createdAt: now,
    updatedAt: now,
  };
}

/** Any agent-like object (a synced row, a built-in one) as an `Agent`, defaults filled in. */
export function normalizeAgent(row: Partial<AgentBody> & { id: string; builtin?: boolean }): Agent {
  const now = new Date().toISOString();
  const base = blankAgent(row.id, row.createdAt ?? now);
  return {
    ...base,
    ...(row.title !== undefined ? { title: row.title } : {}),
    description: row.description ?? '',
    avatar: row.avatar ?? base.avatar,
    tags: row.tags ?? [],
    systemRole: row.systemRole ?? '',
    provider: row.provider ?? null,
    model: row.model ?? null,
    params: { ...(row.params as AgentParams | undefined) },
    plugins: row.plugins ?? [],
    chatConfig: { ...DEFAULT_CHAT_CONFIG, ...(row.chatConfig as Partial<ChatConfig> | undefined) },
    isDefault: row.isDefault ?? false,
    updatedAt: row.updatedAt ?? base.createdAt,
    ...(row.deletedAt ? { deletedAt: row.deletedAt } : {}),
    ...(row.builtin ? { builtin: true } : {}),
  };
}

/** The agent as the sync API's `PUT /webapi/sync/agents/:id` body. */
export function toAgentBody(agent: Agent): AgentBody & { id: string } {
  const { builtin: _builtin, ...row } = agent;
  return row as AgentBody & { id: string };
}

/** The conversation's agent settings an agent gives (what the chat request is built from). */
export function settingsOfAgent(agent: Agent): Partial<AgentSettings> {
  const p = agent.params;
  const c = agent.chatConfig;
  return {
    systemPrompt: agent.systemRole,
    temperatureEnabled: p.temperature !== undefined,
    temperature: p.temperature ?? DEFAULT_AGENT_SETTINGS.temperature,
    topPEnabled: p.top_p !== undefined,
    topP: p.top_p ?? DEFAULT_AGENT_SETTINGS.topP,
    historyCountEnabled: c.enableHistoryCount,
    historyCount: c.historyCount,
    search: c.searchMode !== 'off' && c.searchMode !== '',
    disableContextCaching: c.disableContextCaching,
    ...(p.frequency_penalty !== undefined ? { frequencyPenalty: p.frequency_penalty } : {}),
    ...(p.presence_penalty !== undefined ? { presencePenalty: p.presence_penalty } : {}),
    ...(p.max_tokens !== undefined ? { maxTokens: p.max_tokens } : {}),
    // the agent's tools are on in the conversations it starts (the tools panel can change them)
    plugins: [...agent.plugins],
  };
}

/** Copy of an agent under a new id and title (never the default, never built in). */
export function duplicateOf(agent: Agent, id: string, now: string, title: string): Agent {
  const { builtin: _builtin, deletedAt: _deleted, ...rest } = agent;
  return {
    ...structuredClone(rest),
    id,
    title,
    isDefault: false,
    createdAt: now,
    updatedAt: now,
  };
}
