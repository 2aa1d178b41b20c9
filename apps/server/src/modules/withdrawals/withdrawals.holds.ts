import {
  HOLD_TEXTS,
  toDecimal,
  WITHDRAWAL_REVIEW_MESSAGES,
  type THeldWithdrawal,
  type TWithdrawalStatus,
  type TWithdrawalReviewResult,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { Scheduler } from '../../jobs/index.js';
import { payoutReturnedEntry, postEntry } from '../../ledger/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { appError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { notify } from '../notifications/index.js';
import { decideHold, findHold, markRejected, markReleased, openHolds } from './withdrawals.holds.queries.js';
import { destinationView, lockWithdrawal } from './withdrawals.queries.js';
import { enqueuePayoutSettle } from './withdrawals.service.js';

export interface WithdrawalHoldsDeps {
  db: Db;
  clock: Clock;
  /** A released withdrawal's payout starts at once: the worker is asked to poll. */
  scheduler: Pick<Scheduler, 'kick'>;
}

type Decision = 'released' | 'rejected';
const ACTION: Record<Decision, 'withdrawal.release' | 'withdrawal.reject'> = {
  released: 'withdrawal.release',
  rejected: 'withdrawal.reject',
};

/**
 * Withdrawals held by sanctions screening, for admins: the list with what matched, and the decision. A
 * decision locks the withdrawal's row, so a release and a rejection at once act once (the second answers
 * 409); the same decision again answers as the first did and changes nothing. Release: the withdrawal goes
 * on as a pending one (its money never left payouts_pending). Reject: the money goes back through the
 * ledger's movement for a failed payout. Both are in the audit trail, and the person is told.
 */
export function createWithdrawalHoldsService({ db, clock, scheduler }: WithdrawalHoldsDeps) {
  async function decide(
    admin: SessionUser,
    id: string,
    decision: Decision,
    reason: string,
  ): Promise<TWithdrawalReviewResult> {
    if (!isUuid(id)) throw notFound(WITHDRAWAL_REVIEW_MESSAGES.notFound);
    const result = await db.transaction(async (tx) => {
      const w = await lockWithdrawal(tx, id);
      const hold = w && (await findHold(tx, w.id));
      if (!w || !hold) throw notFound(WITHDRAWAL_REVIEW_MESSAGES.notFound);
      if (hold.decision === decision) return { id, status: w.status, decision, changed: false };
      if (w.status !== 'held' || hold.decision !== null)
        throw appError('WITHDRAWAL_NOT_HELD', WITHDRAWAL_REVIEW_MESSAGES.notHeld);

      const now = clock.now();
      let status: TWithdrawalStatus;
      if (decision === 'released') {
        status = (await markReleased(tx, w.id, now)).status;
        await enqueuePayoutSettle(tx, w.id, now);
      } else {
        await postEntry(
          tx,
          payoutReturnedEntry({
            withdrawalId: w.id,
            userId: w.userId,
            currency: w.currency,
            amount: w.amount,
            reason: 'rejected after a compliance review',
          }),
        );
        status = (await markRejected(tx, w.id, HOLD_TEXTS.rejectedReason, now)).status;
      }
      await decideHold(tx, w.id, { decision, by: admin.id, note: reason, now });
      await recordAudit(tx, {
        actorId: admin.id,
        action: ACTION[decision],
        subject: { type: 'withdrawal', id: w.id },
        reason,
        detail: {
          ownerId: w.userId,
          amount: toDecimal(w.amount, w.currency),
          currency: w.currency,
          matches: hold.matches.map((m) => ({ listId: m.listId, entryId: m.entryId, name: m.name, score: m.score })),
        },
        at: now,
      });
      await notify(
        tx,
        { type: decision === 'released' ? 'withdrawal.released' : 'withdrawal.rejected', withdrawalId: w.id },
        now,
      );
      return { id, status, decision, changed: true };
    });
    if (result.changed && decision === 'released') scheduler.kick();
    return { id: result.id, status: result.status, decision: result.decision };
  }

  return {
    async listHeld(): Promise<THeldWithdrawal[]> {
      return (await openHolds(db)).map(({ w, matches, user }) => ({
        id: w.id,
        amount: toDecimal(w.amount, w.currency),
        currency: w.currency,
        accountHolderName: w.accountHolderName,
        accountLast4: w.accountLast4,
        destination: destinationView(w),
        createdAt: w.createdAt.toISOString(),
        user: { id: user.id, name: [user.firstName, user.lastName].filter(Boolean).join(' '), email: user.email },
        matches,
      }));
    },
    release: (admin: SessionUser, id: string, reason: string) => decide(admin, id, 'released', reason),
    reject: (admin: SessionUser, id: string, reason: string) => decide(admin, id, 'rejected', reason),
  };
}

export type WithdrawalHoldsService = ReturnType<typeof createWithdrawalHoldsService>;
