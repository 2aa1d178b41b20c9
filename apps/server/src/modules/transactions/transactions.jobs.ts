import type { Db, Tx } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/scheduler.js';
import { notify } from '../notifications/index.js';
import { lockTransaction, type TransactionRow } from './transactions.queries.js';
import { autoReleaseDue, deadlineDue, inspectionReminderDue, isStaged } from './transactions.rules.js';
import { cancelAndRefund, releaseToSeller } from './transactions.transitions.js';
import { milestoneTimers, type MilestoneRow } from './transactions.milestone-rules.js';
import { cancelStagedDeal, expireUnfundedMilestones, releaseMilestone } from './transactions.milestone-transitions.js';
import { listMilestones } from './transactions.milestones.queries.js';

/**
 * Runs `act` with the transaction's row locked, in one database transaction: the job's effect, its
 * ledger entry and its notification commit together or not at all. Each handler checks the state again
 * at the job's time first, so a job that runs twice, late, or after the deal moved on (confirmed,
 * disputed, cancelled) does nothing.
 */
function withLockedTransaction(db: Db, id: string, act: (tx: Tx, t: TransactionRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const t = await lockTransaction(tx, id);
    if (t) await act(tx, t);
  });
}

/** Like withLockedTransaction, with the deal's milestones (read under its lock) and the one the job is about. */
function withLockedMilestone(
  db: Db,
  p: { transactionId: string; milestoneId: string },
  act: (tx: Tx, t: TransactionRow, milestones: MilestoneRow[], m: MilestoneRow) => Promise<unknown>,
) {
  return withLockedTransaction(db, p.transactionId, async (tx, t) => {
    const milestones = await listMilestones(tx, t.id);
    const m = milestones.find((x) => x.id === p.milestoneId);
    if (m) await act(tx, t, milestones, m);
  });
}

/** Deadlines, the inspection reminder and auto-release, of deals and of milestones (decision 033). */
export function transactionJobHandlers({ db }: { db: Db }): JobHandlers {
  return {
    'transaction.auto-release': ({ transactionId }, { now }) =>
      withLockedTransaction(db, transactionId, async (tx, t) => {
        if (autoReleaseDue(t, now)) await releaseToSeller(tx, t, { actorId: null, now, automatic: true });
      }),

    'transaction.deadline': ({ transactionId, deadline }, { now }) =>
      withLockedTransaction(db, transactionId, async (tx, t) => {
        if (!deadlineDue(t, deadline, now)) return;
        const ending = deadline === 'unfunded' ? 'expire_unfunded' : 'expire_unaccepted';
        if (isStaged(t)) await cancelStagedDeal(tx, t, await listMilestones(tx, t.id), { actorId: null, now, ending });
        else await cancelAndRefund(tx, t, { actorId: null, now, ending });
      }),

    // A milestone's timers act only on that milestone in the state that started them: a confirmed, disputed
    // or ended milestone (or an ended deal) is left alone.
    'milestone.auto-release': (p, { now }) =>
      withLockedMilestone(db, p, async (tx, t, milestones, m) => {
        const { autoReleaseAt } = milestoneTimers(t, m);
        if (autoReleaseAt && autoReleaseAt <= now) {
          await releaseMilestone(tx, t, milestones, m, { actorId: null, now, automatic: true });
        }
      }),

    'milestone.deadline': (p, { now }) =>
      withLockedMilestone(db, p, async (tx, t, milestones, m) => {
        const { cancelsAt } = milestoneTimers(t, m);
        if (cancelsAt && cancelsAt <= now) await expireUnfundedMilestones(tx, t, milestones, { now, expired: m });
      }),

    'milestone.inspection-reminder': (p, { now }) =>
      withLockedMilestone(db, p, async (tx, t, _milestones, m) => {
        const { autoReleaseAt } = milestoneTimers(t, m);
        if (autoReleaseAt && now < autoReleaseAt) {
          await notify(tx, { type: 'transaction.inspection_ending', transactionId: t.id, milestoneId: m.id }, now);
        }
      }),

    'transaction.inspection-reminder': ({ transactionId }, { now }) =>
      withLockedTransaction(db, transactionId, async (tx, t) => {
        if (inspectionReminderDue(t, now)) {
          await notify(tx, { type: 'transaction.inspection_ending', transactionId: t.id }, now);
        }
      }),
  };
}
