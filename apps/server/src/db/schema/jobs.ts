import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { users } from './users.ts';

/**
 * Long work as jobs (issue 14; services/jobs). One row per job, created in the same transaction as the request that
 * asks for it, and the record the user sees: its state, stage and percentage while it runs, its result or the reason
 * it failed. The row is the source of truth for a job's tries; the queue that hands it to a worker (pg-boss on
 * PostgreSQL, the process itself on PGlite) only delivers its id. `state`: queued, running, completed, failed
 * (contracts JOB_STATES). A running job's worker writes `heartbeat_at` every few seconds: a job whose heartbeat has
 * stopped was left by a killed worker and is handed to another (services/jobs/job-queue.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'cascade' }),
    /** contracts JOB_KINDS. */
    kind: text('kind').notNull(),
    /** What the job is asked to do (an export's format), as its handler reads it. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('queued'),
    /** What it is doing now, for the user; null while queued. */
    stage: text('stage'),
    /** 0-100. */
    percent: integer('percent').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Why it failed, for the user (null unless failed); `error_code` is the AppError code the request answers with. */
    error: text('error'),
    errorCode: text('error_code'),
    /** The last unexpected error of a try, for operators (never shown to users). */
    lastFailure: text('last_failure'),
    /** What a completed job made (an export's id), as its handler returned it. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The worker running it (`<host>:<pid>:<n>`), and when that worker last said it still is. */
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** A queued job is not taken before this (the back-off between tries). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_book_id_created_at_idx').on(t.bookId, t.createdAt),
    // A user's imports (GET /api/import-jobs), newest first.
    index('jobs_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('jobs_state_run_after_idx').on(t.state, t.runAfter),
  ],
);

/** A row of `jobs`. */
export type JobRow = typeof jobs.$inferSelect;
