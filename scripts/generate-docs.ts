// `npm run docs`: regenerate the README's provider table from the provider definitions.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinDefinitions, providerTable, withProviderTable } from './provider-table.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const definitions = await builtinDefinitions(root);
const path = join(root, 'README.md');
const readme = readFileSync(path, 'utf8');
writeFileSync(path, await withProviderTable(readme, providerTable(definitions), path));
console.log(`README: ${definitions.length} providers`);
