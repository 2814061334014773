/** The README's Configuration table lists every variable the web-search tool reads, with its defaults. */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { DEFAULT_BASE_URLS } from '@manifold/gateway/tools/web-search/backends';

t.test('every variable the web-search tool reads is in the README table', async (t) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Providers'));
  const source = readFileSync(
    join(ROOT, 'core', 'gateway', 'src', 'tools', 'web-search', 'backends.ts'),
    'utf8',
  );
  const names = new Set(
    [...source.matchAll(/(?:value|httpURL)\(env, '([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!),
  );
  t.ok(names.has('SEARXNG_URL') && names.has('SEARCH_PROVIDERS'), 'names were found');
  t.equal(names.size, 11);
  const firstColumns = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  for (const name of names)
    t.ok(
      firstColumns.some((cell) => cell.includes(`\`${name}\``)),
      name,
    );
  for (const origin of Object.values(DEFAULT_BASE_URLS)) t.match(section, `\`${origin}\``, origin);
});
