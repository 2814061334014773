import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { $labels } from '../../app/locale.js';
import { buttonClasses, IconButton } from './button.js';
import { cn } from './cn.js';
import { stepIndex, type LightboxProps } from './lightbox.js';

const CONTROL = 'bg-black/50 text-white hover:bg-black/70 hover:text-white';

/** The open lightbox (loaded on demand by lightbox.tsx). */
export function LightboxDialog({
  images,
  index,
  onIndexChange,
}: LightboxProps & { index: number }) {
  const label = useStore($labels);
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const go = (delta: number) => onIndexChange(stepIndex(index, delta, images.length));
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => (open ? undefined : onIndexChange(undefined))}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/85" />
        <DialogPrimitive.Content
          className="lightbox fixed inset-0 z-50 flex animate-fade-in flex-col items-center justify-center outline-none"
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (!many) return;
            if (event.key === 'ArrowRight') go(1);
            else if (event.key === 'ArrowLeft') go(-1);
            else return;
            event.preventDefault();
          }}
          onClick={(event) => {
            // a click on the backdrop around the picture closes, as on the overlay
            if (event.target === event.currentTarget) onIndexChange(undefined);
          }}
        >
          <DialogPrimitive.Title className="sr-only">
            {image.alt || label.imageViewer}
          </DialogPrimitive.Title>
          <div className="absolute top-3 right-3 left-3 flex items-center justify-end gap-2">
            {many ? (
              <span className="lightbox-position mr-auto rounded-full bg-black/50 px-3 py-1 text-sm text-white tabular-nums">
                {label.imagePosition
                  .replace('{index}', String(index + 1))
                  .replace('{total}', String(images.length))}
              </span>
            ) : null}
            {image.download ? (
              <IconButton
                label={label.download}
                tooltip={false}
                className={cn('lightbox-download', CONTROL)}
                onClick={image.download}
              >
                <Download aria-hidden="true" />
              </IconButton>
            ) : null}
            <DialogPrimitive.Close
              aria-label={label.close}
              className={cn(buttonClasses({ variant: 'ghost', icon: true }), CONTROL)}
            >
              <X aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <img
            src={image.src}
            alt={image.alt ?? ''}
            className="lightbox-image max-h-[calc(100dvh-8rem)] max-w-[calc(100vw-2rem)] rounded-lg object-contain shadow-2xl sm:max-w-[calc(100vw-8rem)]"
          />
          {many ? (
            <>
              <IconButton
                label={label.previousImage}
                tooltip={false}
                className={cn(
                  'lightbox-previous absolute top-1/2 left-3 -translate-y-1/2',
                  CONTROL,
                )}
                onClick={() => go(-1)}
              >
                <ChevronLeft aria-hidden="true" />
              </IconButton>
              <IconButton
                label={label.nextImage}
                tooltip={false}
                className={cn('lightbox-next absolute top-1/2 right-3 -translate-y-1/2', CONTROL)}
                onClick={() => go(1)}
              >
                <ChevronRight aria-hidden="true" />
              </IconButton>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
