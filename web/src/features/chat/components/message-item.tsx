import { useStore } from '@nanostores/react';
import { Brain, ChevronRight, Pencil, Wrench } from 'lucide-react';
import { Button, IconButton } from '../../../components/ui/button.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Textarea } from '../../../components/ui/input.js';
import { Markdown } from '../../../components/ui/markdown.js';
import { $labels, type Labels } from '../../../app/locale.js';
import { ErrorNotice } from '../../providers/components/error-notice.js';
import type { UIMessage } from '../stores/conversations.js';
import type { VersionInfo } from '../stores/message-tree.js';
import { AttachmentList } from './attachment-list.js';
import { CitationList } from './citation-list.js';
import { hasCopyText, messageCopyText } from '../stores/message-text.js';
import { DeleteMessageButton, ReplyActions, VersionPager } from './message-actions.js';
import { ToolResult } from '../../tools/components/tool-result.js';
import { $editingMessageId, editAndResend, retryLast } from '../stores/generation.js';
import { ReplyCostText } from '../../credits/components/reply-cost.js';
import { SpeakButton } from '../../speech/components/speak-button.js';

function Stats({ message, label }: { message: UIMessage; label: Labels }) {
  const parts: string[] = [];
  const u = message.usage;
  if (u?.totalInputTokens !== undefined || u?.totalOutputTokens !== undefined)
    parts.push(
      `${label.tokens}: ${u.totalInputTokens ?? 0} ${label.inputTokens} / ${u.totalOutputTokens ?? 0} ${label.outputTokens}`,
    );
  if (message.speed?.tps !== undefined)
    parts.push(`${message.speed.tps.toFixed(1)} ${label.tokensPerSecond}`);
  if (message.speed?.ttft !== undefined)
    parts.push(`${label.timeToFirstToken} ${Math.round(message.speed.ttft)} ms`);
  if (message.model) parts.unshift(message.model);
  return parts.length ? (
    <div className="stats min-w-0 text-xs text-muted-foreground tabular-nums">
      {parts.join(' · ')}
    </div>
  ) : null;
}

/**
 * One message: user text, or the assistant's reasoning, Markdown text, stats and error, or a
 * tool's result; with its versions and actions.
 */
