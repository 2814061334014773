import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn.js';

/**
 * An on/off switch: a native checkbox with `role="switch"`, drawn as a track and a knob. Being an
 * `<input>`, it keeps form submission, `name`, `checked`/`onChange` and label clicks; give it an
 * `aria-label` or wrap it in a `<label>` with text.
 */
export function Switch({
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={ref}
      type="checkbox"
      role="switch"
      className={cn(
        'relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-input transition-colors checked:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        'before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-surface before:shadow-sm before:transition-transform checked:before:translate-x-4',
        className,
      )}
      {...props}
    />
  );
}
