import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { ADVISORY_LOCKS } from './advisory-locks';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL for libraries that bring their own queries (pg-boss), on the same database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  /**
   * Runs fn while no other process starting on this database runs its own: for installs that
   * race, such as pg-boss creating its schema and queues when several processes start at once.
   */
  oneAtATime<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Serialise migrations, then the queue's install, when several processes (API instances,
// workers) start on one PostgreSQL at once.
const MIGRATION_LOCK_ID = ADVISORY_LOCKS.migrations;
const START_LOCK_ID = ADVISORY_LOCKS.start;

/** Opens the configured database: PGlite files in DATA_DIR/db, or PostgreSQL via DATABASE_URL. */
export async function openDatabase(config: Config['database']): Promise<Database> {
  return config.kind === 'pglite' ? openPglite(config.dir) : openPostgres(config.url);
}

async function openPglite(dir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  const releaseLock = await lockDataDir(dir);
  const client = await PGlite.create(dir).catch(async (error: unknown) => {
    await releaseLock();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db,
    sql: {
      async executeSql(text, values) {
        if (values && values.length > 0) {
          return client.query(
            text,
            values.map((value) => (value === undefined ? null : value)),
          );
        }
        // exec runs several statements and answers one result each: pg-boss expects their rows.
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process per PGlite folder: nobody to wait for.
    oneAtATime: (fn) => fn(),
    async close() {
      await client.close();
      await releaseLock();
    },
  };
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt
 * them. A lock file with our pid keeps a second `npm start` on the same DATA_DIR out.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dir, 'waveframe.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(
          `Another Waveframe process (pid ${owner}) is using the database in ${dir}: stop it, or give this one its own DATA_DIR.`,
        );
      }
      // The owner died without cleaning up: the lock is stale.
      await rm(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * How long a query waits for a connection (a new one to open, or one of the pool to free up)
 * before it fails: an unreachable database or a pool held by something stuck answers a 5xx in
 * seconds instead of hanging every request behind it.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    sql: { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) },
    migrate: () =>
      withSessionLock(pool, MIGRATION_LOCK_ID, (client) =>
        migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder }),
      ),
    oneAtATime: (fn) => withSessionLock(pool, START_LOCK_ID, fn),
    close: () => pool.end(),
  };
}

/** Runs fn holding a PostgreSQL advisory lock on a connection of its own. */
async function withSessionLock<T>(
  pool: pg.Pool,
  lockId: number,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
    return await fn(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
    client.release();
  }
}

/** A cheap round trip for health checks. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
