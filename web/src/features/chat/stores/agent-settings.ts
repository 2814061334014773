import { atom, computed } from 'nanostores';
import { $locale } from '../../../app/locale.js';
import { previewTemplate } from '../../../lib/template.js';
import { $activeModelCard, $activeProvider } from '../../providers/stores/selection.js';
import { agentCapabilities, DEFAULT_AGENT_SETTINGS, type AgentSettings } from './build-request.js';
import { $activeConversation, $conversations, saveConversations } from './conversations.js';

/** The agent settings panel is open. */
export const $agentPanelOpen = atom(false);
/** Settings edited before the first message; the next new conversation takes them. */
export const $draftAgentSettings = atom<AgentSettings>(DEFAULT_AGENT_SETTINGS);
/** The saved agent the draft settings came from (`features/agents`); the new conversation keeps its id. */
export const $draftAgentId = atom<string | undefined>(undefined);

/** The settings the panel shows: the active conversation's, else the draft. */
export const $agentSettings = computed(
  [$activeConversation, $draftAgentSettings],
  (conversation, draft): AgentSettings =>
    conversation ? { ...DEFAULT_AGENT_SETTINGS, ...conversation.agent } : draft,
);

/** Which gated controls the active provider and model allow. */
export const $agentCapabilities = computed([$activeProvider, $activeModelCard], (provider, card) =>
  agentCapabilities(provider, card),
);

/** The system prompt's expansion and variables, for the live preview. */
export const $systemPromptPreview = computed([$agentSettings, $locale], (settings, locale) =>
  previewTemplate(settings.systemPrompt, { language: locale }),
);

export function toggleAgentPanel(): void {
  $agentPanelOpen.set(!$agentPanelOpen.get());
}

/** Change the shown settings: stored with the active conversation (IndexedDB), else in the draft. */
export function updateAgentSettings(patch: Partial<AgentSettings>): void {
  const conversation = $activeConversation.get();
  if (!conversation) {
    $draftAgentSettings.set({ ...$draftAgentSettings.get(), ...patch });
    return;
  }
  const agent = { ...DEFAULT_AGENT_SETTINGS, ...conversation.agent, ...patch };
  $conversations.set(
    $conversations.get().map((c) => (c.id === conversation.id ? { ...c, agent } : c)),
  );
  void saveConversations();
}

/** Give a newly created conversation the draft settings and reset the draft. */
export function adoptDraftAgentSettings(conversationId: string): void {
  const agent = $draftAgentSettings.get();
  const agentId = $draftAgentId.get();
  $conversations.set(
    $conversations
      .get()
      .map((c) => (c.id === conversationId ? { ...c, agent, ...(agentId ? { agentId } : {}) } : c)),
  );
  $draftAgentSettings.set(DEFAULT_AGENT_SETTINGS);
  $draftAgentId.set(undefined);
}
