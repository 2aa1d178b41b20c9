import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { disputes } from '../../db/schema/index.js';
import { enqueueJob, type AnyNewJob, type JobHandlers } from '../../jobs/index.js';
import { notify } from '../notifications/index.js';
import { lockTransaction, recordEvent, type TransactionRow } from '../transactions/index.js';
import { findDispute, lockDispute, type DisputeRow } from './disputes.queries.js';

/** Each step's time (config.ts DISPUTE_RESPONSE_DAYS, DISPUTE_ASSIGN_HOURS, DISPUTE_DECISION_DAYS). */
export interface DisputeClocks {
  responseMs: number;
  assignMs: number;
  decisionMs: number;
}

const after = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * A new case's deadlines and their timers: the other party's response and a moderator's taking it. The
 * caller writes both with the dispute, in its database transaction (the timers exist exactly when it does).
 */
export async function startOpeningClocks(tx: Tx, disputeId: string, clocks: DisputeClocks, now: Date) {
  const responseDueAt = after(now, clocks.responseMs);
  const assignDueAt = after(now, clocks.assignMs);
  await tx.update(disputes).set({ responseDueAt, assignDueAt }).where(eq(disputes.id, disputeId));
  const jobs: AnyNewJob[] = [
    {
      kind: 'dispute.response-deadline',
      payload: { disputeId },
      runAt: responseDueAt,
      key: `dispute-response:${disputeId}`,
    },
    {
      kind: 'dispute.assign-escalation',
      payload: { disputeId },
      runAt: assignDueAt,
      key: `dispute-assign:${disputeId}`,
    },
  ];
  for (const job of jobs) await enqueueJob(tx, job);
}

/**
 * A moderator took the case: the decision's deadline and its timer (the `set` goes with the assignment).
 * A job key is used once ever, and a case that went back to the queue (disputes.requeue.ts) is taken
 * again: each timer's key names its deadline.
 */
export async function startDecisionClock(tx: Tx, disputeId: string, clocks: DisputeClocks, now: Date) {
  const decisionDueAt = after(now, clocks.decisionMs);
  await tx.update(disputes).set({ decisionDueAt }).where(eq(disputes.id, disputeId));
  await enqueueJob(tx, {
    kind: 'dispute.decision-escalation',
    payload: { disputeId },
    runAt: decisionDueAt,
    key: `dispute-decision:${disputeId}:${decisionDueAt.toISOString()}`,
  });
}

/**
 * The case went back to the queue (its moderator can no longer decide it): a fresh assignment deadline and
 * its timer, as when it opened, and no decision deadline until someone takes it. Its old timers find the
 * case changed when they run and do nothing (each re-checks its deadline under the case's lock).
 */
export async function restartAssignClock(tx: Tx, disputeId: string, clocks: DisputeClocks, now: Date) {
  const assignDueAt = after(now, clocks.assignMs);
  await tx
    .update(disputes)
    .set({ assignDueAt, assignEscalatedAt: null, decisionDueAt: null, decisionEscalatedAt: null })
    .where(eq(disputes.id, disputeId));
  await enqueueJob(tx, {
    kind: 'dispute.assign-escalation',
    payload: { disputeId },
    runAt: assignDueAt,
    key: `dispute-assign:${disputeId}:${assignDueAt.toISOString()}`,
  });
}

/**
 * Runs `act` with the case's transaction and then the case locked (the service's lock order), in one
 * database transaction: the mark, its history row and its notification commit together.
 */
function withLockedCase(db: Db, disputeId: string, act: (tx: Tx, t: TransactionRow, d: DisputeRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const found = await findDispute(tx, disputeId);
    const t = found && (await lockTransaction(tx, found.transactionId));
    const d = t && (await lockDispute(tx, disputeId));
    if (t && d) await act(tx, t, d);
  });
}

/** A clock's mark on the case, with its history row (the system acts: no actor). */
async function mark(tx: Tx, t: TransactionRow, d: DisputeRow, set: Partial<DisputeRow>, action: string, now: Date) {
  await tx.update(disputes).set(set).where(eq(disputes.id, d.id));
  await recordEvent(tx, { transactionId: t.id, actorId: null, from: t.status, to: t.status, action, at: now });
}

const due = (at: Date | null, now: Date) => at !== null && at.getTime() <= now.getTime();

/**
 * The dispute clocks (decision 014: jobs in our table). Each re-checks the case under its lock at its time,
 * so one that runs twice, late, or after the case moved on (answered, taken, decided) does nothing. None
 * moves money: a timer records and tells; people decide.
 */
export function disputeJobHandlers({ db }: { db: Db }): JobHandlers {
  return {
    'dispute.response-deadline': ({ disputeId }, { now }) =>
      withLockedCase(db, disputeId, async (tx, t, d) => {
        if (d.status === 'resolved' || d.respondedAt || d.noResponseAt || !due(d.responseDueAt, now)) return;
        await mark(tx, t, d, { noResponseAt: now }, 'dispute_no_response', now);
        await notify(tx, { type: 'dispute.no_response', disputeId }, now);
      }),

    'dispute.assign-escalation': ({ disputeId }, { now }) =>
      withLockedCase(db, disputeId, async (tx, t, d) => {
        if (d.status !== 'open' || d.assignEscalatedAt || !due(d.assignDueAt, now)) return;
        await mark(tx, t, d, { assignEscalatedAt: now }, 'dispute_escalated:unassigned', now);
        await notify(tx, { type: 'dispute.escalated', disputeId, reason: 'unassigned' }, now);
      }),

    'dispute.decision-escalation': ({ disputeId }, { now }) =>
      withLockedCase(db, disputeId, async (tx, t, d) => {
        if (d.status !== 'in_review' || d.decisionEscalatedAt || !due(d.decisionDueAt, now)) return;
        await mark(tx, t, d, { decisionEscalatedAt: now }, 'dispute_escalated:undecided', now);
        await notify(tx, { type: 'dispute.escalated', disputeId, reason: 'undecided' }, now);
      }),
  };
}
