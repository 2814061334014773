import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Test provider plugins (echo, and broken ones). */
export const PLUGINS = join(ROOT, 'test', 'fixtures', 'plugins');
/** A providers folder with no providers, to start a gateway with only the plugins a test names. */
export const NO_PROVIDERS = join(ROOT, 'test', 'fixtures', 'no-providers');
