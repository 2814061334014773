import { useStore } from '@nanostores/react';
import { Layers } from 'lucide-react';
import { useEffect } from 'react';
import { $labels } from '../../../app/locale.js';
import { $isDesktop } from '../../../app/shell.js';
import { Pickers } from '../../providers/components/pickers.js';
import { linkPickerToConversations } from '../stores/conversation-model.js';
import { $activeThread } from '../stores/conversations.js';
import { AgentSettingsPanel, AgentSettingsToggle } from './agent-settings-panel.js';
import { Composer } from './composer.js';
import { ConversationSidebar } from './conversation-sidebar.js';
import { MessageList } from './message-list.js';
import { LiveAnnouncer, ShortcutsDialog, useShortcuts } from './shortcuts.js';

/**
 * The chat: the conversation list (a sidebar from `md` up; below, a drawer in the shell), then the
 * pickers (showing the conversation's own provider and model), the agent panel, the messages in a
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
          <Pickers />
          <AgentSettingsToggle />
        </div>
        <AgentSettingsPanel />
        {empty ? (
          <div className="messages flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-muted-foreground">
              <Layers aria-hidden="true" className="size-6" />
            </span>
            <p className="text-xl font-semibold">{label.emptyChat}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{label.emptyChatHint}</p>
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
