import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import {
  builtinDefinitions,
  providerTable,
  withProviderTable,
} from '../../scripts/provider-table.js';

t.test('the README provider table is the one generated from the definitions', async (t) => {
  const path = join(ROOT, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const definitions = await builtinDefinitions(ROOT);
  t.ok(definitions.length >= 13, 'every built-in provider folder has a definition');
  const expected = await withProviderTable(readme, providerTable(definitions), path);
  t.equal(readme, expected, 'run `npm run docs` after changing a provider');
  for (const { manifest, environment } of definitions) {
    t.match(readme, `\`${manifest.id}\``, `${manifest.id} is listed`);
    for (const name of Object.keys(environment ?? {})) t.match(readme, `\`${name}\``, name);
  }
});

t.test(
  'a row lists the common variables and the provider own ones with their meaning',
  async (t) => {
    const table = providerTable([
      {
        manifest: {
          id: 'acme-ai',
          name: 'Acme | AI',
          sdkType: 'openai',
          keyVault: [{ field: 'apiKey', required: true, secret: true, label: 'API Key' }],
          settings: {},
          models: [],
          defaultBaseURL: 'https://api.acme.ai/v1',
        },
        environment: { ACME_AI_REGION: 'where to call' },
        createRuntime: () => ({ chat: async () => (async function* () {})() }),
      },
    ]);
    t.match(
      table,
      '| `acme-ai` | Acme \\| AI | openai | `ACME_AI_API_KEY`, `ACME_AI_PROXY_URL`<br>`ACME_AI_REGION`: where to call | `https://api.acme.ai/v1` | 0 | no |',
    );
  },
);

t.test('every variable the gateway configuration reads is in the README table', async (t) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Providers'));
  const source = readFileSync(join(ROOT, 'core', 'gateway', 'src', 'config.ts'), 'utf8');
  const names = new Set(
    [
      ...source.matchAll(
        /(?:integer\(env, |oneOf\(env, |flag\()'([A-Z][A-Z0-9_]+)'|env\.([A-Z][A-Z0-9_]+)/g,
      ),
    ].map((match) => match[1] ?? match[2]!),
  );
  t.ok(names.has('UPSTREAM_MAX_LINE_BYTES') && names.has('MAX_CONNECTIONS'), 'names were found');
  const firstColumns = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  for (const name of names)
    t.ok(
      firstColumns.some((cell) => cell.includes(`\`${name}\``)),
      name,
    );
});
