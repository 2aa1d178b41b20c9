import {
  ESCROW_TIMERS,
  TRANSACTION_MESSAGES as M,
  type TDisputeResolution,
  type TTransactionStatus,
} from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import type { AnyNewJob } from '../../jobs/queue.js';
import { DAY } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import {
  entryStatement,
  partialReleaseEntry,
  refundEntry,
  releaseEntry,
  settleEntry,
  splitEntry,
  type EntryInput,
} from '../../ledger/index.js';
import { notifyJob, type NotificationEvent } from '../notifications/index.js';
import { writeChange, type Changes, type TransactionRow } from './transactions.queries.js';
import { ENDINGS, inspectionEndsAt, inspectionReminderAt, type Ending } from './transactions.rules.js';

/**
 * The effects of each transition, shared by whoever causes them (the service, the timers in
 * transactions.jobs.ts, card payments, the disputes module): one place each for how a deal is accepted,
 * funded, delivered, released, cancelled, disputed and resolved, each written by commitChange. Callers hold
 * the transaction row's lock and have checked that the transition is allowed.
 */

/** Who acted: a person's id, or null when the system did (a timer, a payment provider). */
export type ActorId = string | null;

/** What a transition writes: its history action, new status, columns, notification, timers and money. */
export interface ChangeSpec {
  actorId: ActorId;
  action: string;
  to: TTransactionStatus;
  now: Date;
  set?: Changes;
  event?: NotificationEvent;
  jobs?: AnyNewJob[];
  /** The money the change moves (a ledger/movements.ts entry), written in the same database transaction. */
  entry?: EntryInput;
}

/** The jobs a change queues: its notification, then its timers. */
const jobsOf = (c: ChangeSpec) => [...(c.event ? [notifyJob(c.event, c.now)] : []), ...(c.jobs ?? [])];

/**
 * The one writer of a transaction's changes, the last step of every transition: the state change with its
 * history row, its notification (the notify job), its timers (`jobs`) and its ledger entry (entryStatement)
 * in one statement. The caller holds the row's lock and has checked the rules; an entry refused
 * (INSUFFICIENT_FUNDS, settleEntry) propagates and rolls the caller's database transaction back. Returns
 * the updated row, so the caller's view needs no read.
 */
export async function commitChange(tx: Tx, t: TransactionRow, c: ChangeSpec): Promise<TransactionRow> {
  const set = c.set ?? {};
  const change = {
    transactionId: t.id,
    actorId: c.actorId,
    action: c.action,
    from: t.status,
    to: c.to,
    now: c.now,
    set,
    jobs: jobsOf(c),
  };
  if (c.entry) {
    const entry = entryStatement(tx, c.entry);
    await settleEntry(entry, () => writeChange(tx, change, entry));
  } else {
    await writeChange(tx, change);
  }
  // The row as written: the locked row with what the change set (no trigger alters a transaction row).
  return { ...t, ...set, status: c.to, updatedAt: c.now };
}

/** The unfunded deadline, queued when the transaction is created. */
export function unfundedDeadlineJob(transactionId: string, createdAt: Date): AnyNewJob {
  return {
    kind: 'transaction.deadline',
    payload: { transactionId, deadline: 'unfunded' },
    runAt: new Date(createdAt.getTime() + ESCROW_TIMERS.unfundedCancelDays * DAY),
    key: `deadline:unfunded:${transactionId}`,
  };
}

/**
 * Escrow is funded (from the wallet or by card; the caller names the ledger entry): the payment status and
 * time, the history, the notification, and while the seller has not accepted yet, the unaccepted deadline.
 */
export function markFunded(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: ActorId; action: string; now: Date; entry: EntryInput },
) {
  return commitChange(tx, t, {
    ...c,
    to: t.status,
    set: { paymentStatus: 'succeeded', fundedAt: c.now },
    event: { type: 'transaction.funded', transactionId: t.id },
    jobs:
      t.status === 'pending'
        ? [
            {
              kind: 'transaction.deadline',
              payload: { transactionId: t.id, deadline: 'unaccepted' },
              runAt: new Date(c.now.getTime() + ESCROW_TIMERS.unacceptedCancelDays * DAY),
              key: `deadline:unaccepted:${t.id}`,
            },
          ]
        : [],
  });
}

/** The seller accepts: the deal is active, with the delivery date and notes they gave. */
export function accept(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: string; now: Date; expectedDeliveryDate: string | null; deliveryNotes: string | null },
) {
  return commitChange(tx, t, {
    actorId: c.actorId,
    action: 'accept',
    to: 'active',
    now: c.now,
    set: { acceptedAt: c.now, expectedDeliveryDate: c.expectedDeliveryDate, deliveryNotes: c.deliveryNotes },
    event: { type: 'transaction.accepted', transactionId: t.id },
  });
}

/** The seller marks it delivered: the inspection period starts, with its reminder and its automatic release. */
export function markDelivered(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: string; now: Date; trackingReference?: string; note?: string },
) {
  const autoReleaseAt = inspectionEndsAt(c.now, t.inspectionDays);
  const remindAt = inspectionReminderAt(autoReleaseAt, c.now);
  return commitChange(tx, t, {
    actorId: c.actorId,
    action: 'deliver',
    to: t.status,
    now: c.now,
    set: {
      deliveredAt: c.now,
      trackingReference: c.trackingReference ?? null,
      deliveryMessage: c.note ?? null,
      autoReleaseAt,
    },
    event: { type: 'transaction.delivered', transactionId: t.id },
    jobs: [
      {
        kind: 'transaction.auto-release',
        payload: { transactionId: t.id },
        runAt: autoReleaseAt,
        key: `auto-release:${t.id}`,
      },
      ...(remindAt
        ? [
            {
              kind: 'transaction.inspection-reminder' as const,
              payload: { transactionId: t.id },
              runAt: remindAt,
              key: `inspection-reminder:${t.id}`,
            },
          ]
        : []),
    ],
  });
}

