/**
 * DATA_DIRs holding a migrated embedded database, fast: creating a PGlite database runs initdb in
 * WebAssembly (seconds, tens of seconds with every test file at once), so the first test file that
 * needs one builds a migrated template under the system temp folder (named by the migrations and
 * the PGlite version, built aside and renamed into place so no one copies half of it), and every
 * test copies it. The migration tests themselves start from an empty folder.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { openDatabase } from '@manifold/gateway/db/database';
import { MIGRATIONS_FOLDER } from '@manifold/gateway/db/migrate';
import { ROOT } from './paths.js';

/** What the template depends on: the migration files and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
      )
      .sort();
  for (const file of files(MIGRATIONS_FOLDER))
    hash.update(file.slice(MIGRATIONS_FOLDER.length)).update(readFileSync(file));
  const pglite = join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update((JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 16);
}

let template: string | undefined;

/** The migrated template for this checkout's migrations (built once per machine). */
async function migratedTemplate(): Promise<string> {
  if (template) return template;
  const path = join(tmpdir(), `manifold-pglite-template-${templateKey()}`);
  if (!existsSync(path)) {
    const building = mkdtempSync(`${path}.building-`);
    const database = await openDatabase({ dataDir: building });
    await database.migrate();
    await database.close();
    try {
      renameSync(building, path);
    } catch {
      // another test file renamed its build into place first
      rmSync(building, { recursive: true, force: true });
    }
  }
  return (template = path);
}

/** A fresh DATA_DIR with a migrated embedded database, removed at the test's teardown. */
export async function migratedDataDir(t: Test): Promise<string> {
  const source = await migratedTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'manifold-data-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  cpSync(source, dataDir, { recursive: true });
  return dataDir;
}
