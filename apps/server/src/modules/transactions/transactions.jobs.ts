import type { Db, Tx } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/scheduler.js';
import { notify } from '../notifications/index.js';
import { lockTransaction, type TransactionRow } from './transactions.queries.js';
import { autoReleaseDue, deadlineDue, inspectionReminderDue } from './transactions.rules.js';
import { cancelAndRefund, releaseToSeller } from './transactions.transitions.js';

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

/** Deadlines, the inspection reminder and auto-release. */
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
        await cancelAndRefund(tx, t, { actorId: null, now, ending });
      }),

    'transaction.inspection-reminder': ({ transactionId }, { now }) =>
      withLockedTransaction(db, transactionId, async (tx, t) => {
        if (inspectionReminderDue(t, now)) {
          await notify(tx, { type: 'transaction.inspection_ending', transactionId: t.id }, now);
        }
      }),
  };
}
