import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { ledgerCheckRuns } from '../db/schema/index.js';
import { completeJob, enqueueJob, type NewJob } from '../jobs/queue.js';
import type { JobHandlers } from '../jobs/scheduler.js';
import { DAY, HOUR, type Clock } from '../lib/clock.js';
import { checkLedger } from './check.js';

/**
 * The ledger's invariants checked once a day, as a job, at a quiet hour (03:00 UTC), on either engine.
 * On PostgreSQL `npm run ledger:check` can run beside the servers too; on the embedded database it
 * cannot (PGlite's files belong to the one server process), so there this job is the only check a running
 * installation gets, and its data is one machine's, small enough to read in full each night.
 */
export const LEDGER_CHECK_HOUR_UTC = 3;

export interface LedgerCheckRun {
  startedAt: Date;
  finishedAt: Date;
  ok: boolean;
  problems: string[];
}

/** The first check time (03:00 UTC) strictly after `time`. */
export function nextLedgerCheckAt(time: Date): Date {
  const today = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()) + LEDGER_CHECK_HOUR_UTC * HOUR;
  return new Date(today > time.getTime() ? today : today + DAY);
}

/**
 * The check due at `runAt`, keyed by its day: however many instances start, or however often a day's
 * check runs again after a crash, each day's check is queued once (a job key is taken at most once).
 */
function ledgerCheckJob(runAt: Date): NewJob<'ledger.check'> {
  return { kind: 'ledger.check', payload: {}, runAt, key: `ledger.check:${runAt.toISOString().slice(0, 10)}` };
}

/** Queues the next daily check unless it is queued already; every instance calls it at start. */
export async function scheduleLedgerCheck(db: DbOrTx, now: Date): Promise<void> {
  await enqueueJob(db, ledgerCheckJob(nextLedgerCheckAt(now)));
}

/** The latest scheduled check's outcome, or null before the first one (an admin page and /metrics read it). */
export async function latestLedgerCheck(db: DbOrTx): Promise<LedgerCheckRun | null> {
  const [row] = await db
    .select({
      startedAt: ledgerCheckRuns.startedAt,
      finishedAt: ledgerCheckRuns.finishedAt,
      ok: ledgerCheckRuns.ok,
      problems: ledgerCheckRuns.problems,
    })
    .from(ledgerCheckRuns)
    .orderBy(desc(ledgerCheckRuns.finishedAt))
    .limit(1);
  return row ?? null;
}

export function ledgerCheckJobHandlers({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
}): JobHandlers {
  return {
    'ledger.check': async (_payload, { now, jobId }) => {
      // Tomorrow's first: a check that keeps failing (the database away) still leaves the next day's queued.
      await scheduleLedgerCheck(db, now);
      const startedAt = clock.now();
      const { ok, problems } = await checkLedger(db);
      const finishedAt = clock.now();
      if (ok) log?.info({ durationMs: finishedAt.getTime() - startedAt.getTime() }, 'ledger check passed');
      else log?.error({ problemCount: problems.length, problems: problems.slice(0, 20) }, 'ledger check failed');
      await db.transaction(async (tx) => {
        // A second worker that took the job after a lost lease and finished first has stored the day's result.
        if (await completeJob(tx, jobId, finishedAt)) {
          await tx.insert(ledgerCheckRuns).values({ startedAt, finishedAt, ok, problems });
        }
      });
      return 'finished';
    },
  };
}
