import { twMerge } from 'tailwind-merge';

/**
 * Join class names, skipping false, null and undefined; a later Tailwind utility wins over an
 * earlier one of the same property (`cn('h-9 w-full', 'h-8 w-20')` is `h-8 w-20`), so a
 * primitive's `className` can override its defaults.
 */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return twMerge(parts.filter(Boolean).join(' '));
}
