import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import type { BrowserRuntimes } from '../stores/fetch-on-client.js';

/**
 * Every provider that opts in to running in the page, found at build time: a browser-safe
 * `providers/<id>/browser.ts` exporting its `definition` (no Fastify). Each is its own lazy chunk
 * (with its wire and SDK), loaded only when a call of that provider goes from the browser; the
 * folder name is the provider id (STYLE: id, folder and manifest agree). No provider is named here.
 */
const entries = import.meta.glob<{ definition: ProviderDefinition }>(
  '../../../../../providers/*/browser.ts',
);

const byId = new Map(
  Object.entries(entries).map(([path, load]) => [
    /\/providers\/([^/]+)\/browser\.ts$/.exec(path)?.[1] ?? '',
    load,
  ]),
);
byId.delete('');

/** The providers of this bundle that can run in the page, and the loader of their definitions. */
export const browserRuntimes: BrowserRuntimes = {
  ids: new Set(byId.keys()),
  async load(id) {
    const definition = (await byId.get(id)?.())?.definition;
    // a folder whose manifest names another id is not this provider
    return definition?.manifest.id === id ? definition : undefined;
  },
};
