import { useStore } from '@nanostores/react';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { $labels } from '../../../app/locale.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { Input } from '../../../components/ui/input.js';
import {
  $activeConversationId,
  $conversationSearch,
  $filteredConversations,
  $renamingConversationId,
  deleteConversation,
  renameConversation,
  selectConversation,
} from '../stores/conversations.js';

/**
 * The conversation list: New chat, search by title, and each conversation with rename (double
 * click or ✎) and delete. The desktop sidebar and the mobile drawer both show it; `onNavigate`
 * runs after a conversation is opened (the drawer closes).
 */
export function ConversationSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const conversations = useStore($filteredConversations);
  const search = useStore($conversationSearch);
  const renamingId = useStore($renamingConversationId);
  const activeId = useStore($activeConversationId);
  const label = useStore($labels);
  const open = (id: string | undefined) => {
    selectConversation(id);
    onNavigate?.();
  };
  return (
    <div className="conversations flex min-h-0 flex-1 flex-col gap-2 p-3">
      <Button
        variant="outline"
        className="new-chat w-full justify-start"
        onClick={() => open(undefined)}
      >
        <Plus aria-hidden="true" />
        {label.newChat}
      </Button>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="conversation-search"
          className="conversation-search h-8 bg-transparent pl-8 shadow-none"
          placeholder={label.searchConversations}
          aria-label={label.searchConversations}
          value={search}
          onChange={(e) => $conversationSearch.set(e.target.value)}
        />
      </div>
      <ul className="-mx-1 flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto px-1 pb-2">
        {conversations.map((c) => {
          const active = c.id === activeId;
          return (
            <li
              key={c.id}
              className={cn(
                'group relative flex h-9 shrink-0 items-center rounded-lg transition-colors',
                active ? 'active bg-selected' : 'hover:bg-hover',
              )}
              data-id={c.id}
            >
              {renamingId === c.id ? (
                <Input
                  name="conversation-title"
                  className="conversation-title h-8"
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
                  className="conversation h-full min-w-0 flex-1 truncate rounded-lg px-2.5 text-left text-sm"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => open(c.id)}
                  onDoubleClick={() => $renamingConversationId.set(c.id)}
                >
                  {c.title}
                </button>
              )}
              {renamingId === c.id ? null : (
                <span
                  className={cn(
                    'flex shrink-0 items-center pr-1 group-focus-within:opacity-100 group-hover:opacity-100 pointer-fine:opacity-0',
                    active && 'pointer-fine:opacity-100',
                  )}
                >
                  <IconButton
                    label={label.rename}
                    size="sm"
                    className="rename size-7 text-muted-foreground hover:text-foreground"
                    onClick={() => $renamingConversationId.set(c.id)}
                  >
                    <Pencil aria-hidden="true" className="size-3.5!" />
                  </IconButton>
                  <IconButton
                    label={label.delete}
                    size="sm"
                    className="delete size-7 text-muted-foreground hover:text-danger"
                    onClick={() => deleteConversation(c.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-3.5!" />
                  </IconButton>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
