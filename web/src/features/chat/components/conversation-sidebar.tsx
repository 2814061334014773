import { useStore } from '@nanostores/react';
import { Ellipsis, Keyboard, Pencil, Pin, PinOff, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { $labels, $locale, type Labels } from '../../../app/locale.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.js';
import { Input } from '../../../components/ui/input.js';
import { Kbd } from '../../../components/ui/kbd.js';
import { Spinner } from '../../../components/ui/spinner.js';
import {
  $conversationGroups,
  $conversationSearch,
  type DateGroup,
  type ListedConversation,
} from '../stores/conversation-list.js';
import {
  $focusRequest,
  deleteConversationWithUndo,
  focusTaken,
  newChat,
  openSearchResult,
} from '../stores/conversation-actions.js';
import {
  $activeConversationId,
  $renamingConversationId,
  renameConversation,
  setPinned,
} from '../stores/conversations.js';
import { $generations } from '../stores/generation.js';
import { $shortcutsOpen, MOD_KEY } from '../stores/shortcuts.js';

function groupTitle(group: DateGroup, label: Labels, locale: string): string {
  if (group.kind === 'month')
    return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
      year: 'numeric',
      month: 'long',
    }).format(new Date(group.year, group.month, 1));
  return label[group.kind];
}

/** Move the focus among the list's conversation buttons (roving focus: one tab stop). */
function moveFocus(list: HTMLElement, from: Element | null, key: string): boolean {
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button.conversation')];
  if (!buttons.length) return false;
  const at = buttons.findIndex((b) => b === from);
  const next =
    key === 'Home'
      ? 0
      : key === 'End'
        ? buttons.length - 1
        : key === 'ArrowDown'
          ? Math.min(buttons.length - 1, at + 1)
          : Math.max(0, at < 0 ? 0 : at - 1);
  buttons[next]?.focus();
  return true;
}

function Row({
  item,
  active,
  tabStop,
  streaming,
  onOpen,
}: {
  item: ListedConversation;
  active: boolean;
  tabStop: boolean;
  streaming: boolean;
  /** Open the conversation (at the message the search found, if any). */
  onOpen: (id: string, messageId?: string) => void;
}) {
  const label = useStore($labels);
  const renamingId = useStore($renamingConversationId);
  const { conversation: c, match } = item;
  if (renamingId === c.id)
    return (
      <li className="flex shrink-0 items-center rounded-lg" data-id={c.id}>
        <Input
          name="conversation-title"
          className="conversation-title h-8"
          aria-label={label.rename}
          defaultValue={c.title}
          autoFocus
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              renameConversation(c.id, e.currentTarget.value);
            } else if (e.key === 'Escape') $renamingConversationId.set(undefined);
          }}
          onBlur={(e) => renameConversation(c.id, e.currentTarget.value)}
        />
      </li>
    );
  return (
    <li
      className={cn(
        'group relative flex shrink-0 items-center rounded-lg transition-colors',
        match ? 'min-h-9 py-1' : 'h-9',
        active ? 'active bg-selected' : 'hover:bg-hover',
      )}
      data-id={c.id}
    >
      <button
        type="button"
        className="conversation flex h-full min-w-0 flex-1 flex-col justify-center rounded-lg px-2.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-current={active ? 'true' : undefined}
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onOpen(c.id, match?.messageId)}
        onDoubleClick={() => $renamingConversationId.set(c.id)}
      >
        <span className="conversation-name flex w-full min-w-0 items-center gap-1.5">
          {c.pinned ? (
            <Pin aria-label={label.pinned} className="size-3 shrink-0 text-muted-foreground" />
          ) : null}
          <span className="truncate">{c.title}</span>
        </span>
        {match ? (
          <span className="search-match line-clamp-2 w-full text-xs leading-4 break-words text-muted-foreground">
            {match.before}
            <mark className="rounded-sm bg-accent-soft px-0.5 text-foreground">{match.match}</mark>
            {match.after}
          </span>
        ) : null}
      </button>
      {streaming ? (
        <span className="streaming-mark px-1 text-muted-foreground" title={label.replying}>
          <Spinner className="size-3.5" />
          <span className="sr-only">{label.replying}</span>
        </span>
      ) : null}
      <span
        className={cn(
          'flex shrink-0 items-center pr-1 group-focus-within:opacity-100 group-hover:opacity-100 pointer-fine:opacity-0',
          active && 'pointer-fine:opacity-100',
        )}
      >
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <IconButton
              label={label.moreActions}
              size="sm"
              tabIndex={tabStop ? 0 : -1}
              className="conversation-actions size-7 text-muted-foreground hover:text-foreground data-[state=open]:opacity-100"
            >
              <Ellipsis aria-hidden="true" className="size-4!" />
            </IconButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem className="pin" onSelect={() => setPinned(c.id, !c.pinned)}>
              {c.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
              {c.pinned ? label.unpin : label.pin}
            </DropdownMenuItem>
            <DropdownMenuItem
              className="rename"
              onSelect={() => {
                // after the menu has given the focus back, so the title field keeps it
                setTimeout(() => $renamingConversationId.set(c.id), 0);
              }}
            >
              <Pencil aria-hidden="true" />
              {label.rename}
            </DropdownMenuItem>
            <DropdownMenuItem
              className="delete"
              tone="danger"
              onSelect={() => deleteConversationWithUndo(c.id)}
            >
              <Trash2 aria-hidden="true" />
              {label.delete}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </span>
    </li>
  );
}

