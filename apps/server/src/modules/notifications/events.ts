import type { DbOrTx } from '../../db/client.js';
import { enqueueJob, type NewJob } from '../../jobs/queue.js';

/**
 * What happened, as the modules that cause it report it. Events carry ids only: the `notify` job reads
 * the current data, decides who hears of it, writes the bell's notifications and queues the emails.
 */
export type NotificationEvent =
  /** A buyer created a transaction: the seller is told, or invited to register when they have no account. */
  | { type: 'transaction.created'; transactionId: string }
  | { type: 'transaction.funded'; transactionId: string }
  | { type: 'transaction.accepted'; transactionId: string }
  | { type: 'transaction.delivered'; transactionId: string }
  /** The inspection period ends in 24 hours. */
  | { type: 'transaction.inspection_ending'; transactionId: string }
  /** The money went to the seller: the buyer confirmed, or the inspection period ended (`automatic`). */
  | { type: 'transaction.released'; transactionId: string; automatic: boolean }
  /** Cancelled (refunded when it had been funded), by a party or by a deadline. */
  | {
      type: 'transaction.cancelled';
      transactionId: string;
      reason: 'declined' | 'cancelled' | 'unfunded_deadline' | 'unaccepted_deadline' | 'late_delivery';
    }
  | { type: 'dispute.opened'; disputeId: string }
  | { type: 'dispute.offer_made'; disputeId: string; offerId: string }
  | { type: 'dispute.resolved'; disputeId: string }
  | { type: 'message.created'; messageId: string }
  | { type: 'support.replied'; ticketId: string; messageId: string }
  | { type: 'withdrawal.paid'; withdrawalId: string }
  | { type: 'withdrawal.failed'; withdrawalId: string };

/**
 * Reports an event. Call it inside the database transaction of the change it reports, so the
 * notification exists exactly when the change committed; the fan-out runs as a job.
 */
export function notify(tx: DbOrTx, event: NotificationEvent, now: Date): Promise<void> {
  return enqueueJob(tx, notifyJob(event, now));
}

/** The job `notify` queues, for a caller that writes it together with other rows in one statement. */
export function notifyJob(event: NotificationEvent, now: Date): NewJob<'notify'> {
  return { kind: 'notify', payload: { event }, runAt: now };
}
