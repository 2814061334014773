import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn.js';
import { Tooltip } from './tooltip.js';

/** How a button looks: `primary` for the one main action of a view, `ghost` in toolbars. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/85',
  secondary: 'bg-surface-muted text-foreground hover:bg-selected',
  outline: 'border border-border bg-surface text-foreground shadow-xs hover:bg-hover',
  ghost: 'text-foreground hover:bg-hover',
  danger: 'bg-danger text-primary-foreground shadow-xs hover:bg-danger/85 dark:text-background',
  link: 'text-accent underline-offset-4 hover:underline',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-9 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-xl px-5 text-base',
};

const ICON_SIZES: Record<ButtonSize, string> = {
  sm: 'size-8 rounded-lg',
  md: 'size-9 rounded-lg',
  lg: 'size-11 rounded-xl',
};

const BASE =
  'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors select-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0';

/** The classes of a button, for elements that look like one (a router `Link`). */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; icon?: boolean } = {},
): string {
  const { variant = 'secondary', size = 'md', icon = false } = options;
  return cn(
    BASE,
    VARIANTS[variant],
    variant === 'link' ? 'h-auto p-0' : icon ? ICON_SIZES[size] : SIZES[size],
    size === 'lg' ? '[&_svg]:size-5' : '[&_svg]:size-4',
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the one child (e.g. a `Link`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button: `variant` primary/secondary/outline/ghost/danger/link, `size` sm/md/lg; `type="button"` by default. */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(buttonClasses({ variant, size }), className);
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label' | 'children' | 'asChild'> {
  /** What the button does: its accessible name and its tooltip. Required: an icon says nothing to a screen reader. */
  label: string;
  /** The icon (a lucide component), hidden from assistive technology. */
  children: ReactNode;
  /** Show `label` in a tooltip on hover and focus (default true). */
  tooltip?: boolean;
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
}

/** A square button showing only an icon; `label` names it for screen readers and in its tooltip. */
export function IconButton({
  label,
  children,
  tooltip = true,
  tooltipSide,
  variant = 'ghost',
  size = 'md',
  className,
  type,
  ...props
}: IconButtonProps) {
  const button = (
    <button
      type={type ?? 'button'}
      aria-label={label}
      className={cn(buttonClasses({ variant, size, icon: true }), className)}
      {...props}
    >
      {children}
    </button>
  );
  return tooltip ? (
    <Tooltip content={label} side={tooltipSide}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
