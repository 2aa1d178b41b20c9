import { and, eq } from 'drizzle-orm';
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

/**
 * The same INSERT as SQL text for a statement built once per shape (db/statements.ts): `jobsShape(list)`
 * names the shape, `jobsInsertText(list, first)` its text with parameters from `$first` on, and
 * `jobsInsertValues(list)` the values in that order. Keys still at most once (ON CONFLICT DO NOTHING).
 */
export function jobsShape(list: readonly AnyNewJob[]): string {
  return list.map((job) => (job.maxAttempts ? 'm' : 'j')).join('');
}

export function jobsInsertText(list: readonly AnyNewJob[], first: number): string {
  let n = first;
  const rows = list.map((job) => {
    const row = `($${n}, $${n + 1}::jsonb, $${n + 2}::timestamptz, $${n + 3}, ${job.maxAttempts ? `$${n + 4}::integer` : 'DEFAULT'})`;
    n += job.maxAttempts ? 5 : 4;
    return row;
  });
  return `insert into jobs (kind, payload, run_at, key, max_attempts) values ${rows.join(', ')} on conflict (key) do nothing`;
}

export function jobsInsertValues(list: readonly AnyNewJob[]): unknown[] {
  const values: unknown[] = [];
  for (const job of list) {
    values.push(job.kind, JSON.stringify(job.payload), job.runAt.toISOString(), job.key ?? null);
    if (job.maxAttempts) values.push(job.maxAttempts);
  }
  return values;
}

/**
 * The jobs' INSERT for a statement that writes them only when `condition` (SQL) holds, e.g. when a
 * guarded UPDATE in the same statement changed a row: `INSERT … SELECT … WHERE condition`. Parameters
 * from `$first` on, values from `jobsInsertValues`; jobs with their own maxAttempts are not supported here.
 */
export function jobsInsertWhereText(list: readonly AnyNewJob[], first: number, condition: string): string {
  if (list.some((job) => job.maxAttempts)) throw new Error('jobsInsertWhereText: maxAttempts is not supported');
  const rows = list.map((_, i) => {
    const n = first + i * 4;
    return `($${n}, $${n + 1}::jsonb, $${n + 2}::timestamptz, $${n + 3})`;
  });
  return `insert into jobs (kind, payload, run_at, key)
    select kind, payload, run_at, key from (values ${rows.join(', ')}) j (kind, payload, run_at, key)
    where ${condition} on conflict (key) do nothing`;
}
