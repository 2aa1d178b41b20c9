/**
 * Every kind of job and its payload: the one list of timed and background work. Handlers live with their
 * module (`<module>.jobs.ts`) and are registered in jobs/handlers.ts.
 */
export interface JobPayloads {
  /** A deadline of a transaction (DESIGN section 4): cancels it if it is still in the state that expired. */
  'transaction.deadline': { transactionId: string; deadline: 'unfunded' | 'unaccepted' };
  /** End of the inspection period: releases the money unless confirmed or disputed meanwhile. */
  'transaction.auto-release': { transactionId: string };
  /** 24 hours before the inspection period ends: reminds the buyer. */
  'transaction.inspection-reminder': { transactionId: string };
  /** Fans an event out to in-app notifications, the realtime bell and emails (modules/notifications). */
  notify: { event: import('../modules/notifications/events.js').NotificationEvent };
  /**
   * Sends one email through the email provider. It carries the email's words and is rendered when it goes
   * (React Email, loaded by the first one, emails/render.ts): a small row instead of the HTML. The
   * rendered form is what jobs queued before that change carry; they are sent as they are.
   */
  'email.send':
    | { to: string; email: import('../emails/index.js').EmailContent }
    | { to: string; subject: string; text: string; html: string };
  /** Asks the payout provider how a withdrawal's payout ended; settles it when it has. */
  'payout.settle': { withdrawalId: string };
}

export type JobKind = keyof JobPayloads;
