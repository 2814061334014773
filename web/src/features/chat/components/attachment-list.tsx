import type { FileItem, ImageItem } from '@manifold/core/contract/chat-message';
import { useStore } from '@nanostores/react';
import { FileText, X } from 'lucide-react';
import { useState } from 'react';
import { $labels } from '../../../app/locale.js';
import { cn } from '../../../components/ui/cn.js';
import { Lightbox } from '../../../components/ui/lightbox.js';
import { formatBytes } from '../stores/attachments.js';

/**
 * Thumbnails of images (each opens the lightbox) and chips of text files and PDFs (with their
 * page count); each gets a × button when `onRemove` is given.
 */
export function AttachmentList({
  images = [],
  files = [],
  onRemove,
  removeLabel,
  className,
}: {
  images?: (ImageItem & { id?: string })[];
  files?: (Pick<FileItem, 'id' | 'name' | 'size'> & { pages?: number })[];
  onRemove?: (id: string) => void;
  removeLabel?: string;
  className?: string;
}) {
  const label = useStore($labels);
  const [open, setOpen] = useState<number | undefined>(undefined);
  if (!images.length && !files.length) return null;
  return (
    <div className={cn('attachment-list flex flex-wrap gap-2', className)}>
      {images.map((image, index) => (
        <figure
          key={image.id ?? index}
          className={cn(
            'attachment-thumb relative m-0 overflow-hidden rounded-xl border border-border bg-surface-muted',
            onRemove ? 'size-16' : 'size-32',
          )}
        >
          <button
            type="button"
            className="attachment-open size-full"
            aria-label={`${label.openImage} ${image.alt ?? ''}`.trim()}
            onClick={() => setOpen(index)}
          >
            <img
              src={image.url}
              alt={image.alt ?? ''}
              loading="lazy"
              className="size-full object-cover"
            />
          </button>
          {onRemove && image.id ? (
            <button
              type="button"
              className="attachment-remove absolute top-1 right-1 inline-flex size-5 items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/80"
              aria-label={`${removeLabel ?? '×'} ${image.alt ?? ''}`.trim()}
              onClick={() => onRemove(image.id as string)}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          ) : null}
        </figure>
      ))}
      {files.map((file) => (
        <span
          key={file.id}
          className="attachment-chip inline-flex h-10 max-w-64 items-center gap-2 rounded-xl border border-border bg-surface px-2.5 text-sm"
          title={file.name}
        >
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="attachment-name truncate">{file.name}</span>
          <span className="attachment-size shrink-0 text-xs text-muted-foreground">
            {file.pages !== undefined
              ? `${file.pages === 1 ? label.pdfOnePage : label.pdfPages.replace('{count}', String(file.pages))} · `
              : ''}
            {formatBytes(file.size)}
          </span>
          {onRemove ? (
            <button
              type="button"
              className="attachment-remove inline-flex size-5 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-hover hover:text-foreground"
              aria-label={`${removeLabel ?? '×'} ${file.name}`}
              onClick={() => onRemove(file.id)}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          ) : null}
        </span>
      ))}
      <Lightbox
        images={images.map((image) => ({ src: image.url, alt: image.alt }))}
        index={open}
        onIndexChange={setOpen}
      />
    </div>
  );
}
