import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef } from 'react';
import { $labels } from '../../../app/locale.js';
import { Pickers } from '../../providers/components/pickers.js';
import {
  $activeConversation,
  $activeConversationId,
  $conversationSearch,
  $filteredConversations,
  $renamingConversationId,
  deleteConversation,
  renameConversation,
  selectConversation,
} from '../stores/conversations.js';
import { $generation } from '../stores/generation.js';
import { AgentSettingsPanel, AgentSettingsToggle } from './agent-settings-panel.js';
import { Composer } from './composer.js';
import { MessageItem } from './message-item.js';

/** How close to the bottom (px) still counts as "following the newest reply". */
const STICK_DISTANCE = 48;

/** Conversation list, the active conversation's messages, pickers and composer. */
export function ChatPage() {
  const conversations = useStore($filteredConversations);
  const search = useStore($conversationSearch);
  const renamingId = useStore($renamingConversationId);
  const activeId = useStore($activeConversationId);
  const conversation = useStore($activeConversation);
  const generation = useStore($generation);
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
  return (
    <div className="chat">
      <aside className="conversations">
        <button type="button" className="new-chat" onClick={() => selectConversation(undefined)}>
          {label.newChat}
        </button>
        <input
          type="search"
          name="conversation-search"
          className="conversation-search"
          placeholder={label.searchConversations}
          aria-label={label.searchConversations}
          value={search}
          onChange={(e) => $conversationSearch.set(e.target.value)}
        />
        <ul>
          {conversations.map((c) => (
            <li key={c.id} className={c.id === activeId ? 'active' : ''} data-id={c.id}>
              {renamingId === c.id ? (
                <input
                  name="conversation-title"
                  className="conversation-title"
                  aria-label={label.rename}
                  defaultValue={c.title}
                  autoFocus
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      renameConversation(c.id, e.currentTarget.value);
                    } else if (e.key === 'Escape') $renamingConversationId.set(undefined);
                  }}
                  onBlur={(e) => renameConversation(c.id, e.currentTarget.value)}
                />
              ) : (
                <button
                  type="button"
                  className="conversation"
                  onClick={() => selectConversation(c.id)}
                  onDoubleClick={() => $renamingConversationId.set(c.id)}
                >
                  {c.title}
                </button>
              )}
              <button
                type="button"
                className="rename"
                aria-label={label.rename}
                title={label.rename}
                onClick={() => $renamingConversationId.set(c.id)}
              >
                ✎
              </button>
              <button
                type="button"
                className="delete"
                aria-label={label.delete}
                onClick={() => deleteConversation(c.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="thread">
        <div className="chat-header">
          <Pickers />
          <AgentSettingsToggle />
        </div>
        <AgentSettingsPanel />
        <div
          className="messages"
          ref={messagesRef}
          onScroll={(e) => {
            const el = e.currentTarget;
            stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE;
            autoTopRef.current = stickRef.current ? el.scrollTop : undefined;
          }}
        >
          {conversation?.messages.map((m) => (
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
        <Composer />
      </section>
    </div>
  );
}
