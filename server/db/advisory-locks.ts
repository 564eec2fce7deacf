// Every PostgreSQL advisory lock the product takes, in one place. Advisory locks share one key
// space per database: two features that picked the same number would block each other (or,
// worse, one would think it held a lock the other holds). A new lock gets its number here, and
// tests/unit/server/advisory-locks.test.ts checks that no two are the same.
//
// pg-boss takes its own (pg_advisory_xact_lock on a 64-bit hash of its schema's name); ours are
// small numbers, far from any such hash.

/** Locks taken with one key, pg_advisory_lock(key): one lock per feature. */
export const ADVISORY_LOCKS = {
  /** Serialises migrations when several processes start on one database (database.ts). */
  migrations: 727_274_001,
  /** Then the queue's install and the rest of a start, one process at a time (database.ts). */
  start: 727_274_002,
} as const;

/**
 * The first key of locks taken with two, pg_advisory_lock(namespace, key): one namespace per
 * feature, the second key naming the thing locked (a user, an upload).
 */
export const ADVISORY_LOCK_NAMESPACES = {
  /** Per user: one admission of renders at a time (render-slots.repository.ts). */
  renderSlots: 727_274_003,
  /** Per upload: one tus request writes an upload at a time (upload-locker.ts). */
  uploads: 727_274_004,
} as const;
