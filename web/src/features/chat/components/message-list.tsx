import { useStore } from '@nanostores/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { $scrollTarget, scrollTargetReached } from '../stores/conversation-actions.js';
import { $activeConversation, $activeThread, type UIMessage } from '../stores/conversations.js';
import { $generation } from '../stores/generation.js';
import { versionsInThread, type VersionInfo } from '../stores/message-tree.js';
import { MessageItem } from './message-item.js';

/** How close to the bottom (px) still counts as "following the newest reply". */
const STICK_DISTANCE = 48;
/** Rendered beyond the visible rows on each side, so a quick scroll shows no gap. */
const OVERSCAN = 4;

const Row = memo(function Row({
  message,
  conversationId,
  streaming,
  busy,
  versionIndex,
  versionCount,
  previousId,
  nextId,
}: {
  message: UIMessage;
  conversationId: string;
  streaming: boolean;
  busy: boolean;
  versionIndex: number | undefined;
  versionCount: number | undefined;
  previousId: string | undefined;
  nextId: string | undefined;
}) {
  const versions: VersionInfo | undefined =
    versionIndex === undefined || versionCount === undefined
      ? undefined
      : {
          index: versionIndex,
          count: versionCount,
          ...(previousId ? { previousId } : {}),
          ...(nextId ? { nextId } : {}),
        };
  return (
    <MessageItem
      message={message}
      conversationId={conversationId}
      streaming={streaming}
      busy={busy}
      versions={versions}
    />
  );
});

/**
 * The messages of the conversation on screen, virtualised: only the rows in view (and a few
 * around) are in the DOM, each measured as it renders, so a conversation of thousands of messages
 * opens and scrolls like a short one. It follows the newest reply while it streams unless the
 * person scrolled up; a row above the view that changes height keeps the view where it is.
 */
export function MessageList() {
  const conversation = useStore($activeConversation);
  const thread = useStore($activeThread);
  const generation = useStore($generation);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  // Where the last automatic scroll left the list: a position above it means the person scrolled
  // up, even when their scroll event has not been handled yet (it fires after the next frame).
  const autoTopRef = useRef<number | undefined>(undefined);
  const messages = conversation?.messages;
  const versions = useMemo(
    () => (messages ? versionsInThread(messages, thread) : new Map<string, VersionInfo>()),
    [messages, thread],
  );

  const virtualizer = useVirtualizer({
    count: thread.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (thread[index]?.role === 'user' ? 96 : 200),
    getItemKey: (index) => thread[index]?.id ?? index,
    overscan: OVERSCAN,
    paddingStart: 24,
    paddingEnd: 24,
  });
  const totalSize = virtualizer.getTotalSize();

  // Keep the newest reply in view while it grows (or rows get measured), unless scrolled up.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const autoTop = autoTopRef.current;
    if (autoTop !== undefined && el.scrollTop < autoTop - STICK_DISTANCE) stickRef.current = false;
    if (!stickRef.current) return;
    el.scrollTop = el.scrollHeight;
    autoTopRef.current = el.scrollTop;
  }, [thread, totalSize]);
  const conversationId = conversation?.id;
  useLayoutEffect(() => {
    stickRef.current = true;
    autoTopRef.current = undefined;
  }, [conversationId]);

  // A search result: bring its message into view (declared last, so it wins over following).
  const scrollTarget = useStore($scrollTarget);
  useLayoutEffect(() => {
    if (!scrollTarget) return;
    const index = thread.findIndex((m) => m.id === scrollTarget);
    if (index < 0) return;
    stickRef.current = false;
    autoTopRef.current = undefined;
    virtualizer.scrollToIndex(index, { align: 'center' });
    scrollTargetReached();
  }, [scrollTarget, thread, virtualizer]);

  const busy = generation.status === 'streaming';
  return (
    <div
      className="messages min-h-0 flex-1 overflow-y-auto px-4 [overflow-anchor:none] sm:px-6"
      ref={scrollRef}
      onScroll={(e) => {
        const el = e.currentTarget;
        stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE;
        autoTopRef.current = stickRef.current ? el.scrollTop : undefined;
      }}
    >
      <div
        className="message-rows relative mx-auto w-full max-w-3xl"
        style={{ height: totalSize }}
        data-count={thread.length}
      >
        {conversationId
          ? virtualizer.getVirtualItems().map((item) => {
              const message = thread[item.index];
              if (!message) return null;
              const v = versions.get(message.id);
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  data-message-id={message.id}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full pb-6"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <Row
                    message={message}
                    conversationId={conversationId}
                    streaming={busy && generation.messageId === message.id}
                    busy={busy}
                    versionIndex={v?.index}
                    versionCount={v?.count}
                    previousId={v?.previousId}
                    nextId={v?.nextId}
                  />
                </div>
              );
            })
          : null}
      </div>
    </div>
  );
}
