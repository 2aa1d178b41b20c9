import { randomUUID } from 'node:crypto';
import { DrizzleQueryError, and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { DAY, HOUR, MINUTE, SECOND } from '../lib/clock.js';
import {
  DEFAULT_LANE_CONCURRENCY,
  JOB_LANES,
  LANE_OF_KIND,
  type JobKind,
  type JobLane,
  type JobPayloads,
} from './kinds.js';
import { enqueueJob } from './queue.js';

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
  /**
   * How long a claimed job belongs to its worker; renewed every third of it while the job runs, so only a
   * worker that died loses it, and the job is taken again when it runs out.
   */
  leaseMs?: number;
  /** Jobs run at once per lane; a lane claims only as many as it has free. */
  concurrency?: Partial<Record<JobLane, number>>;
  /** Time between polls when running in the background. */
  pollMs?: number;
  /** How long a done job's row is kept (for looking back) before the worker deletes it. */
  keepDoneMs?: number;
  /** How long `stop()` waits for running jobs before it leaves them to their lease. */
  stopGraceMs?: number;
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
 * An error as an operator reads it, at most 2,000 characters: its message and its causes' (a provider's own
 * words); when a query failed, the database's message first (drizzle's own is the query text and its
 * parameters, which a long statement pushes past what is kept).
 */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  if (error instanceof DrizzleQueryError && error.cause instanceof Error) parts.push(error.cause.message);
  for (let e: unknown = error; e !== undefined && e !== null && parts.length < 4;) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ').slice(0, 2000);
}

/** One lane's jobs: those running now, and the claim under way if any. */
interface Lane {
  name: JobLane;
  concurrency: number;
  running: Map<string, Promise<void>>;
  filling: Promise<number> | undefined;
  /** A fill was asked for while one was claiming: claim again when it is done. */
  again: boolean;
  claim: (args: { now: string; leaseEnd: string; limit: number }) => Promise<ClaimedJob[]>;
}

/**
 * The job worker: claims due jobs with row locks and a lease, runs their handlers, and records the
 * outcome. Several instances (or processes) may run it against one database; each job runs once.
 * Handlers must be safe to run again after a crash between their effect and the job's completion: the
 * ones that move money lock their transaction row and check its state first.
 *
 * Jobs run in lanes (kinds.ts `LANE_OF_KIND`), each claiming only its own kinds, at most `concurrency`
 * at a time: a thousand queued emails never delay an auto-release. On PGlite the lanes share its one
 * connection: a handler's database transaction holds it and the others' statements wait their turn.
 */
