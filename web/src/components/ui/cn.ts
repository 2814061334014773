/**
 * Join class names, skipping false, null and undefined. No conflict resolution: a primitive's
 * `className` is appended, so pass layout (width, margin) there and colours through `variant`.
 */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
