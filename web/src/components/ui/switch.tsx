import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn.js';
import { Input } from './input.js';

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

/** A row with a switch and its text: the whole row toggles. */
export function SwitchRow({
  children,
  ...props
}: Parameters<typeof Switch>[0] & { children: ReactNode }) {
  return (
    <label className="flex min-h-9 items-center justify-between gap-3 text-sm">
      <span>{children}</span>
      <Switch {...props} />
    </label>
  );
}

/**
 * A number that is used only when switched on: its label, the number field (disabled while off)
 * and the switch. A typed value that is not a finite number is not taken.
 */
export function ToggledNumberRow({
  id,
  name,
  title,
  switchLabel = title,
  enabled,
  onEnabled,
  value,
  onValue,
  min,
  max,
  step,
  className,
  inputClassName = 'h-8 w-24',
}: {
  /** The number field's id (its label points at it). */
  id: string;
  /** The number field's name; the switch is `<name>Enabled`. */
  name: string;
  title: string;
  /** The switch's accessible name (default: the title). */
  switchLabel?: string;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  value: number;
  onValue: (value: number) => void;
  min?: number;
  max?: number;
  step: number;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-3 text-sm', className)}>
      <label htmlFor={id} className={enabled ? '' : 'text-muted-foreground'}>
        {title}
      </label>
      <span className="flex items-center gap-3">
        <Input
          id={id}
          type="number"
          name={name}
          min={min}
          max={max}
          step={step}
          className={inputClassName}
          disabled={!enabled}
          value={value}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n)) onValue(n);
          }}
        />
        <Switch
          name={`${name}Enabled`}
          aria-label={switchLabel}
          checked={enabled}
          onChange={(e) => onEnabled(e.target.checked)}
        />
      </span>
    </div>
  );
}
