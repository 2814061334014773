import { useStore } from '@nanostores/react';
import {
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  RefreshCw,
  Trash2,
  Wrench,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { $labels } from '../../../app/locale.js';
import { IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { deleteMessage, showVersion, type UIMessage } from '../stores/conversations.js';
import { regenerate } from '../stores/generation.js';
import type { VersionInfo } from '../stores/message-tree.js';

/** ◀ 2/3 ▶: page through the versions of a message (what followed each version comes with it). */
export function VersionPager({
  conversationId,
  versions,
  disabled = false,
}: {
  conversationId: string;
  versions: VersionInfo;
  /** A reply is streaming in this conversation: the thread stays as it is meanwhile. */
  disabled?: boolean;
}) {
  const label = useStore($labels);
  const position = label.versionOf
    .replace('{index}', String(versions.index + 1))
    .replace('{count}', String(versions.count));
  return (
    <div className="versions flex items-center text-xs text-muted-foreground tabular-nums">
      <IconButton
        label={label.previousVersion}
        size="sm"
        className="previous-version size-7"
        disabled={disabled || !versions.previousId}
        onClick={() => versions.previousId && showVersion(conversationId, versions.previousId)}
      >
        <ChevronLeft aria-hidden="true" />
      </IconButton>
      <span className="version-index min-w-8 text-center" aria-hidden="true">
        {versions.index + 1}/{versions.count}
      </span>
      <span className="sr-only">{position}</span>
      <IconButton
        label={label.nextVersion}
        size="sm"
        className="next-version size-7"
        disabled={disabled || !versions.nextId}
        onClick={() => versions.nextId && showVersion(conversationId, versions.nextId)}
      >
        <ChevronRight aria-hidden="true" />
      </IconButton>
    </div>
  );
}

/** Delete a message, after asking (ChatGPT and LobeChat ask before a message goes). */
export function DeleteMessageButton({
  conversationId,
  messageId,
  hasVersions,
  className,
}: {
  conversationId: string;
  messageId: string;
  /** The message has other versions: what followed it goes too. */
  hasVersions: boolean;
  className?: string;
}) {
  const label = useStore($labels);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <IconButton
        label={label.deleteMessage}
        size="sm"
        className={cn('delete-message text-muted-foreground hover:text-danger', className)}
        onClick={() => setAsking(true)}
      >
        <Trash2 aria-hidden="true" />
      </IconButton>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={label.deleteMessageTitle}
        description={hasVersions ? label.deleteVersionHint : label.deleteMessageHint}
        confirmLabel={label.delete}
        onConfirm={() => deleteMessage(conversationId, messageId)}
      />
    </>
  );
}

/**
 * The actions under a reply: its versions, Regenerate (a new version), Delete. None while a reply
 * streams in the conversation, except the pager, shown disabled.
 */
export function ReplyActions({
  conversationId,
  message,
  versions,
  busy,
  children,
}: {
  conversationId: string;
  message: UIMessage;
  versions: VersionInfo | undefined;
  busy: boolean;
  /** Actions offered even while a reply streams (Copy), after the pager. */
  children?: ReactNode;
}) {
  const label = useStore($labels);
  return (
    <div className="reply-actions -ml-1.5 flex items-center gap-0.5">
      {versions ? (
        <VersionPager conversationId={conversationId} versions={versions} disabled={busy} />
      ) : null}
      {children}
      {busy ? null : (
        <>
          <IconButton
            label={label.regenerate}
            size="sm"
            className="regenerate text-muted-foreground hover:text-foreground"
            onClick={() => void regenerate(conversationId, message.id)}
          >
            <RefreshCw aria-hidden="true" />
          </IconButton>
          <DeleteMessageButton
            conversationId={conversationId}
            messageId={message.id}
            hasVersions={Boolean(versions)}
          />
        </>
      )}
    </div>
  );
}

/** A tool's result under the reply that called it: name, status and the text it returned. */
export function ToolMessage({ message }: { message: UIMessage }) {
  const label = useStore($labels);
  const status = message.toolStatus ?? 'done';
  return (
    <details
      className="message tool group/tool rounded-xl border border-border bg-surface text-sm"
      data-status={status}
    >
      <summary className="flex h-9 list-none items-center gap-2 rounded-xl px-3 text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
        <Wrench aria-hidden="true" className="size-3.5" />
        <code className="tool-name truncate font-mono text-xs font-semibold">
          {message.toolName}
        </code>
        <span className="ml-auto">
          {status === 'running' ? (
            <Spinner className="size-3.5" />
          ) : status === 'error' ? (
            <CircleAlert aria-label={label.replyFailed} className="size-4 text-danger" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-4 text-success" />
          )}
        </span>
      </summary>
      <pre className="tool-result m-0 max-h-80 overflow-auto border-t border-border px-3 py-2 font-mono text-xs leading-5 break-all whitespace-pre-wrap">
        {message.error?.message ?? message.content}
      </pre>
    </details>
  );
}
