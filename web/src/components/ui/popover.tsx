import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cn } from './cn.js';

/** A non-modal floating panel anchored to its trigger (pickers, filters, small forms). */
export const Popover = PopoverPrimitive.Root;
/** Opens the popover; use `asChild` around a `Button`. */
export const PopoverTrigger = PopoverPrimitive.Trigger;
/** Positions the popover against another element than the trigger. */
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

/** The popover's panel: a card 6 px from the trigger, flipped to stay on screen; Escape closes it. */
export function PopoverContent({
  className,
  align = 'start',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 max-h-(--radix-popover-content-available-height) w-72 max-w-[calc(100vw-1rem)] animate-pop-in overflow-y-auto rounded-xl border border-border bg-surface p-3 text-foreground shadow-lg focus-visible:outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
