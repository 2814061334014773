import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { $labels, type Labels } from '../../../app/locale.js';
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
import { AttachmentList } from './attachment-list.js';
import './attachments.css';

const ACCEPT = ['image/*', 'text/*', ...TEXT_EXTENSIONS.map((e) => `.${e}`)].join(',');

function noticeText(notice: AttachmentNotice, label: Labels): string {
  const text =
    notice.problem === 'tooLarge'
      ? label.attachTooLarge
      : notice.problem === 'unsupported'
        ? label.attachUnsupported
        : label.attachUnreadable;
  return text.replace('{name}', notice.name);
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams; attachments. */
export function Composer() {
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const generation = useStore($generation);
  const label = useStore($labels);
  const attachments = useStore($attachments);
  const notice = useStore($attachmentNotice);
  const refusal = useStore($visionRefusal);
  const streaming = generation.status === 'streaming';
  const empty = !text.trim() && attachments.length === 0;
  const send = () => {
    if (empty || streaming || refusal !== undefined) return;
    void sendMessage(text, toMessageAttachments(attachments));
    setText('');
    clearAttachments();
  };
  const images = attachments.filter((a): a is PendingImage => a.kind === 'image');
  const files = attachments.filter((a): a is PendingFile => a.kind === 'text');
  return (
    <form
      className={`composer${dragging ? ' dragging' : ''}`}
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
      {attachments.length || notice || refusal !== undefined ? (
        <div className="composer-attachments">
          <AttachmentList
            images={images.map((i) => ({ id: i.id, alt: i.name, url: i.url }))}
            files={files}
            onRemove={removeAttachment}
            removeLabel={label.removeAttachment}
          />
          {refusal !== undefined ? (
            <div className="attachment-refusal" role="alert">
              {label.visionRefused.replace('{model}', refusal)}
            </div>
          ) : null}
          {notice ? (
            <div className="attachment-notice" role="status">
              {noticeText(notice, label)}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="composer-row">
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
        <button
          type="button"
          className="attach"
          aria-label={label.attachFiles}
          title={label.attachFiles}
          onClick={() => fileInput.current?.click()}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
          </svg>
        </button>
        <textarea
          name="message"
          rows={2}
          placeholder={label.placeholder}
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
        {streaming ? (
          <button type="button" className="stop" onClick={stopGeneration}>
            {label.stop}
          </button>
        ) : (
          <button type="submit" disabled={empty || refusal !== undefined}>
            {label.send}
          </button>
        )}
      </div>
    </form>
  );
}