/**
 * Escrow pays the fee to fees and the amount to the seller's wallet: the buyer's confirmation, or the
 * end of the inspection period (`automatic`, recorded with the system as the actor). A seller without a
 * verified account is SELLER_MISSING.
 */
export function releaseToSeller(tx: Tx, t: TransactionRow, c: { actorId: ActorId; now: Date; automatic: boolean }) {
  if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  return commitChange(tx, t, {
    actorId: c.actorId,
    action: c.automatic ? 'auto_release' : 'confirm',
    to: 'completed',
    now: c.now,
    set: { completedAt: c.now },
    event: { type: 'transaction.released', transactionId: t.id, automatic: c.automatic },
    entry: releaseEntry({
      transactionId: t.id,
      sellerId: t.sellerId,
      currency: t.currency,
      amount: t.amount,
      fee: t.fee,
      ...(c.automatic ? { memo: 'Released automatically after the inspection period' } : {}),
    }),
  });
}

/** Ends a deal as cancelled (by a party or a deadline); money held in escrow returns to the buyer's wallet. */
export async function cancelAndRefund(tx: Tx, t: TransactionRow, c: { actorId: ActorId; now: Date; ending: Ending }) {
  const funded = t.paymentStatus === 'succeeded';
  const { reason, memo } = ENDINGS[c.ending];
  return commitChange(tx, t, {
    actorId: c.actorId,
    action: c.ending,
    to: 'cancelled',
    now: c.now,
    set: { cancelledAt: c.now, ...(funded ? { paymentStatus: 'refunded' as const } : {}) },
    event: { type: 'transaction.cancelled', transactionId: t.id, reason },
    ...(funded
      ? {
          entry: refundEntry({ transactionId: t.id, buyerId: t.buyerId, currency: t.currency, total: t.total, memo }),
        }
      : {}),
  });
}

/**
 * A party opens a dispute over the money held in escrow: the deal waits for its outcome; no timer moves it.
 * When the buyer disputes only part of the amount (`disputed` < amount), the undisputed remainder goes to
 * the seller at once, less its fee share (partialReleaseEntry), recorded as a history event of its own.
 */
export async function openDispute(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: string; now: Date; disputeId: string; disputed?: bigint },
) {
  const opened = await commitChange(tx, t, {
    actorId: c.actorId,
    action: 'dispute',
    to: 'disputed',
    now: c.now,
    event: { type: 'dispute.opened', disputeId: c.disputeId },
  });
  if (c.disputed === undefined || c.disputed >= t.amount) return opened;
  if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  return commitChange(tx, opened, {
    actorId: c.actorId,
    action: 'dispute_partial_release',
    to: 'disputed',
    // A millisecond after the opening, so the history (ordered by time) always tells them in this order.
    now: new Date(c.now.getTime() + 1),
    entry: partialReleaseEntry({
      transactionId: t.id,
      sellerId: t.sellerId,
      currency: t.currency,
      amount: t.amount,
      fee: t.fee,
      disputed: c.disputed,
    }),
  });
}

/**
 * A dispute's outcome, decided by a moderator (`moderatorId`) or settled by the parties' agreement (null),
 * applied to the money still in escrow: the disputed part (`part`, disputedPartOf; the whole deal unless
 * the buyer disputed part of it). Release completes the deal as a buyer's confirmation would; a refund
 * returns the part with its fee share to the buyer and cancels a whole deal (refunded), but completes a
 * partial one (its seller was paid the rest at open); a partial resolution completes it with the part
 * split (splitEntry). The seller must have a verified account for any money to reach them (SELLER_MISSING).
 */
export function resolveDispute(
  tx: Tx,
  t: TransactionRow,
  c: {
    moderatorId: string | null;
    now: Date;
    disputeId: string;
    resolution: TDisputeResolution;
    /** The partial resolution's refund of the disputed part (minor units). */
    refund: bigint | null;
    /** The money in dispute: its amount and fee share (minor units); the whole deal when absent. */
    part?: { amount: bigint; fee: bigint };
  },
) {
  const memo = c.moderatorId ? 'Dispute decided by a moderator' : 'Dispute settled by agreement';
  const decided = {
    actorId: c.moderatorId,
    action: c.moderatorId ? `dispute_resolved:${c.resolution}` : 'dispute_settled',
    now: c.now,
    event: { type: 'dispute.resolved', disputeId: c.disputeId } as const,
  };
  const part = c.part ?? { amount: t.amount, fee: t.fee };
  const whole = part.amount === t.amount;
  const money = { transactionId: t.id, currency: t.currency, memo };
  if (c.resolution === 'refund_buyer') {
    return commitChange(tx, t, {
      ...decided,
      ...(whole
        ? { to: 'cancelled' as const, set: { paymentStatus: 'refunded' as const, cancelledAt: c.now } }
        : { to: 'completed' as const, set: { completedAt: c.now } }),
      entry: refundEntry({ ...money, buyerId: t.buyerId, total: part.amount + part.fee }),
    });
  }
  if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  const parts = { ...money, sellerId: t.sellerId, amount: part.amount, fee: part.fee };
  return commitChange(tx, t, {
    ...decided,
    to: 'completed',
    set: { completedAt: c.now },
    entry:
      c.resolution === 'release_to_seller'
        ? releaseEntry(parts)
        : splitEntry({ ...parts, buyerId: t.buyerId, refund: c.refund ?? 0n }),
  });
}
