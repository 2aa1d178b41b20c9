import { ESCROW_TIMERS, TRANSACTION_MESSAGES as M, type TTransactionStatus } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { AnyNewJob } from '../../jobs/queue.js';
import { DAY } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import { refundEntry, releaseEntry, type EntryInput } from '../../ledger/index.js';
import { notifyJob, type NotificationEvent } from '../notifications/index.js';
import { findSellerId, type TransactionRow } from './transactions.queries.js';
import { writeChange, writeExpectedChange, type Change, type Changes } from './transactions.sql.js';
import { ENDINGS, inspectionEndsAt, inspectionReminderAt, type Ending } from './transactions.rules.js';

/**
 * The effects of each transition, shared by the people who cause them (the service) and the timers
 * (transactions.jobs.ts): one place each for how a deal is released, cancelled, funded and delivered.
 * Callers hold the transaction row's lock and have checked that the transition is allowed.
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
  /** The money the change moves (a ledger/movements.ts entry), written by the same statement. */
  entry?: EntryInput;
}

function toChange(t: TransactionRow, c: ChangeSpec): Change {
  return {
    transactionId: t.id,
    actorId: c.actorId,
    action: c.action,
    from: t.status,
    to: c.to,
    now: c.now,
    set: c.set ?? {},
    jobs: [...(c.event ? [notifyJob(c.event, c.now)] : []), ...(c.jobs ?? [])],
    ...(c.entry ? { entry: c.entry } : {}),
  };
}

/**
 * Writes a state change, records it in the history, reports it (the notify job) and queues its timers
 * (`jobs`): the last step of every transition, in one statement (an UPDATE and INSERTs as writable
 * CTEs, all or nothing). Returns the updated row, so the caller's view needs no second read.
 */
export async function commitChange(tx: Tx, t: TransactionRow, c: ChangeSpec): Promise<TransactionRow> {
  const row = await writeChange(tx, toChange(t, c));
  // The caller holds the row's lock, so the row is there.
  if (!row) throw new Error(`transaction ${t.id} vanished while locked`);
  return row;
}

/**
 * The same change for a row read without its lock (`t`, its statuses checked by the caller's rules):
 * one statement, no database transaction, written only while the row still has t's statuses (see
 * writeExpectedChange). Null when it no longer does: the caller takes the locked path.
 */
export function commitExpectedChange(db: DbOrTx, t: TransactionRow, c: ChangeSpec): Promise<TransactionRow | null> {
  return writeExpectedChange(db, toChange(t, c), t.paymentStatus);
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
 * Escrow is funded (from the wallet or by card; the caller names the ledger entry, written with the change):
 * the payment status and time, the history, the notification, and while the seller has not accepted yet,
 * the unaccepted deadline.
 */
export function fundedChange(
  t: TransactionRow,
  c: { actorId: ActorId; action: string; now: Date; entry: EntryInput },
): ChangeSpec {
  return {
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
  };
}

/** fundedChange written under the row's lock. */
export function markFunded(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: ActorId; action: string; now: Date; entry: EntryInput },
) {
  return commitChange(tx, t, fundedChange(t, c));
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
 * end of the inspection period (`automatic`, recorded with the system as the actor).
 */
export function releaseChange(
  t: TransactionRow,
  c: { actorId: ActorId; now: Date; automatic: boolean; sellerId: string },
): ChangeSpec {
  return {
    actorId: c.actorId,
    action: c.automatic ? 'auto_release' : 'confirm',
    to: 'completed',
    now: c.now,
    set: { completedAt: c.now },
    event: { type: 'transaction.released', transactionId: t.id, automatic: c.automatic },
    entry: releaseEntry({
      transactionId: t.id,
      sellerId: c.sellerId,
      currency: t.currency,
      amount: t.amount,
      fee: t.fee,
      ...(c.automatic ? { memo: 'Released automatically after the inspection period' } : {}),
    }),
  };
}

/** releaseChange written under the row's lock; a seller without a verified account is SELLER_MISSING. */
export async function releaseToSeller(
  tx: Tx,
  t: TransactionRow,
  c: {
    actorId: ActorId;
    now: Date;
    automatic: boolean;
    /** The seller's account when the caller read it with the locked row (null: none); looked up if absent. */
    sellerId?: string | null;
  },
) {
  const sellerId = c.sellerId !== undefined ? c.sellerId : await findSellerId(tx, t.sellerEmail);
  if (!sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  return commitChange(tx, t, releaseChange(t, { ...c, sellerId }));
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
