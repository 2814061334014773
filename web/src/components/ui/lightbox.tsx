import { lazy, Suspense } from 'react';

/** One picture the lightbox can show. */
export interface LightboxImage {
  src: string;
  alt?: string | undefined;
  /** Saves the image (a Download button shows when given). */
  download?: (() => void) | undefined;
}

export interface LightboxProps {
  images: LightboxImage[];
  /** The image shown, or undefined when the lightbox is closed. */
  index: number | undefined;
  /** Called with the new index (arrows) or undefined (Escape, ×, a click outside). */
  onIndexChange: (index: number | undefined) => void;
}

/** The index `delta` steps from `index` among `total` images, wrapping at both ends. */
export function stepIndex(index: number, delta: number, total: number): number {
  return total > 0 ? (((index + delta) % total) + total) % total : 0;
}

// The dialog is a chunk of its own, fetched the first time an image is opened.
const LightboxDialog = lazy(() =>
  import('./lightbox-dialog.js').then((module) => ({ default: module.LightboxDialog })),
);

/**
 * Images full size over the page: Escape closes, ← and → move between them. Renders nothing
 * while closed.
 */
export function Lightbox(props: LightboxProps) {
  if (props.index === undefined || !props.images[props.index]) return null;
  return (
    <Suspense fallback={null}>
      <LightboxDialog {...props} index={props.index} />
    </Suspense>
  );
}
