import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { JobKind, JobPayloads } from './kinds.js';

export interface NewJob<K extends JobKind> {
  kind: K;
  payload: JobPayloads[K];
  runAt: Date;
  /** At most one job per key, ever: a second enqueue with the same key does nothing. */
  key?: string;
  maxAttempts?: number;
}

/**
 * Adds a job. Call it with the open database transaction of the state change that causes it, so the
 * job exists exactly when that change committed (a transactional outbox: nothing is lost on a crash).
 */
export async function enqueueJob<K extends JobKind>(db: DbOrTx, job: NewJob<K>): Promise<void> {
  await enqueueJobsQuery(db, [job as AnyNewJob]);
}

/** Any job, whatever its kind (for a list of several kinds). */
export type AnyNewJob = { [K in JobKind]: NewJob<K> }[JobKind];

function jobRow(job: AnyNewJob): typeof jobs.$inferInsert {
  return {
    kind: job.kind,
    payload: job.payload as Record<string, unknown>,
    runAt: job.runAt,
    key: job.key ?? null,
    ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
  };
}

/**
 * Several jobs in one INSERT (one statement, keys still at most once), not yet run: await it, or pass it
 * to `tx.$with(...).as(...)` so the jobs are written by the same statement as the change that causes them.
 */
export function enqueueJobsQuery(db: DbOrTx, list: readonly AnyNewJob[]) {
  return db.insert(jobs).values(list.map(jobRow)).onConflictDoNothing({ target: jobs.key });
}

/**
 * The same INSERT for a prepared statement: each value a placeholder (`job<i><Column>`), with the values
 * to fill them in, and its shape (the columns each row gives), which its text depends on.
 */
export function enqueueJobsPlaceholders(db: DbOrTx, list: readonly AnyNewJob[]) {
  const params: Record<string, unknown> = {};
  const rows = list.map(jobRow).map((row, i) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        params[`job${i}${column}`] = value;
        return [column, sql.placeholder(`job${i}${column}`)];
      }),
    ),
  );
  const query = db
    .insert(jobs)
    .values(rows as unknown as (typeof jobs.$inferInsert)[])
    .onConflictDoNothing({ target: jobs.key });
  return { query, params, shape: rows.map((row) => Object.keys(row).join(',')).join(';') };
}

/**
 * Completes a claimed job from inside its handler, in the database transaction of the job's effects, so
 * both commit or neither does; the handler then resolves with 'finished' (scheduler.ts). False when the
 * job is done already (a second worker after a lost lease): the handler then writes nothing. A second
 * worker that races the first waits for its row lock here and then finds it done.
 */
export async function completeJob(tx: Tx, jobId: string, now: Date): Promise<boolean> {
  const done = await tx
    .update(jobs)
    .set({ state: 'done', finishedAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.state, 'queued')))
    .returning({ id: jobs.id });
  return done.length > 0;
}
