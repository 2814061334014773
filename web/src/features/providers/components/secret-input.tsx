import { useStore } from '@nanostores/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { $labels } from '../../../app/locale.js';
import { cn } from '../../../components/ui/cn.js';
import { Input } from '../../../components/ui/input.js';

/**
 * A secret field (key, access code): a password input with an eye button that shows or hides
 * what was typed. Hidden again whenever the page is reloaded; the button has its own label.
 */
export function SecretInput({
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [shown, setShown] = useState(false);
  const label = useStore($labels);
  return (
    <span className={cn('relative flex min-w-0', className)}>
      <Input {...props} type={shown ? 'text' : 'password'} className="pr-10" />
      <button
        type="button"
        name="toggleSecret"
        aria-label={shown ? label.hideSecret : label.showSecret}
        aria-pressed={shown}
        className="absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-hover hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring/40"
        onClick={() => setShown(!shown)}
      >
        {shown ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </span>
  );
}
