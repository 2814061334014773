import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef } from 'react';
import { $labels } from '../../../app/locale.js';
import { $isDesktop } from '../../../app/shell.js';
import { ModelPicker } from '../../providers/components/model-picker.js';
import { Welcome } from '../../providers/components/welcome.js';
import { $activeConversation, $activeConversationId } from '../stores/conversations.js';
import { $generation, sendMessage } from '../stores/generation.js';
import { AgentSettingsPanel, AgentSettingsToggle } from './agent-settings-panel.js';
import { Composer } from './composer.js';
import { ConversationSidebar } from './conversation-sidebar.js';
import { MessageItem } from './message-item.js';

/** How close to the bottom (px) still counts as "following the newest reply". */
const STICK_DISTANCE = 48;

/**
 * The chat: the conversation list (a sidebar from `md` up; below, a drawer in the shell), then the
 * pickers, the agent panel, the messages in a centred reading column and the composer.
 */
export function ChatPage() {
  const activeId = useStore($activeConversationId);
  const conversation = useStore($activeConversation);
  const generation = useStore($generation);
  const desktop = useStore($isDesktop);
  const label = useStore($labels);
  const messagesRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  // Where the last automatic scroll left the list: a position above it means the person scrolled
  // up, even when their scroll event has not been handled yet (it fires after the next frame).
  const autoTopRef = useRef<number | undefined>(undefined);

  // Keep the newest reply in view while it grows, unless the person scrolled up.
  useLayoutEffect(() => {
    const el = messagesRef.current;
    if (!el) return;
    const autoTop = autoTopRef.current;
    if (autoTop !== undefined && el.scrollTop < autoTop - STICK_DISTANCE) stickRef.current = false;
    if (!stickRef.current) return;
    el.scrollTop = el.scrollHeight;
    autoTopRef.current = el.scrollTop;
  }, [conversation]);
  useLayoutEffect(() => {
    stickRef.current = true;
    autoTopRef.current = undefined;
  }, [activeId]);

  const lastId = conversation?.messages.at(-1)?.id;
  const empty = !conversation?.messages.length;
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
        <div
          className="messages min-h-0 flex-1 overflow-y-auto px-4 sm:px-6"
          ref={messagesRef}
          onScroll={(e) => {
            const el = e.currentTarget;
            stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE;
            autoTopRef.current = stickRef.current ? el.scrollTop : undefined;
          }}
        >
          {empty ? (
            <Welcome onExample={(text) => void sendMessage(text)} />
          ) : (
            <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 py-6">
              {conversation.messages.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  conversationId={conversation.id}
                  last={m.id === lastId}
                  busy={generation.status === 'streaming'}
                  streaming={generation.status === 'streaming' && generation.messageId === m.id}
                />
              ))}
            </div>
          )}
        </div>
        <Composer />
      </section>
    </div>
  );
}
