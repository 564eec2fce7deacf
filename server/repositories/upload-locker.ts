// tus serialises the requests on one upload (HEAD, PATCH) with a lock. Its own MemoryLocker
// holds locks in one process; with several API instances behind one proxy, a PATCH on one
// instance and a resumed PATCH on another must still never write one upload at once. This
// locker takes a PostgreSQL advisory lock on the upload, held on a connection of its own for
// as long as the request holds the lock: a process that dies drops its locks with its
// connections.

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';
import { ADVISORY_LOCK_NAMESPACES } from '../db/advisory-locks';

/** The first key of every upload lock (pg_advisory_lock(int, int)): no other lock uses it. */
const UPLOAD_LOCK_CLASS = ADVISORY_LOCK_NAMESPACES.uploads;

/** The second key: 32 bits of the upload id's SHA-256 (a collision only makes two uploads wait). */
export function uploadLockKey(id: string): number {
  return createHash('sha256').update(id).digest().readInt32BE(0);
}

export interface PostgresLockerOptions {
  url: string;
  /** How long a request waits for the lock before tus answers it failed (500), as MemoryLocker. */
  acquireTimeoutMs?: number;
  /** How often a waiting request asks again. */
  pollMs?: number;
  /**
   * Locks held at once by this process, each on its own connection: a pool of their own, so
   * held locks never take the connections every other query needs.
   */
  maxLocks?: number;
  /** How long a request waits for one of those connections before it is answered busy (503). */
  connectTimeoutMs?: number;
}

/**
 * What tus answers a request that found no lock connection free in time: 503, which the app's
 * uploader takes as "try again shortly", resuming from the offset the server holds.
 */
export const LOCKS_BUSY = {
  status_code: 503,
  body: 'The server is busy with other uploads: this one resumes in a moment.\n',
};

export class PostgresLocker implements Locker {
  private readonly pool: pg.Pool;
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;
  /** Locks this process holds, so that a request here can ask the holder here to let go. */
  readonly heldHere = new Map<string, RequestRelease>();

  constructor(options: PostgresLockerOptions) {
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxLocks ?? 8,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    // A lost idle connection must not crash the process; a held lock's loss ends its request.
    this.pool.on('error', () => {});
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.pollMs = options.pollMs ?? 50;
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    // Every connection taken (or the database unreachable): answered busy in bounded time, never
    // left waiting for a connection that slow requests elsewhere may hold for minutes.
    const client = await this.locker.connect().catch(() => {
      throw LOCKS_BUSY;
    });
    const key = uploadLockKey(this.id);
    try {
      for (let asked = false; ;) {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS locked',
          [UPLOAD_LOCK_CLASS, key],
        );
        if (rows[0]?.locked) break;
        // As MemoryLocker does: the request holding the lock in this process is asked to end
        // (a client that resumes has given up on its earlier request). A holder on another
        // instance finishes its request or loses its connection.
        const holder = this.locker.heldHere.get(this.id);
        if (holder && !asked) {
          asked = true;
          await holder();
        }
        if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await sleep(this.locker.pollMs);
      }
    } catch (error) {
      client.release();
      throw error;
    }
    this.client = client;
    this.locker.heldHere.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    this.locker.heldHere.delete(this.id);
    try {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [
        UPLOAD_LOCK_CLASS,
        uploadLockKey(this.id),
      ]);
      client.release();
    } catch (error) {
      // A connection that failed may still hold the lock: it is closed, not pooled again.
      client.release(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
