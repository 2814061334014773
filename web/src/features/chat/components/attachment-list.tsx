import type { FileItem, ImageItem } from '@manifold/core/contract/chat-message';
import { formatBytes } from '../stores/attachments.js';

/** Thumbnails of images and chips of text files; each gets a × button when `onRemove` is given. */
export function AttachmentList({
  images = [],
  files = [],
  onRemove,
  removeLabel,
}: {
  images?: (ImageItem & { id?: string })[];
  files?: Pick<FileItem, 'id' | 'name' | 'size'>[];
  onRemove?: (id: string) => void;
  removeLabel?: string;
}) {
  if (!images.length && !files.length) return null;
  return (
    <div className="attachment-list">
      {images.map((image, index) => (
        <figure key={image.id ?? index} className="attachment-thumb">
          <img src={image.url} alt={image.alt ?? ''} loading="lazy" />
          {onRemove && image.id ? (
            <button
              type="button"
              className="attachment-remove"
              aria-label={`${removeLabel ?? '×'} ${image.alt ?? ''}`.trim()}
              onClick={() => onRemove(image.id as string)}
            >
              ×
            </button>
          ) : null}
        </figure>
      ))}
      {files.map((file) => (
        <span key={file.id} className="attachment-chip" title={file.name}>
          <span className="attachment-name">{file.name}</span>
          <span className="attachment-size">{formatBytes(file.size)}</span>
          {onRemove ? (
            <button
              type="button"
              className="attachment-remove"
              aria-label={`${removeLabel ?? '×'} ${file.name}`}
              onClick={() => onRemove(file.id)}
            >
              ×
            </button>
          ) : null}
        </span>
      ))}
    </div>
  );
}
