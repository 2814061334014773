import { useStore } from '@nanostores/react';
import { Markdown } from '../../../components/ui/markdown.js';
import { $labels, type Labels } from '../../../app/locale.js';
import { $providers } from '../../providers/stores/providers.js';
import { AccessCodeField } from '../../providers/components/access-code-field.js';
import { CallErrorText } from '../../providers/components/call-error-text.js';
import { KeyVaultForm } from '../../providers/components/key-vault-form.js';
import type { UIMessage } from '../stores/conversations.js';
import { AttachmentList } from './attachment-list.js';
import { CitationList } from './citation-list.js';
import {
  $editingMessageId,
  editAndResend,
  regenerateLast,
  retryLast,
} from '../stores/generation.js';

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
  return parts.length ? <div className="stats">{parts.join(' · ')}</div> : null;
}

/** One message: user text, or the assistant's reasoning, Markdown text, stats and error. */
export function MessageItem({
  message,
  conversationId,
  streaming,
  last = false,
  busy = false,
}: {
  message: UIMessage;
  conversationId: string;
  streaming: boolean;
  /** The newest message of the conversation (an assistant one gets Regenerate). */
  last?: boolean;
  /** A reply is streaming somewhere: no edit or regenerate meanwhile. */
  busy?: boolean;
}) {
  const providers = useStore($providers);
  const label = useStore($labels);
  const editingId = useStore($editingMessageId);
  if (message.role === 'user') {
    if (editingId === message.id)
      return (
        <div className="message user editing">
          <form
            className="edit-form"
            onSubmit={(e) => {
              e.preventDefault();
              const text = new FormData(e.currentTarget).get('edit');
              void editAndResend(conversationId, message.id, String(text ?? ''));
            }}
          >
            <textarea
              name="edit"
              rows={3}
              defaultValue={message.content}
              autoFocus
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void editAndResend(conversationId, message.id, e.currentTarget.value);
                } else if (e.key === 'Escape') $editingMessageId.set(undefined);
              }}
            />
            <div className="edit-actions">
              <button type="submit">{label.saveAndSend}</button>
              <button type="button" onClick={() => $editingMessageId.set(undefined)}>
                {label.cancel}
              </button>
            </div>
          </form>
        </div>
      );
    return (
      <div className="message user">
        <AttachmentList images={message.imageList} files={message.fileList} />
        {message.content ? <div className="bubble">{message.content}</div> : null}
        {!busy ? (
          <button
            type="button"
            className="edit-message"
            onClick={() => $editingMessageId.set(message.id)}
          >
            {label.edit}
          </button>
        ) : null}
      </div>
    );
  }
  const provider = providers.find((p) => p.id === message.provider);
  const keyError =
    message.error && typeof message.error.errorType === 'string'
      ? message.error.errorType.startsWith('Invalid')
      : false;
  return (
    <div className={`message assistant${streaming ? ' streaming' : ''}`}>
      {message.reasoning ? (
        <details className="reasoning" open={streaming && !message.content}>
          <summary>
            {message.reasoningMs === undefined
              ? label.reasoning
              : `${label.reasoningFor} ${(message.reasoningMs / 1000).toFixed(1)} s`}
          </summary>
          <div className="reasoning-text">{message.reasoning}</div>
        </details>
      ) : null}
      {message.content ? <Markdown text={message.content} /> : null}
      {message.toolCalls?.length ? (
        <div className="tool-calls">
          <div className="tool-calls-title">{label.toolCalls}</div>
          {message.toolCalls.map((call, index) => (
            <div key={call.id || index} className="tool-call" data-tool={call.function.name}>
              <code className="tool-name">{call.function.name}</code>
              <pre className="tool-arguments">{call.function.arguments}</pre>
            </div>
          ))}
        </div>
      ) : null}
      {message.grounding ? (
        <CitationList grounding={message.grounding} title={label.sources} />
      ) : null}
      {streaming && !message.content && !message.toolCalls?.length ? (
        <div className="typing">…</div>
      ) : null}
      {message.stopped ? <div className="stopped">{label.stopped}</div> : null}
      {message.error ? (
        <div className="error" role="alert">
          <p>
            <CallErrorText
              errorType={message.error.errorType}
              clientFetch={message.error.clientFetch}
              provider={provider?.name ?? message.provider}
            />
          </p>
          {keyError && provider ? (
            <div className="inline-key">
              {message.error.errorType === 'InvalidAccessCode' ? <AccessCodeField /> : null}
              <KeyVaultForm provider={provider} />
              <button type="button" onClick={() => void retryLast(conversationId)}>
                {label.retry}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {!streaming ? <Stats message={message} label={label} /> : null}
      {last && !busy ? (
        <button
          type="button"
          className="regenerate"
          onClick={() => void regenerateLast(conversationId)}
        >
          {label.regenerate}
        </button>
      ) : null}
    </div>
  );
}
