import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

/** A key or shortcut as printed on a keyboard (`<Kbd>Ctrl</Kbd> <Kbd>K</Kbd>`). */
export function Kbd({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <kbd
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded border border-border bg-surface-muted px-1 font-mono text-[11px] font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}
