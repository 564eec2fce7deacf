import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The Drizzle schema: one source for PGlite and PostgreSQL. Change it, then run
// `npm run db:generate` and commit the new SQL file in server/db/migrations.

/** One row naming this installation: its id survives restarts, boot_count counts starts. */
export const serverInstance = pgTable(
  'server_instance',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    instanceId: uuid('instance_id').notNull().defaultRandom(),
    bootCount: integer('boot_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('server_instance_singleton', sql`${table.singleton}`)],
);

/** Runs of the render pipeline self-test (`npm run selftest`): queue, ffmpeg and storage together. */
export const selfTestRuns = pgTable('self_test_runs', {
  jobId: uuid('job_id').primaryKey(),
  status: text('status', { enum: ['RUNNING', 'COMPLETE', 'FAILED'] }).notNull(),
  attempts: integer('attempts').notNull().default(1),
  outputKey: text('output_key'),
  outputBytes: bigint('output_bytes', { mode: 'number' }),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
