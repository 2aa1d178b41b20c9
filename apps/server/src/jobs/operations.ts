import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/** What an operator's action needs to know of a job, read under its row lock. */
export interface LockedJob {
  id: string;
  kind: string;
  state: (typeof jobs.$inferSelect)['state'];
  attempts: number;
  lastError: string | null;
  lockedUntil: Date | null;
}

/** The job, its row locked until the caller's transaction ends (a worker's claim skips it meanwhile). */
export async function lockJob(tx: Tx, id: string): Promise<LockedJob | null> {
  const [row] = await tx
    .select({
      id: jobs.id,
      kind: jobs.kind,
      state: jobs.state,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      lockedUntil: jobs.lockedUntil,
    })
    .from(jobs)
    .where(eq(jobs.id, id))
    .for('update');
  return row ?? null;
}

/** Only a job that gave up is retried: one still queued retries by itself. */
export const canRetry = (job: LockedJob) => job.state === 'failed';

/**
 * A failed job, or a queued one no worker holds. A running job is not cancelled under its worker: the
 * handler would go on and its effect commit anyway.
 */
export const canCancel = (job: LockedJob, now: Date) =>
  job.state === 'failed' || (job.state === 'queued' && !(job.lockedUntil && job.lockedUntil > now));

/** Failed → queued, due now, with all its attempts again (the last error stays until it runs). */
export async function requeueJob(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ state: 'queued', runAt: now, attempts: 0, finishedAt: null, lockedUntil: null, lockedBy: null })
    .where(eq(jobs.id, id));
}

/** Set aside for good: it never runs, and is deleted with the done jobs after a while. */
export async function cancelJob(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ state: 'cancelled', finishedAt: now, lockedUntil: null, lockedBy: null })
    .where(eq(jobs.id, id));
}
