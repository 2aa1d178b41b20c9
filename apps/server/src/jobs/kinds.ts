import {
  JOB_LANES,
  type CurrencyCode,
  type TJobLane,
  type TTierLimitKind,
  type TVerificationTier,
} from '@holdfast/contracts';
import type { EmailContent } from '../emails/index.js';

/**
 * Every kind of job and its payload: the one list of timed and background work. Handlers live with their
 * module (`<module>.jobs.ts`), each declaring the few dependencies it uses; services.ts gives them those.
 */
export interface JobPayloads {
  /** A deadline of a transaction (DESIGN section 4): cancels it if it is still in the state that expired. */
  'transaction.deadline': { transactionId: string; deadline: 'unfunded' | 'unaccepted' };
  /** End of the inspection period: releases the money unless confirmed or disputed meanwhile. */
  'transaction.auto-release': { transactionId: string };
  /** 24 hours before the inspection period ends: reminds the buyer. */
  'transaction.inspection-reminder': { transactionId: string };
  /** A milestone's inspection period ended (decision 033): releases it unless confirmed or disputed meanwhile. */
  'milestone.auto-release': { transactionId: string; milestoneId: string };
  /** A milestone's funding deadline: ends the deal's unfunded milestones if it is still unfunded. */
  'milestone.deadline': { transactionId: string; milestoneId: string };
  /** 24 hours before a milestone's inspection period ends: reminds the buyer. */
  'milestone.inspection-reminder': { transactionId: string; milestoneId: string };
  /** Fans an event out to in-app notifications, the realtime bell and emails (modules/notifications). */
  notify: { event: NotificationEvent };
  /**
   * Sends one email through the email provider. It carries the email's words and is rendered when it goes
   * (React Email, loaded by the first one, emails/render.ts): a small row instead of the HTML. The
   * rendered form is what jobs queued before that change carry; they are sent as they are.
   */
  'email.send': { to: string; email: EmailContent } | { to: string; subject: string; text: string; html: string };
  /** Asks the payout provider how a withdrawal's payout ended; settles it when it has. */
  'payout.settle': { withdrawalId: string };
  /** A dispute's response deadline: silence is recorded and the moderators told (modules/disputes). */
  'dispute.response-deadline': { disputeId: string };
  /** An open dispute no moderator took in time: every admin is told. */
  'dispute.assign-escalation': { disputeId: string };
  /** An assigned dispute not decided in time: every admin is told. */
  'dispute.decision-escalation': { disputeId: string };
  /** The daily check of the ledger's invariants (ledger/daily-check.ts); queues the next day's itself. */
  'ledger.check': Record<string, never>;
  /** KYC_RETENTION_DAYS after an identity decision: deletes the documents, keeps the decision (modules/identity). */
  'identity.purge-documents': { verificationId: string };
}

export type JobKind = keyof JobPayloads;

/**
 * Each kind runs in a lane with its own concurrency (scheduler.ts), so money never waits behind a backlog of
 * emails: `money` moves or settles money, `notify` fans events out, `email` talks to the mail server. A
 * money job that gives up alerts every admin. Every kind must name its lane (decision 020).
 */
export { JOB_LANES };
export type JobLane = TJobLane;

export const LANE_OF_KIND: Record<JobKind, JobLane> = {
  'transaction.deadline': 'money',
  'transaction.auto-release': 'money',
  'transaction.inspection-reminder': 'money',
  'milestone.auto-release': 'money',
  'milestone.deadline': 'money',
  'milestone.inspection-reminder': 'money',
  'payout.settle': 'money',
  // Watches the money: a check that cannot run alerts the admins as a failed money job does.
  'ledger.check': 'money',
  notify: 'notify',
  // Dispute clocks move no money (a timer never decides a case): they mark the case and tell people.
  'dispute.response-deadline': 'notify',
  'dispute.assign-escalation': 'notify',
  'dispute.decision-escalation': 'notify',
  // Deletes files and moves no money: it never waits in the money lane.
  'identity.purge-documents': 'notify',
  'email.send': 'email',
};

/**
 * Jobs of each lane one worker runs at once, unless JOBS_CONCURRENCY_* says otherwise. On PostgreSQL they
 * share the instance's pool of 10 connections with its requests, each holding one only for a statement or
 * its own database transaction (an email none while it is sent).
 */
export const DEFAULT_LANE_CONCURRENCY: Record<JobLane, number> = { money: 4, notify: 2, email: 4 };

