import { useStore } from '@nanostores/react';
import { ArrowUp, CircleAlert, Paperclip, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { $labels, type Labels } from '../../../app/locale.js';
import { IconButton } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { FIELD_CLASSES } from '../../../components/ui/input.js';
import {
  $attachmentNotice,
  $attachments,
  $visionRefusal,
  addFiles,
  clearAttachments,
  removeAttachment,
  toMessageAttachments,
  TEXT_EXTENSIONS,
  type AttachmentNotice,
  type PendingFile,
  type PendingImage,
} from '../stores/attachments.js';
import { $generation, sendMessage, stopGeneration } from '../stores/generation.js';
import { $focusRequest, focusTaken } from '../stores/conversation-actions.js';
import { AttachmentList } from './attachment-list.js';
import { $activeModel } from '../../providers/stores/selection.js';
import { ToolsButton } from '../../tools/components/tools-panel.js';

const ACCEPT = [
  'image/*',
  'text/*',
  'application/pdf',
  '.pdf',
  ...TEXT_EXTENSIONS.map((e) => `.${e}`),
].join(',');

function noticeText(notice: AttachmentNotice, label: Labels): string {
  const text =
    notice.problem === 'tooLarge'
      ? label.attachTooLarge
      : notice.problem === 'unsupported'
        ? label.attachUnsupported
        : notice.problem === 'noText'
          ? label.attachNoText
          : label.attachUnreadable;
  return text.replace('{name}', notice.name);
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams; attachments. */
export function Composer() {
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const focusRequest = useStore($focusRequest);
  useEffect(() => {
    if (focusRequest !== 'composer' || !textarea.current) return;
    textarea.current.focus();
    focusTaken();
  }, [focusRequest]);
  const generation = useStore($generation);
  const label = useStore($labels);
  const attachments = useStore($attachments);
  const notice = useStore($attachmentNotice);
  const refusal = useStore($visionRefusal);
  const streaming = generation.status === 'streaming';
  // no model ready (first run without a key): keep the text, the welcome leads to Settings
  const noModel = !useStore($activeModel);
  const empty = !text.trim() && attachments.length === 0;
  const send = () => {
    if (empty || streaming || refusal !== undefined || noModel) return;
    void sendMessage(text, toMessageAttachments(attachments));
    setText('');
    clearAttachments();
  };
  const images = attachments.filter((a): a is PendingImage => a.kind === 'image');
  const files = attachments.filter((a): a is PendingFile => a.kind === 'text');
  return (
    <form
      className={cn(
        'composer group shrink-0 px-4 pt-2 pb-3 sm:px-6 sm:pb-4',
        dragging && 'dragging',
      )}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        setDragging(false);
        void addFiles([...e.dataTransfer.files]);
      }}
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
        {attachments.length || notice || refusal !== undefined ? (
          <div className="composer-attachments flex flex-col gap-2">
            <AttachmentList
              images={images.map((i) => ({ id: i.id, alt: i.name, url: i.url }))}
              files={files}
              onRemove={removeAttachment}
              removeLabel={label.removeAttachment}
            />
            {refusal !== undefined ? (
              <div
                className="attachment-refusal flex items-start gap-2 text-sm text-danger"
                role="alert"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {label.visionRefused.replace('{model}', refusal)}
              </div>
            ) : null}
            {notice ? (
              <div
                className="attachment-notice flex items-start gap-2 text-sm text-danger"
                role="status"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {noticeText(notice, label)}
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="relative">
          <input
            ref={fileInput}
            type="file"
            name="attachments"
            multiple
            accept={ACCEPT}
            hidden
            onChange={(e) => {
              const picked = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void addFiles(picked);
            }}
          />
          <textarea
            ref={textarea}
            name="message"
            aria-keyshortcuts="Shift+Escape /"
            rows={1}
            placeholder={label.placeholder}
            className={cn(
              FIELD_CLASSES,
              'block max-h-60 min-h-24 resize-none rounded-3xl px-4 pt-3 pb-12 text-base leading-6 shadow-sm field-sizing-content sm:min-h-28 sm:pt-3.5 sm:pb-13',
              'group-[.dragging]:border-dashed group-[.dragging]:border-accent group-[.dragging]:bg-accent-soft',
            )}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPaste={(e) => {
              const pasted = [...e.clipboardData.files];
              if (!pasted.length) return;
              e.preventDefault();
              void addFiles(pasted);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
          <div className="composer-row pointer-events-none absolute inset-x-2 bottom-2 flex items-center justify-between">
            <IconButton
              label={label.attachFiles}
              className="attach pointer-events-auto rounded-full text-muted-foreground hover:text-foreground"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden="true" className="size-5!" />
            </IconButton>
            <ToolsButton className="pointer-events-auto mr-auto" />
            {/* Send and Stop take the same room, so swapping them moves nothing. */}
            {streaming ? (
              <IconButton
                label={label.stop}
                variant="primary"
                className="stop pointer-events-auto rounded-full"
                onClick={() => stopGeneration()}
              >
                <Square aria-hidden="true" className="size-3.5! fill-current" />
              </IconButton>
            ) : (
              <IconButton
                type="submit"
                label={label.send}
                variant="primary"
                className="pointer-events-auto rounded-full"
                disabled={empty || refusal !== undefined || noModel}
              >
                <ArrowUp aria-hidden="true" className="size-5!" />
              </IconButton>
            )}
          </div>
        </div>
      </div>
    </form>
  );
}