export function createScheduler({
  db,
  clock,
  log,
  leaseMs = 5 * MINUTE,
  concurrency = {},
  pollMs = SECOND,
  keepDoneMs = 30 * DAY,
  stopGraceMs = 10 * SECOND,
}: SchedulerOptions) {
  const workerId = randomUUID();
  const handlers: JobHandlers = {};
  let timer: NodeJS.Timeout | undefined;
  let inPoll: Promise<void> | undefined;
  let pollAgain = false;
  let polling = false;
  let stopped = false;
  let prunedAt = 0;
  let pruning: Promise<unknown> | undefined;
  /** Jobs started since this worker was made: runDue answers how many it started. */
  let started = 0;

  // The worker's statements run for every poll and every job: built and prepared once.
  const returning = {
    id: jobs.id,
    kind: jobs.kind,
    payload: jobs.payload,
    attempts: jobs.attempts,
    maxAttempts: jobs.maxAttempts,
  };
  const due = (kinds: readonly JobKind[]) =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'queued'),
          inArray(jobs.kind, [...kinds]),
          lte(jobs.runAt, sql.placeholder('now')),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql.placeholder('now'))),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(sql.placeholder('limit'))
      .for('update', { skipLocked: true });
  const claimDue = (name: string, kinds: readonly JobKind[]) => {
    const statement = db
      .update(jobs)
      .set({
        lockedUntil: sql`${sql.placeholder('leaseEnd')}::timestamptz`,
        lockedBy: workerId,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due(kinds)))
      .returning(returning)
      .prepare(`jobs_claim_${name}`);
    return async (args: { now: string; leaseEnd: string; limit: number }) =>
      (await statement.execute(args)) as ClaimedJob[];
  };
  const finishDone = db
    .update(jobs)
    .set({ state: 'done', finishedAt: sql`${sql.placeholder('now')}::timestamptz`, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, sql.placeholder('id')), eq(jobs.lockedBy, workerId)))
    .prepare('jobs_finish');

  const kindsOf = (lane: JobLane) => (Object.keys(LANE_OF_KIND) as JobKind[]).filter((k) => LANE_OF_KIND[k] === lane);
  const lanes: Lane[] = JOB_LANES.map((name) => ({
    name,
    concurrency: concurrency[name] ?? DEFAULT_LANE_CONCURRENCY[name],
    running: new Map(),
    filling: undefined,
    again: false,
    claim: claimDue(name, kindsOf(name)),
  }));
  const claimAny = claimDue('any', Object.keys(LANE_OF_KIND) as JobKind[]);
  const leaseArgs = (now: Date) => ({
    now: now.toISOString(),
    leaseEnd: new Date(now.getTime() + leaseMs).toISOString(),
  });

  /** Gives claimed jobs that never started back at once (stopping), as if never claimed. */
  async function release(claimed: ClaimedJob[]) {
    if (!claimed.length) return;
    await db
      .update(jobs)
      .set({ lockedUntil: null, lockedBy: null, attempts: sql`${jobs.attempts} - 1` })
      .where(
        and(
          inArray(
            jobs.id,
            claimed.map((j) => j.id),
          ),
          eq(jobs.lockedBy, workerId),
          eq(jobs.state, 'queued'),
        ),
      );
  }

  async function finish(job: ClaimedJob, now: Date, error?: unknown) {
    if (!error) {
      await finishDone.execute({ now: now.toISOString(), id: job.id });
      return;
    }
    const gaveUp = job.attempts >= job.maxAttempts;
    log?.[gaveUp ? 'error' : 'warn'](
      { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
      gaveUp ? 'job failed for good' : 'job failed',
    );
    const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
    await db.transaction(async (tx) => {
      const recorded = await tx
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: errorText(error),
          state: gaveUp ? 'failed' : 'queued',
          runAt: retryAt,
          finishedAt: gaveUp ? now : null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'queued')))
        .returning({ id: jobs.id });
      // Money that did not move is an operator's business at once: every admin hears of it (bell and
      // email), with the failure that commits it. The notify job's payload is the event (kinds.ts).
      if (gaveUp && recorded.length && LANE_OF_KIND[job.kind] === 'money') {
        await enqueueJob(tx, { kind: 'notify', payload: { event: { type: 'job.failed', jobId: job.id } }, runAt: now });
      }
    });
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

  // The lease of every running job is renewed together, every third of it, while any runs.
  let renewTimer: NodeJS.Timeout | undefined;
  let renewing = false;
  const lost = new Set<string>();
  const runningIds = () => lanes.flatMap((l) => [...l.running.keys()]);

  async function renewLeases() {
    const ids = runningIds();
    if (renewing || !ids.length) return;
    renewing = true;
    try {
      const leaseEnd = new Date(clock.now().getTime() + leaseMs);
      // A job its handler completed (state done) keeps its row as it is; it is still ours.
      const kept = await db
        .update(jobs)
        .set({
          lockedUntil: sql`case when ${jobs.state} = 'queued' then ${leaseEnd.toISOString()}::timestamptz else ${jobs.lockedUntil} end`,
        })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      const ours = new Set(kept.map((r) => r.id));
      for (const id of ids) {
        if (ours.has(id) || lost.has(id) || !runningIds().includes(id)) continue;
        lost.add(id);
        log?.warn({ jobId: id }, 'job lease lost while running: another worker may run it too');
      }
    } catch (error) {
      log?.error({ err: error }, 'job lease renewal failed');
    } finally {
      renewing = false;
    }
  }

  function startRenewing() {
    if (renewTimer) return;
    renewTimer = setInterval(() => void renewLeases(), Math.max(1, Math.floor(leaseMs / 3)));
    renewTimer.unref();
  }
  function stopRenewing() {
    clearInterval(renewTimer);
    renewTimer = undefined;
  }

  function start(lane: Lane, job: ClaimedJob, now: Date) {
    started += 1;
    const run = runJob(job, now)
      .catch((error) => log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job outcome not recorded'))
      .finally(() => {
        lane.running.delete(job.id);
        lost.delete(job.id);
        if (!runningIds().length) stopRenewing();
        // In the background a lane takes its next due job as soon as one ends.
        if (polling && !stopped) fill(lane).catch((error) => log?.error({ err: error }, 'job claim failed'));
      });
    lane.running.set(job.id, run);
    startRenewing();
  }

  /**
   * Claims as many due jobs as the lane has free slots and starts them; resolves with how many. One claim
   * at a time per lane: a fill asked for meanwhile claims again after it.
   */
  function fill(lane: Lane): Promise<number> {
    if (lane.filling) {
      lane.again = true;
      return lane.filling;
    }
    const filling = (async () => {
      let count = 0;
      do {
        lane.again = false;
        const free = lane.concurrency - lane.running.size;
        if (free <= 0 || stopped) break;
        const now = clock.now();
        const claimed = await lane.claim({ ...leaseArgs(now), limit: free });
        // Stopping meanwhile: what was just claimed goes back for another instance to take at once.
        if (stopped) {
          await release(claimed);
          if (claimed.length) log?.info({ jobIds: claimed.map((j) => j.id) }, 'jobs claimed at stop given back');
          break;
        }
        for (const job of claimed) start(lane, job, now);
        count += claimed.length;
      } while (lane.again);
      return count;
    })();
    lane.filling = filling.finally(() => (lane.filling = undefined));
    return lane.filling;
  }

  /** Runs the lane's due jobs until none is left and none is running. */
  async function drain(lane: Lane) {
    for (;;) {
      await fill(lane);
      const running = [...lane.running.values()];
      if (!running.length) return;
      await Promise.race(running);
    }
  }

  /**
   * Runs jobs due at the clock's time until none is left (including jobs the handlers enqueue for now,
   * such as the emails of a notification); resolves with how many ran.
   */
  async function runDue(): Promise<number> {
    const before = started;
    for (;;) {
      const round = started;
      await Promise.all(lanes.map(drain));
      if (started === round || stopped) return started - before;
    }
  }

  /**
   * Deletes done and cancelled jobs finished more than `keepDoneMs` ago, so the table holds recent work
   * only. Safe for keyed jobs: every key belongs to a one-way step (a transaction's state change, a notify
   * job's id, a withdrawal), which never enqueues the same key again, or names its own day (a tier limit's
   * notice, once a day), long over when it is pruned. Failed jobs stay for someone to look at. Several
   * instances may prune at once: deleting is idempotent and skips rows another holds.
   */
  async function prune(now: Date): Promise<number> {
    const before = new Date(now.getTime() - keepDoneMs).toISOString();
    const deleted = await rowsOf(
      db,
      sql`
      DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs WHERE state IN ('done', 'cancelled') AND finished_at <= ${before} FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    );
    prunedAt = now.getTime();
    return deleted.length;
  }

  async function poll() {
    try {
      await Promise.all(lanes.map(fill));
      const now = clock.now();
      if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        pruning = prune(now);
        await pruning;
      }
    } catch (error) {
      log?.error({ err: error }, 'job poll failed');
    } finally {
      pruning = undefined;
    }
  }

  function schedule(delay: number) {
    if (!polling || stopped) return;
    // A kick during a poll polls again right after it: the poll may have claimed before the kicker committed.
    if (inPoll) {
      pollAgain ||= delay < pollMs;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      inPoll = poll().finally(() => {
        inPoll = undefined;
        const again = pollAgain;
        pollAgain = false;
        schedule(again ? 0 : pollMs);
      });
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
    /** Runs the due jobs now (tests, the development clock), alongside whatever is running already. */
    runDue,
    /** Deletes old done jobs now (a background worker does it hourly); resolves with how many. */
    prune: (now: Date = clock.now()) => prune(now),
    /** Claims without running: a worker that dies mid-job (tests of crash recovery). */
    claimOnly: (now: Date = clock.now(), limit = 20) => claimAny({ ...leaseArgs(now), limit }),
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
    /**
     * Stops claiming at once, gives back jobs claimed but not started, and waits up to `graceMs` for the
     * running ones. One still running then keeps its lease, which is no longer renewed: another instance
     * takes the job when it runs out (its handler is safe to run again).
     */
    async stop(graceMs = stopGraceMs) {
      stopped = true;
      polling = false;
      clearTimeout(timer);
      const pending = [
        ...lanes.flatMap((l) => [...l.running.values(), ...(l.filling ? [l.filling] : [])]),
        ...(inPoll ? [inPoll] : []),
        ...(pruning ? [pruning] : []),
      ].map((p) => p.catch(() => undefined));
      let deadline: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        Promise.all(pending).then(() => false),
        new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(deadline);
      stopRenewing();
      if (late) log?.warn({ jobIds: runningIds() }, 'jobs still running at stop keep their lease until it runs out');
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
