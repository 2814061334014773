import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { $labels } from '../../app/locale.js';
import { Button } from './button.js';
import { cn } from './cn.js';

/** The dialog's state holder: `open`/`onOpenChange` (controlled) or `defaultOpen`. */
export const Dialog = DialogPrimitive.Root;
/** Opens the dialog; use `asChild` around a `Button`. Focus returns to it on close. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Closes the dialog; use `asChild` around a `Button`. */
export const DialogClose = DialogPrimitive.Close;

const OVERLAY = 'fixed inset-0 z-40 bg-overlay animate-fade-in';

function CloseButton({ className }: { className?: string }) {
  const label = useStore($labels);
  return (
    <DialogPrimitive.Close
      aria-label={label.close}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-hover hover:text-foreground',
        className,
      )}
    >
      <X aria-hidden="true" className="size-4" />
    </DialogPrimitive.Close>
  );
}

type ContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  /** The dialog's heading, also its accessible name. */
  title: ReactNode;
  /** A sentence under the title, also its accessible description. */
  description?: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  /** Show the × button in the corner (default true). */
  closeButton?: boolean;
};

/**
 * A centred modal panel with an overlay: focus is trapped inside, Escape and the overlay close it.
 * Children go under the title; put actions in `DialogFooter`.
 */
export function DialogContent({
  title,
  description,
  hideTitle = false,
  closeButton = true,
  className,
  children,
  ...props
}: ContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 animate-pop-in flex-col gap-4 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-foreground shadow-xl focus-visible:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className={cn('flex flex-col gap-1.5 pr-8', hideTitle && 'sr-only')}>
          <DialogPrimitive.Title className="text-lg leading-tight font-semibold">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {closeButton ? <CloseButton className="absolute top-4 right-4" /> : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at the bottom of a dialog, the main one last (rightmost). */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}

/**
 * A panel sliding in from the left edge over an overlay (the mobile sidebar), a modal dialog
 * underneath: focus trapped, Escape and the overlay close it, focus returns to the trigger.
 */
export function DrawerContent({
  title,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & { title: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] animate-slide-in-left flex-col border-r border-border bg-sidebar text-foreground shadow-xl focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border px-3">
          <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          <CloseButton />
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Ask before doing something that cannot be taken back: a modal with Cancel and a confirm
 * button (red for `tone="danger"`, the default). `onConfirm` runs, then the dialog closes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** Default: the translated "Cancel". */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
}) {
  const label = useStore($labels);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        title={title}
        description={description}
        closeButton={false}
        className="max-w-md"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel ?? label.cancel}</Button>
          </DialogClose>
          <Button
            variant={tone}
            onClick={() => {
              onConfirm();
              onOpenChange(false);
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
