import { z } from 'zod';
import { pageQuery } from './paging.js';

/**
 * Background jobs as the admin dashboard's System tab sees them. Jobs run in lanes, each with its own
 * concurrency, so money never waits behind email: `money` (auto-release, deadlines, payouts), `notify`
 * (the bell and email fan-out), `email` (sending).
 */
export const JOB_LANES = ['money', 'notify', 'email'] as const;
export const ZJobLane = z.enum(JOB_LANES);
export type TJobLane = z.infer<typeof ZJobLane>;

/** `running`: queued and held by a worker's lease right now; `done` counts the last 30 days (older rows are deleted). */
export const ADMIN_JOB_STATES = ['queued', 'running', 'failed', 'cancelled', 'done'] as const;
export type TAdminJobState = (typeof ADMIN_JOB_STATES)[number];

const ZJobStateCounts = z.object({
  queued: z.number(),
  running: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  done: z.number(),
});

/** GET /api/admin/jobs: how many jobs of each kind are in each state. */
export const ZAdminJobSummary = z.object({
  kinds: z.array(
    z.object({
      kind: z.string(),
      /** Null for a kind this server does not run (left by another version). */
      lane: ZJobLane.nullable(),
      counts: ZJobStateCounts,
    }),
  ),
  totals: ZJobStateCounts,
  /** The daily ledger check's last result (null until the first one has run): its problems, the first few. */
  ledgerCheck: z
    .object({ ok: z.boolean(), finishedAt: z.string(), problemCount: z.number(), problems: z.array(z.string()) })
    .nullable(),
});
export type TAdminJobSummary = z.infer<typeof ZAdminJobSummary>;

/** An admin's retry or cancellation, from the audit trail. */
export const ZJobAction = z.object({
  action: z.enum(['retry', 'cancel']),
  /** Null when the account that acted no longer exists. */
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});
export type TJobAction = z.infer<typeof ZJobAction>;

/** GET /api/admin/jobs/failed: a job that gave up after its last attempt, newest failure first. */
export const ZFailedJob = z.object({
  id: z.string(),
  kind: z.string(),
  lane: ZJobLane.nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  createdAt: z.string(),
  /** What the job is about: the ids in its payload (transactionId, withdrawalId…), a notification's event type, an email's recipient. */
  refs: z.record(z.string(), z.string()),
  /** The last retry or cancellation of this job, if an admin did one before. */
  lastAction: ZJobAction.nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;
export const ZFailedJobList = z.array(ZFailedJob);

export const JOB_MESSAGES = {
  notFound: 'No such job',
  notRetryable: 'Only a failed job can be retried. Reload the list to see its state.',
  notCancellable:
    'Only a failed job, or a queued one that is not running, can be cancelled. Reload the list to see its state.',
} as const;

export const ZJobParams = z.object({ id: z.uuid({ error: JOB_MESSAGES.notFound }) });

/** POST /api/admin/jobs/{id}/retry and /cancel: the job's state afterwards. */
export const ZJobActionResult = z.object({
  id: z.string(),
  state: z.enum(['queued', 'cancelled']),
});
export type TJobActionResult = z.infer<typeof ZJobActionResult>;

export const ZFailedJobsQuery = pageQuery('failedJobs');
