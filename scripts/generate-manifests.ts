// `npm run manifests`: write the JSON Schemas of the public contract into manifests/.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_SCHEMAS, jsonSchemaDocument } from '@manifold/core/contract/schemas';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'manifests');
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) if (file.endsWith('.schema.json')) rmSync(join(dir, file));
for (const [name, schema] of Object.entries(CONTRACT_SCHEMAS)) {
  writeFileSync(join(dir, `${name}.schema.json`), jsonSchemaDocument(name, schema));
}
console.log(`wrote ${Object.keys(CONTRACT_SCHEMAS).length} schemas to manifests/`);
