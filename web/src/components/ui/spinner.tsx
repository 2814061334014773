import { LoaderCircle } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

/** A turning circle; with `label` it is announced (`role="status"`), else it is decoration. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A grey placeholder block that pulses while content loads; size it with `className`. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-surface-muted', className)}
      {...props}
    />
  );
}
