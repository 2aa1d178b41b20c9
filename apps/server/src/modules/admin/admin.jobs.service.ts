import { JOB_MESSAGES, type TAdminJobSummary, type TJobActionResult, type TPageQuery } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import {
  canCancel,
  canRetry,
  cancelJob,
  lockJob,
  requeueJob,
  type LockedJob,
  type Scheduler,
} from '../../jobs/index.js';
import { latestLedgerCheck } from '../../ledger/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { appError, notFound } from '../../lib/errors.js';
import { failedJobs, jobSummary } from './admin.jobs.queries.js';

export interface AdminJobsDeps {
  db: Db;
  clock: Clock;
  /** A retried job runs at once: the worker is asked to poll. */
  scheduler: Pick<Scheduler, 'kick'>;
}

/** The ledger check's problems the System tab lists; the rest are in the log and `npm run ledger:check`. */
const SHOWN_LEDGER_PROBLEMS = 10;

/** What the audit trail keeps of the job as it was: its kind, state, attempts and last error. */
const before = (job: LockedJob) => ({
  kind: job.kind,
  state: job.state,
  attempts: job.attempts,
  lastError: job.lastError,
});

/**
 * The System tab: jobs by kind and state, the failed ones, and an admin's retry or cancellation. Each
 * action locks the job's row, checks it, changes it and records who did it, in one database transaction.
 */
export function createAdminJobsService({ db, clock, scheduler }: AdminJobsDeps) {
  async function act(admin: SessionUser, id: string, action: 'retry' | 'cancel'): Promise<TJobActionResult> {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const job = await lockJob(tx, id);
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      if (action === 'retry') {
        if (!canRetry(job)) throw appError('JOB_NOT_RETRYABLE', JOB_MESSAGES.notRetryable);
        await requeueJob(tx, id, now);
      } else {
        if (!canCancel(job, now)) throw appError('JOB_NOT_CANCELLABLE', JOB_MESSAGES.notCancellable);
        await cancelJob(tx, id, now);
      }
      await recordAudit(tx, {
        actorId: admin.id,
        action: `job.${action}`,
        subject: { type: 'job', id },
        detail: before(job),
        at: now,
      });
      return { id, state: action === 'retry' ? 'queued' : 'cancelled' } as const;
    });
    if (action === 'retry') scheduler.kick();
    return result;
  }

  return {
    async summary(): Promise<TAdminJobSummary> {
      const [jobs, check] = await Promise.all([jobSummary(db, clock.now()), latestLedgerCheck(db)]);
      const ledgerCheck = check && {
        ok: check.ok,
        finishedAt: check.finishedAt.toISOString(),
        problemCount: check.problems.length,
        problems: check.problems.slice(0, SHOWN_LEDGER_PROBLEMS),
      };
      return { ...jobs, ledgerCheck };
    },
    failed: (query: TPageQuery) => failedJobs(db, query),
    retry: (admin: SessionUser, id: string) => act(admin, id, 'retry'),
    cancel: (admin: SessionUser, id: string) => act(admin, id, 'cancel'),
  };
}

export type AdminJobsService = ReturnType<typeof createAdminJobsService>;
