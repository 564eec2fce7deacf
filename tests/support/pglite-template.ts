// A fresh PGlite database costs its initdb (about 4 s of CPU) on every new data folder, and the
// API tests start dozens of servers. Like PostgreSQL's CREATE DATABASE … TEMPLATE, the tests make
// one real database with every migration applied, once per machine and schema, and copy its files
// into each new data folder before the server opens it. The server still opens, migrates and uses
// that copy as it would any database of its own (the migrations find nothing left to do); the
// end-to-end server and the template itself start from nothing, so a first start stays tested.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'server/db/migrations');

/** Names the template after everything that shapes its files: the migrations and PGlite itself. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else hash.update(entry.name).update(await readFile(file));
    }
  };
  await walk(migrationsDir);
  hash.update(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

let ready: Promise<string> | undefined;

/** The template's database folder, made on first use (atomically: test processes may race). */
function templateDir(): Promise<string> {
  ready ??= (async () => {
    const dir = path.join(os.tmpdir(), `waveframe-pglite-template-${await templateKey()}`);
    if (existsSync(dir)) return dir;
    const building = await mkdtemp(`${dir}-building-`);
    const database = await openDatabase({ kind: 'pglite', dir: path.join(building, 'db') });
    await database.migrate();
    await database.close();
    await rename(path.join(building, 'db'), dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another process finished first: its template is as good.
      if (!existsSync(dir)) throw error;
    });
    await rm(building, { recursive: true, force: true });
    return dir;
  })();
  return ready;
}

/** Gives a new PGlite database folder a copy of the migrated template, unless it exists already. */
export async function seedPgliteDatabase(dbDir: string): Promise<void> {
  if (existsSync(dbDir)) return;
  await cp(await templateDir(), dbDir, { recursive: true });
}
