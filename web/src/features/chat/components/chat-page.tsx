import { useStore } from '@nanostores/react';
import { $labels } from '../../../app/locale.js';
import { Pickers } from '../../providers/components/pickers.js';
import {
  $activeConversation,
  $conversations,
  $activeConversationId,
  deleteConversation,
  selectConversation,
} from '../stores/conversations.js';
import { $generation } from '../stores/generation.js';
import { Composer } from './composer.js';
import { MessageItem } from './message-item.js';

/** Conversation list, the active conversation's messages, pickers and composer. */
export function ChatPage() {
  const conversations = useStore($conversations);
  const activeId = useStore($activeConversationId);
  const conversation = useStore($activeConversation);
  const generation = useStore($generation);
  const label = useStore($labels);
  return (
    <div className="chat">
      <aside className="conversations">
        <button type="button" className="new-chat" onClick={() => selectConversation(undefined)}>
          {label.newChat}
        </button>
        <ul>
          {conversations.map((c) => (
            <li key={c.id} className={c.id === activeId ? 'active' : ''}>
              <button
                type="button"
                className="conversation"
                onClick={() => selectConversation(c.id)}
              >
                {c.title}
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
        <Pickers />
        <div className="messages">
          {conversation?.messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              conversationId={conversation.id}
              streaming={generation.status === 'streaming' && generation.messageId === m.id}
            />
          ))}
        </div>
        <Composer />
      </section>
    </div>
  );
}
