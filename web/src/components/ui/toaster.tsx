import * as ToastPrimitive from '@radix-ui/react-toast';
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { $labels } from '../../app/locale.js';
import { $toasts, dismissToast, runToastAction, type Toast } from '../../lib/toasts.js';
import { buttonClasses } from './button.js';
import { cn } from './cn.js';

const TONES: Record<Toast['tone'], string> = {
  neutral: 'border-border',
  success: 'border-success/40',
  danger: 'border-danger-border',
};

/**
 * Renders `$toasts` (see `lib/toasts.ts`: `showToast`, `showUndoToast`) at the bottom of the
 * screen; put it once in the shell. F8 focuses the toasts; each closes on time, × or a swipe.
 */
export function Toaster() {
  const toasts = useStore($toasts);
  const label = useStore($labels);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={label.notifications}>
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          duration={toast.duration}
          type={toast.tone === 'danger' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={cn(
            'pointer-events-auto flex w-full animate-pop-in items-center gap-3 rounded-xl border bg-surface p-3 pl-4 text-foreground shadow-lg data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:hidden',
            TONES[toast.tone],
          )}
          data-tone={toast.tone}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <ToastPrimitive.Title
              className={cn('text-sm font-medium', toast.tone === 'danger' && 'text-danger')}
            >
              {toast.title}
            </ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="text-sm text-muted-foreground">
                {toast.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {toast.action ? (
            <ToastPrimitive.Action
              altText={toast.action.label}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              onClick={(event) => {
                // Radix closes the toast itself; the store runs the action once and removes it.
                event.preventDefault();
                runToastAction(toast.id);
              }}
            >
              {toast.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={label.close}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-hover hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