/**
 * The conversation list: New chat, search over titles and message texts (a found message's words
 * under the title), pinned conversations first, the rest by date. Arrow keys, Home and End move
 * through the list, F2 renames, Delete deletes (with Undo). The desktop sidebar and the mobile
 * drawer both show it; `onNavigate` runs after a conversation is opened (the drawer closes).
 */
export function ConversationSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const groups = useStore($conversationGroups);
  const search = useStore($conversationSearch);
  const activeId = useStore($activeConversationId);
  const generations = useStore($generations);
  const focusRequest = useStore($focusRequest);
  const label = useStore($labels);
  const locale = useStore($locale);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest !== 'search' || !searchRef.current) return;
    searchRef.current.focus();
    searchRef.current.select();
    focusTaken();
  }, [focusRequest]);
  const open = (id: string, messageId?: string) => {
    openSearchResult(id, messageId);
    onNavigate?.();
  };
  const ids = groups.flatMap((g) => g.items.map((i) => i.conversation.id));
  const tabStopId = activeId && ids.includes(activeId) ? activeId : ids[0];
  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = listRef.current;
    const target = e.target as HTMLElement;
    if (!list || !target.matches('button.conversation')) return;
    if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) {
      if (moveFocus(list, target, e.key)) e.preventDefault();
      return;
    }
    const id = target.closest('li')?.dataset.id;
    if (!id) return;
    if (e.key === 'F2') {
      e.preventDefault();
      $renamingConversationId.set(id);
    } else if (e.key === 'Delete') {
      e.preventDefault();
      const buttons = [...list.querySelectorAll<HTMLButtonElement>('button.conversation')];
      const at = buttons.indexOf(target as HTMLButtonElement);
      deleteConversationWithUndo(id);
      requestAnimationFrame(() => {
        const left = [...list.querySelectorAll<HTMLButtonElement>('button.conversation')];
        (left[Math.min(at, left.length - 1)] ?? searchRef.current)?.focus();
      });
    }
  };
  return (
    <div className="conversations flex min-h-0 flex-1 flex-col gap-2 p-3">
      <Button
        variant="outline"
        className="new-chat w-full justify-start"
        onClick={() => {
          newChat();
          onNavigate?.();
        }}
      >
        <Plus aria-hidden="true" />
        {label.newChat}
        <span className="ml-auto hidden items-center gap-0.5 md:flex" aria-hidden="true">
          <Kbd>{MOD_KEY}</Kbd>
          <Kbd>⇧</Kbd>
          <Kbd>O</Kbd>
        </span>
      </Button>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={searchRef}
          type="search"
          name="conversation-search"
          className="conversation-search h-8 bg-transparent pr-12 pl-8 shadow-none"
          placeholder={label.searchPlaceholder}
          aria-label={label.searchConversations}
          aria-keyshortcuts="Control+K Meta+K"
          value={search}
          onChange={(e) => $conversationSearch.set(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && listRef.current) {
              e.preventDefault();
              moveFocus(listRef.current, null, 'Home');
            } else if (e.key === 'Escape' && search) {
              e.stopPropagation();
              $conversationSearch.set('');
            }
          }}
        />
        <span
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 items-center gap-0.5 md:flex"
          aria-hidden="true"
        >
          <Kbd>{MOD_KEY}</Kbd>
          <Kbd>K</Kbd>
        </span>
      </div>
      <div
        ref={listRef}
        className="conversation-list -mx-1 flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-1 pb-2"
        onKeyDown={onListKey}
      >
        {groups.map(({ key, group, items }) => (
          <div key={key} role="group" aria-labelledby={`group-${key}`} className="group-block">
            <h3
              id={`group-${key}`}
              className="group-title px-2.5 pb-1 text-xs font-medium text-muted-foreground"
            >
              {groupTitle(group, label, locale)}
            </h3>
            <ul className="flex flex-col gap-0.5">
              {items.map((item) => (
                <Row
                  key={item.conversation.id}
                  item={item}
                  active={item.conversation.id === activeId}
                  tabStop={item.conversation.id === tabStopId}
                  streaming={item.conversation.id in generations}
                  onOpen={open}
                />
              ))}
            </ul>
          </div>
        ))}
        {search.trim() && groups.length === 0 ? (
          <p className="no-results px-2.5 py-2 text-sm text-muted-foreground" role="status">
            {label.noConversationsFound}
          </p>
        ) : null}
      </div>
      <div className="-mx-1 border-t border-border px-1 pt-2">
        <Button
          variant="ghost"
          size="sm"
          className="show-shortcuts w-full justify-start text-muted-foreground"
          onClick={() => $shortcutsOpen.set(true)}
        >
          <Keyboard aria-hidden="true" />
          {label.keyboardShortcuts}
          <Kbd className="ml-auto" aria-hidden="true">
            ?
          </Kbd>
        </Button>
      </div>
    </div>
  );
}
