import { useStore } from '@nanostores/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { $labels } from '../../app/locale.js';
import { copyText } from '../../lib/clipboard.js';
import { showToast } from '../../lib/toasts.js';
import { IconButton, type IconButtonProps } from './button.js';
import { cn } from './cn.js';

/**
 * An icon button that copies `text` (or what `text()` returns when pressed) and shows a check for
 * two seconds; a refused copy says so in a toast.
 */
export function CopyButton({
  text,
  label,
  className,
  size = 'sm',
  ...props
}: Omit<IconButtonProps, 'children' | 'onClick' | 'label'> & {
  text: string | (() => string);
  /** What is copied ("Copy code"); the default is "Copy". */
  label?: string;
}) {
  const labels = useStore($labels);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <IconButton
      label={copied ? labels.copied : (label ?? labels.copy)}
      size={size}
      data-copied={copied || undefined}
      className={cn('copy-button text-muted-foreground hover:text-foreground', className)}
      onClick={async () => {
        const ok = await copyText(typeof text === 'function' ? text() : text);
        if (!ok) {
          showToast({ title: labels.copyFailed, tone: 'danger' });
          return;
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 2000);
      }}
      {...props}
    >
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
    </IconButton>
  );
}
