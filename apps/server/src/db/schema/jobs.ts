import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `failed`: gave up after its last attempt, kept for an operator; `cancelled`: an admin put it aside (never runs). */
export const JOB_STATES = ['queued', 'done', 'failed', 'cancelled'] as const;

/**
 * Timed and background work (auto-release, deadlines, notifications, payouts) as rows with a due time.
 * A worker claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so any number of
 * instances run each job once; a crashed worker's lease runs out and the job is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** At most one job per key, ever (e.g. `auto-release:<transaction>`): enqueueing it again does nothing. */
    key: text('key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // Each lane claims only its kinds (scheduler.ts): by kind, so a backlog of one kind is never read through
    // to find another's due rows.
    index('jobs_due_idx')
      .on(t.kind, t.runAt)
      .where(sql`${t.state} = 'queued'`),
    // JOB_STATES, spelled out: a migration is generated from this text.
    check('jobs_state_check', sql`${t.state} in ('queued', 'done', 'failed', 'cancelled')`),
    // The failed jobs an operator looks at, newest first (the admin dashboard's System tab).
    index('jobs_failed_idx')
      .on(t.finishedAt, t.id)
      .where(sql`${t.state} = 'failed'`),
  ],
);
