import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $labels } from '../../../app/locale.js';
import { $isDesktop } from '../../../app/shell.js';
import { ModelPicker } from '../../providers/components/model-picker.js';
import { Welcome } from '../../providers/components/welcome.js';
import { linkPickerToConversations } from '../stores/conversation-model.js';
import { $activeThread } from '../stores/conversations.js';
import { sendMessage } from '../stores/generation.js';
import { AgentSettingsPanel, AgentSettingsToggle } from './agent-settings-panel.js';
import { AgentChooser } from '../../agents/components/agent-chooser.js';
import { SummaryNote } from '../../agents/components/summary-note.js';
import { Composer } from './composer.js';
import { ConversationSidebar } from './conversation-sidebar.js';
import { MessageList } from './message-list.js';
import { LiveAnnouncer, ShortcutsDialog, useShortcuts } from './shortcuts.js';

/**
 * The chat: the conversation list (a sidebar from `md` up; below, a drawer in the shell), then the
 * model picker (showing the conversation's own provider and model; a choice in it changes the
 * conversation's), the welcome screen of a new chat, the agent panel, the messages in a
 * centred reading column (virtualised) and the composer; keyboard shortcuts and the live region
 * that reads out finished replies.
 */
export function ChatPage() {
  const thread = useStore($activeThread);
  const desktop = useStore($isDesktop);
  const label = useStore($labels);
  useEffect(() => linkPickerToConversations(), []);
  useShortcuts();

  const empty = thread.length === 0;

  return (
    <div className="chat flex h-full">
      {desktop ? (
        <aside
          aria-label={label.conversations}
          className="flex w-64 shrink-0 flex-col border-r border-border bg-sidebar"
        >
          <ConversationSidebar />
        </aside>
      ) : null}
      <section className="thread flex min-w-0 flex-1 flex-col" aria-label={label.chat}>
        <div className="chat-header flex shrink-0 items-center gap-2 border-b border-border px-3 py-2 sm:px-4">
          <ModelPicker className="mr-auto" />
          <AgentSettingsToggle />
        </div>
        <AgentSettingsPanel />
        <SummaryNote />
        {empty ? (
          <div className="messages min-h-0 flex-1 overflow-y-auto px-4 sm:px-6">
            <AgentChooser />
            <Welcome onExample={(text) => void sendMessage(text)} />
          </div>
        ) : (
          <MessageList />
        )}
        <Composer />
      </section>
      <ShortcutsDialog />
      <LiveAnnouncer />
    </div>
  );
}
