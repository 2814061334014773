import { ChevronDown } from 'lucide-react';
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn.js';

/** The look of every text field: border, background, placeholder, focus ring, disabled. */
export const FIELD_CLASSES =
  'w-full min-w-0 rounded-lg border border-input bg-surface text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring/30 disabled:cursor-not-allowed disabled:opacity-50';

/** A one-line text field (`h-9`); any `<input>` type but checkbox (see `Switch`). */
export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(FIELD_CLASSES, 'h-9 px-3', className)} {...props} />;
}

/** A multi-line text field; `autoGrow` grows it with its text (CSS `field-sizing`, up to `max-h`). */
export function Textarea({
  className,
  autoGrow = false,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  autoGrow?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <textarea
      ref={ref}
      className={cn(
        FIELD_CLASSES,
        'px-3 py-2 leading-6',
        autoGrow ? 'field-sizing-content resize-none' : 'resize-y',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A native `<select>` with the field look and a chevron: keyboard, touch and form behaviour of
 * the platform. `className` sizes the wrapper (e.g. `w-56`); the select fills it.
 */
export function Select({
  className,
  selectClassName,
  children,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  selectClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  return (
    <span className={cn('relative inline-flex min-w-0', className)}>
      <select
        ref={ref}
        className={cn(
          FIELD_CLASSES,
          'h-9 cursor-pointer appearance-none truncate pr-8 pl-3',
          selectClassName,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  );
}

/** A labelled control: the label text above, the control, then an optional hint or error. */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <span className="text-sm font-medium text-foreground">{label}</span>
      {children}
      {error ? (
        <span className="text-xs text-danger">{error}</span>
      ) : hint ? (
        <span className="text-xs text-muted-foreground">{hint}</span>
      ) : null}
    </label>
  );
}
