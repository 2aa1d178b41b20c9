import { ESCROW_TIMERS, TRANSACTION_MESSAGES as M, type TTransactionStatus } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import type { AnyNewJob } from '../../jobs/queue.js';
import { DAY } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import {
  refundEntry,
  releaseEntry,
  releaseEntrySql,
  walletFundingEntrySql,
  type EntryInput,
} from '../../ledger/index.js';
import { notifyJob, type NotificationEvent } from '../notifications/index.js';
import type { TransactionRow } from './transactions.queries.js';
import { writeChange, type Change, type Changes, type GuardedChange, type RowEntry } from './transactions.sql.js';
import {
  ENDINGS,
  inspectionEndsAt,
  inspectionReminderAt,
  type Ending,
  type TransactionAction,
} from './transactions.rules.js';

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

/** The jobs a change queues: its notification, then its timers. */
const jobsOf = (c: ChangeSpec) => [...(c.event ? [notifyJob(c.event, c.now)] : []), ...(c.jobs ?? [])];

function toChange(t: TransactionRow, c: ChangeSpec): Change {
  return {
    transactionId: t.id,
    actorId: c.actorId,
    action: c.action,
    from: t.status,
    to: c.to,
    now: c.now,
    set: c.set ?? {},
    jobs: jobsOf(c),
    ...(c.entry ? { entry: c.entry } : {}),
  };
}

/**
 * The same change as one guarded statement for a row not read first (guardedChange: the statuses, who
 * may act and the entry's accounts are checked by the statement itself); `entry` reads the money from the
 * row. Null from guardedChange sends the caller down the locked path.
 */
export function guarded(
  action: TransactionAction,
  c: ChangeSpec,
  more: { from?: TTransactionStatus; entry?: RowEntry } = {},
): GuardedChange {
  return { action, recorded: c.action, now: c.now, set: c.set ?? {}, jobs: jobsOf(c), ...more };
}

/** The wallet funding's entry over the funded row (walletFundingEntry, with the row's values). */
export const WALLET_FUNDING_FROM_ROW: RowEntry = {
  kind: 'wallet_funding',
  build: (column) =>
    walletFundingEntrySql({
      transactionId: column('id'),
      buyerId: column('buyerId'),
      currency: column('currency'),
      total: column('total'),
    }),
};

/** The buyer's release's entry over the confirmed row (releaseEntry, with the row's values and seller). */
export const RELEASE_FROM_ROW: RowEntry = {
  kind: 'release',
  build: (column) =>
    releaseEntrySql({
      transactionId: column('id'),
      sellerId: column('sellerId'),
      currency: column('currency'),
      amount: column('amount'),
      fee: column('fee'),
    }),
};

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
  t: Pick<TransactionRow, 'id' | 'status'>,
  c: { actorId: ActorId; action: string; now: Date; entry?: EntryInput },
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
  t: Pick<TransactionRow, 'id'>,
  c: { actorId: ActorId; now: Date; automatic: boolean },
): ChangeSpec {
  return {
    actorId: c.actorId,
    action: c.automatic ? 'auto_release' : 'confirm',
    to: 'completed',
    now: c.now,
    set: { completedAt: c.now },
    event: { type: 'transaction.released', transactionId: t.id, automatic: c.automatic },
  };
}

/** releaseChange written under the row's lock; a seller without a verified account is SELLER_MISSING. */
export async function releaseToSeller(
  tx: Tx,
  t: TransactionRow,
  c: { actorId: ActorId; now: Date; automatic: boolean },
) {
  const sellerId = t.sellerId;
  if (!sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  return commitChange(tx, t, {
    ...releaseChange(t, c),
    entry: releaseEntry({
      transactionId: t.id,
      sellerId,
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
