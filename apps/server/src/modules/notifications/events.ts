import type { DbOrTx } from '../../db/client.js';
import { enqueueJob, type NewJob, type NotificationEvent } from '../../jobs/index.js';

export type { NotificationEvent };

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
