/**
 * The logo files of `@lobehub/icons-static-svg` (MIT), by file name without `.svg`: each an asset
 * URL, fetched by the browser only when a logo is shown. This module is its own chunk, imported on
 * demand by `../stores/logos.ts`, so the name table is not in the first-load bundle either. The
 * wordmarks (`*-text*`) and brand lock-ups (`*-brand*`) are left out: only square marks are used.
 */
const files = import.meta.glob<string>(
  ['@lobe-icons/icons/*.svg', '!@lobe-icons/icons/*-text*.svg', '!@lobe-icons/icons/*-brand*.svg'],
  { query: '?no-inline', import: 'default', eager: true },
);

export const LOGO_FILES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(files).flatMap(([path, url]) => {
    const name = /([^/]+)\.svg$/.exec(path)?.[1];
    return name ? [[name, url]] : [];
  }),
);