/**
 * What happened, as the modules that cause it report it (modules/notifications `notify`). Events carry ids
 * only: the `notify` job reads the current data, decides who hears of it, writes the bell's notifications
 * and queues the emails. It is that job's payload, so it lives here, below every module that reports one.
 */
export type NotificationEvent =
  /** A buyer created a transaction: the seller is told, or invited to register when they have no account. */
  | { type: 'transaction.created'; transactionId: string }
  /**
   * The events of a deal's money and delivery. On a deal paid in stages they name the milestone
   * (`milestoneId`, decision 033): its amount, its inspection period, its refund.
   */
  | { type: 'transaction.funded'; transactionId: string; milestoneId?: string }
  | { type: 'transaction.accepted'; transactionId: string }
  | { type: 'transaction.delivered'; transactionId: string; milestoneId?: string }
  /** The inspection period ends in 24 hours. */
  | { type: 'transaction.inspection_ending'; transactionId: string; milestoneId?: string }
  /** The money went to the seller: the buyer confirmed, or the inspection period ended (`automatic`). */
  | { type: 'transaction.released'; transactionId: string; automatic: boolean; milestoneId?: string }
  /** Cancelled (refunded when it had been funded), by a party or by a deadline. */
  | {
      type: 'transaction.cancelled';
      transactionId: string;
      reason: 'declined' | 'cancelled' | 'unfunded_deadline' | 'unaccepted_deadline' | 'late_delivery';
      milestoneId?: string;
    }
  /**
   * A deal paid in stages: the seller cancelled its remaining stages (decision 033). `milestoneIds`: the
   * milestones it ended, each refunded (funded) or cancelled (unfunded).
   */
  | { type: 'transaction.stages_cancelled'; transactionId: string; milestoneIds: string[] }
  | { type: 'dispute.opened'; disputeId: string }
  | { type: 'dispute.offer_made'; disputeId: string; offerId: string }
  | { type: 'dispute.resolved'; disputeId: string }
  /** The other party let the response deadline pass: the moderators are told the case has no response. */
  | { type: 'dispute.no_response'; disputeId: string }
  /** No moderator took the case (`unassigned`), or its moderator did not decide (`undecided`), in time: every admin. */
  | { type: 'dispute.escalated'; disputeId: string; reason: 'unassigned' | 'undecided' }
  /** A party or staff added a file to the case: the other party and the assigned moderator are told. */
  | { type: 'dispute.evidence_added'; disputeId: string; evidenceId: string }
  /** A party wrote a statement in the case: the other party and the assigned moderator are told. */
  | { type: 'dispute.statement_added'; disputeId: string; statementId: string }
  /** A decision above DISPUTE_SECOND_REVIEW_AMOUNT waits for a second moderator or an admin. */
  | { type: 'dispute.second_review_requested'; disputeId: string }
  | { type: 'message.created'; messageId: string }
  | { type: 'support.replied'; ticketId: string; messageId: string }
  /** A withdrawal's payout was asked for: its owner hears where it goes and when it should arrive. */
  | { type: 'withdrawal.pending'; withdrawalId: string }
  | { type: 'withdrawal.paid'; withdrawalId: string }
  | { type: 'withdrawal.failed'; withdrawalId: string }
  /** A person submitted identity documents: they hear what happens next, the reviewers that one waits. */
  | { type: 'identity.submitted'; verificationId: string }
  /** An identity submission was verified or rejected (by staff or the hosted provider): the person is told. */
  | { type: 'identity.decided'; verificationId: string }
  /** Sanctions screening held it: its owner (in plain words, no list details) and every admin (to review it). */
  | { type: 'withdrawal.held'; withdrawalId: string }
  /** Staff released a held withdrawal (the payout proceeds) or rejected it (the money is back): its owner. */
  | { type: 'withdrawal.released'; withdrawalId: string }
  | { type: 'withdrawal.rejected'; withdrawalId: string }
  /**
   * A verification tier's limit refused a deal or a withdrawal (403 VERIFICATION_REQUIRED): the person hears
   * which limit, the next step and how long it takes. `tier` is the account's when it was refused: once the
   * tier changed, that limit no longer stands and nobody is told (notifications.tier-limits.ts).
   */
  | {
      type: 'verification.limit_reached';
      userId: string;
      limit: TTierLimitKind;
      tier: TVerificationTier;
      currency: CurrencyCode;
    }
  /** A money job gave up after its last attempt (scheduler.ts): every admin is told. */
  | { type: 'job.failed'; jobId: string };
