import {
  MILESTONE_MESSAGES as MM,
  TRANSACTION_MESSAGES as M,
  isConfirmationPhrase,
  type TTransaction,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { milestoneWalletFundingEntry } from '../../ledger/index.js';
import { lockTransactionWithParties, transactionViewWithOutcome, type TransactionRow } from './transactions.queries.js';
import { isStaged } from './transactions.rules.js';
import {
  assertCancelRemaining,
  assertMilestoneAction,
  authorizeMilestone,
  milestoneOf,
  type MilestoneChange,
  type MilestoneRow,
  type StagedChangeAction,
} from './transactions.milestone-rules.js';
import {
  cancelRemainingStages,
  deliverMilestone,
  fundMilestones,
  refundLateMilestone,
  releaseMilestone,
  type StagedResult,
} from './transactions.milestone-transitions.js';
import { listMilestones } from './transactions.milestones.queries.js';

/** The seller's delivery details (as the deal's own deliver takes them). */
interface DeliverInput {
  trackingReference?: string;
  note?: string;
}

/** Names the milestones in a memo: "milestones 1, 2". */
const memoOf = (ms: MilestoneRow[]) =>
  `Funded from wallet: milestone${ms.length > 1 ? 's' : ''} ${ms.map((m) => m.position).join(', ')}`;

/**
 * The parties' changes of the milestones of a deal paid in stages (decision 033), on the same path as every
 * change of a deal: lock the deal's row (its milestones change only under it), check who and what at the
 * clock's time, apply the transition (transactions.milestone-transitions.ts) in the same database
 * transaction, store the Idempotency-Key answer with it, then wake the job worker.
 */
export function createMilestoneChanges({ db, clock, scheduler }: { db: Db; clock: Clock; scheduler: Scheduler }) {
  /** One change of a deal paid in stages by `user`: `apply` checks its own state rules at `now` and writes it. */
  async function changeStaged(
    user: SessionUser,
    id: string,
    action: StagedChangeAction,
    apply: (tx: Tx, t: TransactionRow, milestones: MilestoneRow[], now: Date) => Promise<StagedResult>,
    answer?: StoreAnswer<TTransaction>,
  ): Promise<TTransaction> {
    const changed = await db.transaction(async (tx) => {
      const locked = await lockTransactionWithParties(tx, id);
      if (!locked) throw notFound(M.notFound);
      const t = locked.t;
      authorizeMilestone(t, user, action);
      if (!isStaged(t)) throw new AppError('NOT_STAGED', MM.notStaged);
      const milestones = await listMilestones(tx, t.id);
      const now = clock.now();
      const after = await apply(tx, t, milestones, now);
      const view = await transactionViewWithOutcome(tx, { ...locked, t: after.t }, user, now, after.milestones);
      if (view) await answer?.(tx, view);
      return view;
    });
    scheduler.kick();
    if (!changed) throw notFound(M.notFound);
    return changed;
  }

  /** A change of the named milestones, each checked by the milestone rules (`precheck` first). */
  function changeMilestones(
    user: SessionUser,
    id: string,
    milestoneIds: readonly string[],
    action: MilestoneChange,
    apply: (
      tx: Tx,
      t: TransactionRow,
      milestones: MilestoneRow[],
      targets: MilestoneRow[],
      now: Date,
    ) => Promise<StagedResult>,
    options: { precheck?: () => void; answer?: StoreAnswer<TTransaction> } = {},
  ): Promise<TTransaction> {
    return changeStaged(
      user,
      id,
      action,
      (tx, t, milestones, now) => {
        const targets = [...new Set(milestoneIds)].map((mid) => milestoneOf(milestones, mid));
        options.precheck?.();
        for (const m of targets) assertMilestoneAction(action, t, m, now);
        return apply(tx, t, milestones, targets, now);
      },
      options.answer,
    );
  }

  /** The buyer pays one or more milestones' totals from their wallet, one entry into each milestone's escrow. */
  function fundMilestonesFromWallet(
    user: SessionUser,
    id: string,
    milestoneIds: readonly string[],
    answer?: StoreAnswer<TTransaction>,
  ) {
    return changeMilestones(
      user,
      id,
      milestoneIds,
      'fund',
      (tx, t, milestones, targets, now) =>
        fundMilestones(tx, t, milestones, targets, {
          actorId: user.id,
          action: 'milestone_fund_from_wallet',
          now,
          entry: milestoneWalletFundingEntry({
            transactionId: t.id,
            buyerId: t.buyerId,
            currency: t.currency,
            milestones: targets.map((m) => ({ milestoneId: m.id, total: m.total })),
            memo: memoOf(targets),
          }),
        }),
      { answer },
    );
  }

  /** The seller marks a funded milestone delivered: its inspection period starts. */
  function deliverOneMilestone(
    user: SessionUser,
    id: string,
    milestoneId: string,
    input: DeliverInput,
    answer?: StoreAnswer<TTransaction>,
  ) {
    return changeMilestones(
      user,
      id,
      [milestoneId],
      'deliver',
      (tx, t, milestones, [m], now) =>
        deliverMilestone(tx, t, milestones, m!, {
          actorId: user.id,
          now,
          trackingReference: input.trackingReference,
          note: input.note,
        }),
      { answer },
    );
  }

  /** The buyer confirms a milestone with the spec's phrase: its escrow pays the seller and the fee. */
  function confirmMilestone(
    user: SessionUser,
    id: string,
    milestoneId: string,
    phrase: string,
    answer?: StoreAnswer<TTransaction>,
  ) {
    return changeMilestones(
      user,
      id,
      [milestoneId],
      'confirm',
      (tx, t, milestones, [m], now) =>
        releaseMilestone(tx, t, milestones, m!, { actorId: user.id, now, automatic: false }),
      {
        precheck: () => {
          if (!isConfirmationPhrase(phrase)) throw badRequest(M.wrongPhrase, { confirmationPhrase: M.wrongPhrase });
        },
        answer,
      },
    );
  }

  /** The buyer cancels a funded milestone whose delivery is late: its total returns to their wallet. */
  function cancelMilestone(user: SessionUser, id: string, milestoneId: string, answer?: StoreAnswer<TTransaction>) {
    return changeMilestones(
      user,
      id,
      [milestoneId],
      'cancel',
      (tx, t, milestones, [m], now) => refundLateMilestone(tx, t, milestones, m!, { actorId: user.id, now }),
      { answer },
    );
  }

  /**
   * The seller gives up the remaining stages of an accepted deal: unfunded milestones end, funded ones not
   * yet delivered are refunded to the buyer; delivered and disputed ones go on.
   */
  function cancelRemaining(user: SessionUser, id: string, answer?: StoreAnswer<TTransaction>) {
    return changeStaged(
      user,
      id,
      'cancel_remaining',
      (tx, t, milestones, now) => {
        assertCancelRemaining(t, milestones);
        return cancelRemainingStages(tx, t, milestones, { actorId: user.id, now });
      },
      answer,
    );
  }

  return {
    fundMilestonesFromWallet,
    cancelRemaining,
    deliverMilestone: deliverOneMilestone,
    confirmMilestone,
    cancelMilestone,
  };
}
