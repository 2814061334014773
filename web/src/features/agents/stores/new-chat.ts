// New conversations start from an agent: the welcome screen's chooser, the default agent (applied
// whenever a new chat is on screen) and the built-in support assistant (`GET /webapi/agents/builtin`).
import { atom, computed } from 'nanostores';
import { authHeaders } from '../../../lib/auth-token.js';
import { $accessCode } from '../../providers/stores/provider-settings.js';
import { selectProviderModel } from '../../providers/stores/selection.js';
import { $draftAgentId, $draftAgentSettings } from '../../chat/stores/agent-settings.js';
import { DEFAULT_AGENT_SETTINGS } from '../../chat/stores/build-request.js';
import { $activeConversationId, type Conversation } from '../../chat/stores/conversations.js';
import { requestFocus } from '../../chat/stores/conversation-actions.js';
import { normalizeAgent, settingsOfAgent, type Agent } from './agent-model.js';
import { $agents, $defaultAgent, findAgent, loadAgents } from './agents.js';

/** The built-in agents (read-only), once fetched. */
export const $builtinAgents = atom<Agent[]>([]);

/** The id of the support assistant (SPEC §1). */
export const SUPPORT_ASSISTANT_ID = 'builtin-support-assistant';

/** The agent the next new chat starts from (a saved or built-in one), if any. */
export const $draftAgent = computed(
  [$draftAgentId, $agents, $builtinAgents],
  (id, agents, builtin) =>
    id
      ? (agents.find((a) => a.id === id && !a.deletedAt) ?? builtin.find((a) => a.id === id))
      : undefined,
);

let builtinLoad: Promise<Agent[]> | undefined;

/** `GET /webapi/agents/builtin` (the usual `/webapi` auth; works signed out). */
export function loadBuiltinAgents(): Promise<Agent[]> {
  builtinLoad ??= (async () => {
    try {
      const accessCode = $accessCode.get().trim();
      const response = await fetch('/webapi/agents/builtin', {
        headers: {
          ...(await authHeaders(accessCode ? { accessCode } : {})),
          accept: 'application/json',
        },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { agents?: unknown };
      const agents = Array.isArray(body.agents)
        ? (body.agents as Parameters<typeof normalizeAgent>[0][]).map((a) =>
            normalizeAgent({ ...a, builtin: true }),
          )
        : [];
      $builtinAgents.set(agents);
      return agents;
    } catch (error) {
      builtinLoad = undefined; // try again next time
      console.warn('built-in agents not loaded', error);
      return [];
    }
  })();
  return builtinLoad;
}

/**
 * The next new chat starts from `agent` (undefined: from no agent, the plain defaults): its
 * settings become the draft's, and its model, when it names one, the picker's.
 */
export function startFromAgent(agent: Agent | undefined): void {
  $draftAgentSettings.set({
    ...DEFAULT_AGENT_SETTINGS,
    ...(agent ? settingsOfAgent(agent) : {}),
  });
  $draftAgentId.set(agent?.id);
  if (agent?.provider && agent.model) selectProviderModel(agent.provider, agent.model);
}

/** Open a new chat from an agent (the list's "Start a chat", the chooser). */
export function newChatFromAgent(agent: Agent | undefined): void {
  $activeConversationId.set(undefined);
  startFromAgent(agent);
  requestFocus('composer');
}

/** Open a chat with the support assistant (the welcome screen's "Ask about Manifold"). */
export async function askSupportAssistant(): Promise<void> {
  const agents = await loadBuiltinAgents();
  const assistant = agents.find((a) => a.id === SUPPORT_ASSISTANT_ID) ?? agents[0];
  if (assistant) newChatFromAgent(assistant);
}

/** On a new chat with no agent chosen yet, start from the default agent (if one is set). */
function applyDefault(): void {
  if ($activeConversationId.get() !== undefined) return;
  const chosen = $draftAgentId.get();
  if (chosen && (findAgent(chosen) || $builtinAgents.get().some((a) => a.id === chosen))) return;
  const agent = $defaultAgent.get();
  if (agent) startFromAgent(agent);
  else if (chosen) startFromAgent(undefined);
}

let started = false;

/** Load the agents and keep the default agent on every new chat. Idempotent. */
export function initAgents(): void {
  if (started) return;
  started = true;
  void loadAgents().then(applyDefault);
  $activeConversationId.listen((id) => {
    if (id === undefined) applyDefault();
  });
  $defaultAgent.listen(() => applyDefault());
}

/**
 * The tool (plugin) identifiers of the agent a conversation started from (empty: none), for the
 * tools feature to turn on in that conversation.
 */
export function pluginsOfConversation(conversation: Conversation | undefined): string[] {
  const id = conversation?.agentId;
  if (!id) return [];
  return (findAgent(id) ?? $builtinAgents.get().find((a) => a.id === id))?.plugins ?? [];
}
