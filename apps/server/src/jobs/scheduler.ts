import { randomUUID } from 'node:crypto';
import { DrizzleQueryError, and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { DAY, HOUR, MINUTE, SECOND } from '../lib/clock.js';
import type { JobKind, JobPayloads } from './kinds.js';

export interface JobContext {
  /** The clock's time when the job was claimed. */
  now: Date;
  attempt: number;
  jobId: string;
}

/**
 * Resolves with 'finished' when the handler completed its job row itself, in the statement of its effects
 * (state done, lease and error cleared, as `finish` does): the worker then writes nothing more for it.
 */
export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], ctx: JobContext) => Promise<void | 'finished'>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** How long a claimed job belongs to its worker; after that a crashed worker's job is taken again. */
  leaseMs?: number;
  /** Jobs claimed per round. */
  batchSize?: number;
  /** Time between polls when running in the background. */
  pollMs?: number;
  /** How long a done job's row is kept (for looking back) before the worker deletes it. */
  keepDoneMs?: number;
}

/** How often a background worker deletes old done jobs. */
const PRUNE_EVERY_MS = HOUR;

interface ClaimedJob {
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Wait before retry n (1, 2, 3...): 30 s, 1 min, 2 min... capped at one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30 * SECOND * 2 ** (attempt - 1), 60 * MINUTE);
}

/**
 * The job worker: claims due jobs with row locks and a lease, runs their handlers, and records the
 * outcome. Several instances (or processes) may run it against one database; each job runs once.
 * Handlers must be safe to run again after a crash between their effect and the job's completion: the
 * ones that move money lock their transaction row and check its state first.
 */
export function createScheduler({
  db,
  clock,
  log,
  leaseMs = 5 * MINUTE,
  batchSize = 20,
  pollMs = SECOND,
  keepDoneMs = 30 * DAY,
}: SchedulerOptions) {
  const workerId = randomUUID();
  const handlers: JobHandlers = {};
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let polling = false;
  let stopped = false;
  let prunedAt = 0;

  // The worker's statements run for every poll and every job: built and prepared once.
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.state, 'queued'),
        lte(jobs.runAt, sql.placeholder('now')),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql.placeholder('now'))),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimDue = db
    .update(jobs)
    .set({
      lockedUntil: sql`${sql.placeholder('leaseEnd')}::timestamptz`,
      lockedBy: workerId,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    })
    .prepare('jobs_claim');
  const finishDone = db
    .update(jobs)
    .set({ state: 'done', finishedAt: sql`${sql.placeholder('now')}::timestamptz`, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, sql.placeholder('id')), eq(jobs.lockedBy, workerId)))
    .prepare('jobs_finish');

  /** Takes up to `batchSize` due jobs for this worker, oldest due first, skipping rows others hold. */
  async function claim(now: Date): Promise<ClaimedJob[]> {
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const claimed = await claimDue.execute({ leaseEnd: leaseEnd.toISOString(), now: now.toISOString() });
    return claimed as ClaimedJob[];
  }

  async function finish(job: ClaimedJob, now: Date, error?: unknown) {
    if (!error) {
      await finishDone.execute({ now: now.toISOString(), id: job.id });
      return;
    }
    const message = errorText(error);
    const gaveUp = job.attempts >= job.maxAttempts;
    log?.[gaveUp ? 'error' : 'warn'](
      { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
      'job failed',
    );
    const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
    await db.execute(sql`
      UPDATE jobs SET locked_until = NULL, last_error = ${message.slice(0, 2000)},
        state = ${gaveUp ? 'failed' : 'queued'}, run_at = ${retryAt.toISOString()},
        finished_at = ${gaveUp ? now.toISOString() : null}
      WHERE id = ${job.id} AND locked_by = ${workerId}`);
  }

  async function runJob(job: ClaimedJob, now: Date) {
    const handler = handlers[job.kind] as JobHandler<JobKind> | undefined;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job.payload as never, { now, attempt: job.attempts, jobId: job.id });
      if (outcome !== 'finished') await finish(job, clock.now());
    } catch (error) {
      await finish(job, clock.now(), error);
    }
  }

  /**
   * Runs jobs due at the clock's time until none is left (including jobs the handlers enqueue for now,
   * such as the emails of a notification); resolves with how many ran.
   */
  async function runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = clock.now();
      const claimed = await claim(now);
      for (const job of claimed) await runJob(job, now);
      total += claimed.length;
      if (claimed.length === 0 || stopped) return total;
    }
  }

  /**
   * Deletes done jobs finished more than `keepDoneMs` ago, so the table holds recent work only. Safe for
   * keyed jobs: every key belongs to a one-way step (a transaction's state change, a notify job's id, a
   * withdrawal), which never enqueues the same key again. Failed jobs stay for someone to look at.
   * Several instances may prune at once: deleting is idempotent and skips rows another holds.
   */
  async function prune(now: Date): Promise<number> {
    const before = new Date(now.getTime() - keepDoneMs).toISOString();
    const deleted = await rowsOf(
      db,
      sql`
      DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs WHERE state = 'done' AND finished_at <= ${before} FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    );
    prunedAt = now.getTime();
    return deleted.length;
  }

  /** One round at a time per worker: a poll that finds a round under way waits for it. */
  function tick(): Promise<number> {
    running ??= runDue().finally(() => (running = undefined));
    return running;
  }

  function schedule(delay: number) {
    if (!polling || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      tick()
        .then(() => {
          const now = clock.now();
          if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) return prune(now);
        })
        .catch((error) => log?.error({ err: error }, 'job poll failed'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    register<K extends JobKind>(kind: K, handler: JobHandler<K>) {
      (handlers as Record<string, unknown>)[kind] = handler;
    },
    registerAll(all: JobHandlers) {
      Object.assign(handlers, all);
    },
    /** Runs the due jobs now (tests, the development clock); waits for a round already under way. */
    async runDue(): Promise<number> {
      if (running) await running.catch(() => undefined);
      return tick();
    },
    /** Deletes old done jobs now (a background worker does it hourly); resolves with how many. */
    prune: (now: Date = clock.now()) => prune(now),
    /** Claims without running: a worker that dies mid-job (tests of crash recovery). */
    claimOnly: (now: Date = clock.now()) => claim(now),
    /** Polls in the background until stopped. */
    start() {
      polling = true;
      stopped = false;
      schedule(0);
    },
    /** Asks a background worker to poll soon (after a request enqueued something). */
    kick() {
      schedule(20);
    },
    async stop() {
      stopped = true;
      polling = false;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * A failed job's last_error: the database's own message first when a query failed (drizzle's message is the
 * query text and its parameters, which a long statement pushes past the 2,000 characters kept).
 */
function errorText(error: unknown): string {
  if (error instanceof DrizzleQueryError && error.cause instanceof Error)
    return `${error.cause.message}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