export function MessageItem({
  message,
  conversationId,
  streaming,
  busy = false,
  versions,
}: {
  message: UIMessage;
  conversationId: string;
  streaming: boolean;
  /** A reply is streaming in this conversation: no edit, regenerate or delete meanwhile. */
  busy?: boolean;
  /** Where the message stands among its versions, when it has others. */
  versions?: VersionInfo | undefined;
}) {
  const label = useStore($labels);
  const editingId = useStore($editingMessageId);
  if (message.role === 'tool') return <ToolResult message={message} />;
  if (message.role === 'user') {
    if (editingId === message.id)
      return (
        <div className="message user editing flex w-full flex-col">
          <form
            className="edit-form flex w-full flex-col gap-2 rounded-3xl border border-border bg-surface-muted p-3"
            onSubmit={(e) => {
              e.preventDefault();
              const text = new FormData(e.currentTarget).get('edit');
              void editAndResend(conversationId, message.id, String(text ?? ''));
            }}
          >
            <Textarea
              name="edit"
              rows={3}
              autoGrow
              className="max-h-80 min-h-20 text-base"
              defaultValue={message.content}
              autoFocus
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void editAndResend(conversationId, message.id, e.currentTarget.value);
                } else if (e.key === 'Escape') $editingMessageId.set(undefined);
              }}
            />
            <div className="edit-actions flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => $editingMessageId.set(undefined)}>
                {label.cancel}
              </Button>
              <Button type="submit" variant="primary" size="sm">
                {label.saveAndSend}
              </Button>
            </div>
          </form>
        </div>
      );
    return (
      <div className="message user group flex flex-col items-end gap-1.5">
        <AttachmentList
          images={message.imageList}
          files={message.fileList}
          className="justify-end"
        />
        <div className="flex w-full items-center justify-end gap-1">
          {message.content ? (
            <div className="bubble max-w-[85%] rounded-3xl bg-surface-muted px-4 py-2.5 text-base leading-7 break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
              {message.content}
            </div>
          ) : null}
        </div>
        {versions || !busy || hasCopyText(message) ? (
          <div className="user-actions flex min-h-7 items-center justify-end gap-0.5">
            {hasCopyText(message) ? (
              <CopyButton
                text={() => messageCopyText(message, label.sources)}
                label={label.copyMessage}
                className="copy-message size-7 group-focus-within:opacity-100 group-hover:opacity-100 pointer-fine:opacity-0"
              />
            ) : null}
            {!busy ? (
              <span className="flex items-center gap-0.5 group-focus-within:opacity-100 group-hover:opacity-100 pointer-fine:opacity-0">
                <IconButton
                  label={label.edit}
                  size="sm"
                  className="edit-message size-7 text-muted-foreground hover:text-foreground"
                  onClick={() => $editingMessageId.set(message.id)}
                >
                  <Pencil aria-hidden="true" />
                </IconButton>
                <DeleteMessageButton
                  conversationId={conversationId}
                  messageId={message.id}
                  hasVersions={Boolean(versions)}
                  className="size-7"
                />
              </span>
            ) : null}
            {versions ? (
              <VersionPager conversationId={conversationId} versions={versions} disabled={busy} />
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }
  const stats = !streaming ? <Stats message={message} label={label} /> : null;
  return (
    <div className={`message assistant flex flex-col gap-3${streaming ? ' streaming' : ''}`}>
      {message.reasoning ? (
        <details
          className="reasoning group/reasoning rounded-xl border border-border bg-surface-muted/50 text-sm"
          open={streaming && !message.content}
        >
          <summary className="flex h-9 list-none items-center gap-2 rounded-xl px-3 text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
            <Brain aria-hidden="true" className="size-4" />
            <span className="font-medium">
              {message.reasoningMs === undefined
                ? label.reasoning
                : `${label.reasoningFor} ${(message.reasoningMs / 1000).toFixed(1)} s`}
            </span>
            <ChevronRight
              aria-hidden="true"
              className="ml-auto size-4 transition-transform group-open/reasoning:rotate-90"
            />
          </summary>
          <Markdown
            text={message.reasoning}
            streaming={streaming && !message.content}
            className="reasoning-text border-t border-border px-3 py-2.5 text-sm leading-6 text-muted-foreground"
          />
        </details>
      ) : null}
      {message.content ? (
        <Markdown text={message.content} streaming={streaming} className="markdown" />
      ) : null}
      {message.toolCalls?.length ? (
        <div className="tool-calls flex flex-col gap-2 rounded-xl border border-border bg-surface p-3">
          <div className="tool-calls-title flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <Wrench aria-hidden="true" className="size-3.5" />
            {label.toolCalls}
          </div>
          {message.toolCalls.map((call, index) => (
            <div
              key={call.id || index}
              className="tool-call flex flex-col gap-1"
              data-tool={call.function.name}
            >
              <code className="tool-name font-mono text-sm font-semibold">
                {call.function.name}
              </code>
              <pre className="tool-arguments m-0 rounded-lg bg-code px-3 py-2 font-mono text-xs leading-5 break-all whitespace-pre-wrap">
                {call.function.arguments}
              </pre>
            </div>
          ))}
        </div>
      ) : null}
      {message.grounding ? (
        <CitationList grounding={message.grounding} title={label.sources} />
      ) : null}
      {streaming && !message.content && !message.toolCalls?.length ? (
        <div className="typing flex h-7 items-center gap-1" aria-hidden="true">
          <span className="size-2 animate-pulse rounded-full bg-muted-foreground/60" />
          <span className="size-2 animate-pulse rounded-full bg-muted-foreground/60 [animation-delay:150ms]" />
          <span className="size-2 animate-pulse rounded-full bg-muted-foreground/60 [animation-delay:300ms]" />
        </div>
      ) : null}
      {message.stopped ? (
        <div className="stopped text-xs font-medium text-muted-foreground">{label.stopped}</div>
      ) : null}
      {message.error ? (
        <ErrorNotice
          error={message.error}
          providerId={message.provider}
          onRetry={() => void retryLast(conversationId)}
        />
      ) : null}
      {!streaming ? (
        <div className="message-footer flex min-h-8 flex-wrap items-center gap-x-2 gap-y-1">
          <ReplyActions
            conversationId={conversationId}
            message={message}
            versions={versions}
            busy={busy}
          >
            {hasCopyText(message) ? (
              <CopyButton
                text={() => messageCopyText(message, label.sources)}
                label={label.copyMessage}
                className="copy-message"
              />
            ) : null}
            <SpeakButton messageId={message.id} text={message.content} />
          </ReplyActions>
          {stats}
          <ReplyCostText usage={message.usage} provider={message.provider} model={message.model} />
        </div>
      ) : null}
    </div>
  );
}
