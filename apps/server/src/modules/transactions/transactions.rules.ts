import {
  DISPUTE_MESSAGES,
  ESCROW_TIMERS,
  MILESTONE_MESSAGES,
  REVIEW_MESSAGES,
  TRANSACTION_ACTIONS,
  isStaff,
  TRANSACTION_MESSAGES as M,
  type TErrorCode,
  type TPaymentStatus,
  type TTransactionAction,
  type TTransactionStatus,
  type TViewerRole,
} from '@holdfast/contracts';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';

/**
 * The rules of a transaction as pure functions: who the caller is to it (the one relationship rule,
 * DESIGN section 5), who may act, and the state machine (DESIGN section 4). No database here.
 */

/**
 * The state machine's actions: every allowed action but opening a dispute, reviewing, and the seller's
 * cancel of the remaining stages of a deal paid in stages (transactions.milestone-rules.ts).
 */
export type TransactionAction = Exclude<TTransactionAction, 'dispute' | 'review' | 'cancel_remaining'>;

/** How the caller relates to a transaction. */
export interface Relation {
  isBuyer: boolean;
  /** The caller is the seller: the account holding the seller email verified (`sellerId`). */
  isSeller: boolean;
  /** The caller's email is the seller email but not verified yet. */
  isUnverifiedSeller: boolean;
  /** A moderator or an admin. */
  isStaff: boolean;
  /** What the caller sees the transaction as; null when they may not see it at all. */
  viewerRole: TViewerRole | null;
}

/** The caller's identity as far as a relationship needs it. */
export type Viewer = Pick<SessionUser, 'id' | 'email' | 'emailVerified' | 'role'>;

/**
 * The email under which `user` is the seller of transactions, as stored (lower case): theirs once verified,
 * else none. What lists of "my transactions" match on; relationOf applies the same rule to one row.
 */
export function sellerEmailOf(user: Pick<SessionUser, 'email' | 'emailVerified'>): string | null {
  return user.emailVerified ? user.email.toLowerCase() : null;
}

/** The parties of a transaction as the relationship rule reads them. */
export interface Parties {
  buyerId: string;
  sellerEmail: string;
  /** The account holding the seller email verified, kept by the database (migration 0020); null: none. */
  sellerId: string | null;
}

/** The one relationship rule: buyer by id, seller by the verified seller email's account, staff by role. */
export function relationOf(t: Parties, user: Viewer): Relation {
  const isBuyer = t.buyerId === user.id;
  const isSeller = t.sellerId === user.id;
  const emailMatches = user.email.toLowerCase() === t.sellerEmail.toLowerCase();
  const staff = isStaff(user.role);
  const viewerRole: TViewerRole | null = isBuyer ? 'buyer' : isSeller ? 'seller' : staff ? user.role : null;
  return { isBuyer, isSeller, isUnverifiedSeller: emailMatches && !user.emailVerified, isStaff: staff, viewerRole };
}

/** Who may take each action, and the 403 message for a party who may see but not act. */
const PERMITTED: Record<TransactionAction, { who: 'buyer' | 'seller' | 'party'; denied: string }> = {
  accept: { who: 'seller', denied: M.onlySellerAccept },
  decline: { who: 'seller', denied: M.onlySellerDecline },
  cancel: { who: 'party', denied: M.onlyPartiesCancel },
  confirm: { who: 'buyer', denied: M.onlyBuyerConfirm },
  fund: { who: 'buyer', denied: M.onlyBuyerFund },
  deliver: { who: 'seller', denied: M.onlySellerDeliver },
};

/**
 * Throws unless `user` may take `action` on `t`: 404 hides the transaction from strangers, 403 tells a
 * party or staff member who may act, and an unverified seller is asked to verify their address first.
 */
export function authorize(t: Parties, user: Viewer, action: TransactionAction) {
  const rel = relationOf(t, user);
  if (permits(rel, action)) return;
  const rule = PERMITTED[action];
  if (rel.isUnverifiedSeller && rule.who !== 'buyer') throw new AppError('EMAIL_NOT_VERIFIED', M.verifyEmailFirst);
  if (!rel.viewerRole) throw notFound(M.notFound);
  throw forbidden(rule.denied);
}

/** Whether the caller's relation to a transaction lets them take `action` (see whoMay). */
function permits(rel: Relation, action: TransactionAction): boolean {
  const who = PERMITTED[action].who;
  return who === 'buyer' ? rel.isBuyer : who === 'seller' ? rel.isSeller : rel.isBuyer || rel.isSeller;
}

/** Who may take `action`: the buyer, the seller (by verified email), or either party. */
export const whoMay = (action: TransactionAction) => PERMITTED[action].who;

/** A refused transition: its stable code and the message people read. */
export interface TransitionProblem {
  code: TErrorCode;
  message: string;
}

const TERMINAL: Record<'completed' | 'cancelled' | 'disputed', TransitionProblem> = {
  completed: { code: 'ALREADY_COMPLETED', message: M.alreadyCompleted },
  cancelled: { code: 'ALREADY_CANCELLED', message: M.alreadyCancelled },
  disputed: { code: 'UNDER_DISPUTE', message: M.underDispute },
};
const ALREADY_ACCEPTED: TransitionProblem = { code: 'ALREADY_ACCEPTED', message: M.alreadyAccepted };
const NOT_ACTIVE: TransitionProblem = { code: 'NOT_ACTIVE', message: M.notActive };
const NOT_FUNDED: TransitionProblem = { code: 'NOT_FUNDED', message: M.notFunded };
const ALREADY_FUNDED: TransitionProblem = { code: 'ALREADY_FUNDED', message: M.alreadyFunded };
const NOT_DELIVERABLE: TransitionProblem = { code: 'NOT_DELIVERABLE', message: M.notDeliverable };
const ALREADY_DELIVERED: TransitionProblem = { code: 'ALREADY_DELIVERED', message: M.alreadyDelivered };
const LATE_CANCEL_NOT_YET: TransitionProblem = { code: 'LATE_CANCEL_NOT_YET', message: M.lateCancelNotYet };

/** Why `action` is not allowed in `status`/`paymentStatus`, or null when it is. */
export function transitionProblem(
  action: TransactionAction,
  status: TTransactionStatus,
  paymentStatus: TPaymentStatus,
): TransitionProblem | null {
  switch (action) {
    case 'accept':
    case 'decline':
    case 'cancel':
      if (status === 'pending') return null;
      return status === 'active' ? ALREADY_ACCEPTED : TERMINAL[status];
    case 'confirm':
      if (status === 'pending') return NOT_ACTIVE;
      if (status !== 'active') return TERMINAL[status];
      return paymentStatus === 'succeeded' ? null : NOT_FUNDED;
    case 'fund':
      if (status !== 'pending' && status !== 'active') return TERMINAL[status];
      return paymentStatus === 'unpaid' ? null : ALREADY_FUNDED;
    case 'deliver':
      if (status === 'pending') return NOT_DELIVERABLE;
      if (status !== 'active') return TERMINAL[status];
      return paymentStatus === 'succeeded' ? null : NOT_DELIVERABLE;
  }
}

function refuse(problem: TransitionProblem | null) {
  if (problem) throw new AppError(problem.code, problem.message);
}

/** Throws the 409 for a refused transition. */
export function assertTransition(action: TransactionAction, status: TTransactionStatus, paymentStatus: TPaymentStatus) {
  refuse(transitionProblem(action, status, paymentStatus));
}

const STATUSES: readonly TTransactionStatus[] = ['pending', 'active', 'completed', 'disputed', 'cancelled'];
const PAYMENT_STATUSES: readonly TPaymentStatus[] = ['unpaid', 'succeeded', 'refunded'];

/**
 * The (status, payment status) pairs in which a permitted party may take `action`, derived from
 * transitionProblem; null for the actions whose answer needs more than the two statuses (actionProblem:
 * a delivery already marked, a late delivery's cancel by the buyer).
 */
export function statesAllowing(action: TransactionAction): [TTransactionStatus, TPaymentStatus][] | null {
  if (action === 'deliver' || action === 'cancel') return null;
  return STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.filter((payment) => transitionProblem(action, status, payment) === null).map(
      (payment): [TTransactionStatus, TPaymentStatus] => [status, payment],
    ),
  );
}

/** Next status after an allowed action; funding keeps the status. */
export function nextStatus(action: TransactionAction, status: TTransactionStatus): TTransactionStatus {
  switch (action) {
    case 'accept':
      return 'active';
    case 'decline':
    case 'cancel':
      return 'cancelled';
    case 'confirm':
      return 'completed';
    case 'fund':
    case 'deliver':
      return status;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** End of the inspection period of a delivery. */
export const inspectionEndsAt = (deliveredAt: Date, inspectionDays: number) => plusDays(deliveredAt, inspectionDays);

/** When the buyer is reminded that the inspection period ends (null when that moment has passed). */
export function inspectionReminderAt(autoReleaseAt: Date, now: Date): Date | null {
  const at = new Date(autoReleaseAt.getTime() - ESCROW_TIMERS.inspectionReminderHours * 60 * 60 * 1000);
  return at > now ? at : null;
}

/** The timer fields of a transaction row. */
export interface TimedRow {
  status: TTransactionStatus;
  paymentStatus: TPaymentStatus;
  createdAt: Date;
  fundedAt: Date | null;
  acceptedAt: Date | null;
  expectedDeliveryDate: string | null;
  deliveredAt: Date | null;
  autoReleaseAt: Date | null;
  /** Milestones of a deal paid in stages (decision 033); 0 or absent: one amount. */
  milestoneCount?: number;
}

const PAID_IN_STAGES: TransitionProblem = { code: 'PAID_IN_STAGES', message: MILESTONE_MESSAGES.paidInStages };

/** A deal paid in stages: its money moves milestone by milestone (transactions.milestone-rules.ts). */
export const isStaged = (t: { milestoneCount?: number }) => (t.milestoneCount ?? 0) > 0;

/**
 * When each timer of a transaction fires (null when it does not apply in its state): the one place the
 * deadlines are computed, for the jobs that enforce them, the rules that check them and the card that shows them.
 */
export function timersOf(t: TimedRow): {
  cancelsAt: Date | null;
  lateCancelFrom: Date | null;
  autoReleaseAt: Date | null;
} {
  const funded = t.paymentStatus === 'succeeded';
  if (isStaged(t)) {
    // Each milestone has its own timers; the deal's own is only the seller's acceptance of funded money.
    const waiting = t.status === 'pending' && funded;
    return {
      cancelsAt: waiting ? plusDays(t.fundedAt ?? t.createdAt, ESCROW_TIMERS.unacceptedCancelDays) : null,
      lateCancelFrom: null,
      autoReleaseAt: null,
    };
  }
  let cancelsAt: Date | null = null;
  if ((t.status === 'pending' || t.status === 'active') && t.paymentStatus === 'unpaid') {
    cancelsAt = plusDays(t.createdAt, ESCROW_TIMERS.unfundedCancelDays);
  } else if (t.status === 'pending' && funded) {
    cancelsAt = plusDays(t.fundedAt ?? t.createdAt, ESCROW_TIMERS.unacceptedCancelDays);
  }
  let lateCancelFrom: Date | null = null;
  if (t.status === 'active' && funded && !t.deliveredAt) {
    const due = t.expectedDeliveryDate ? new Date(`${t.expectedDeliveryDate}T00:00:00Z`) : t.acceptedAt;
    if (due) lateCancelFrom = plusDays(due, ESCROW_TIMERS.lateDeliveryGraceDays);
  }
  const autoReleaseAt = t.status === 'active' && funded && t.deliveredAt ? t.autoReleaseAt : null;
  return { cancelsAt, lateCancelFrom, autoReleaseAt };
}

/**
 * Why a party may not take `action` on this transaction at `now`, or null when they may: the state
 * machine, plus what the status alone cannot tell (a delivery already marked; a late delivery's cancel).
 */
export function actionProblem(
  action: TransactionAction,
  t: TimedRow,
  by: 'buyer' | 'seller',
  now: Date,
): TransitionProblem | null {
  if (isStaged(t)) {
    // Accepting, declining and cancelling before acceptance are the deal's; the money moves per milestone.
    if (action === 'fund' || action === 'deliver' || action === 'confirm') return PAID_IN_STAGES;
    if (action === 'cancel' && t.status === 'active') return PAID_IN_STAGES;
    return transitionProblem(action, t.status, t.paymentStatus);
  }
  if (action === 'deliver')
    return transitionProblem(action, t.status, t.paymentStatus) ?? (t.deliveredAt ? ALREADY_DELIVERED : null);
  if (action === 'cancel' && by === 'buyer' && t.status === 'active' && t.paymentStatus === 'succeeded') {
    if (t.deliveredAt) return ALREADY_DELIVERED;
    const { lateCancelFrom } = timersOf(t);
    return lateCancelFrom && now >= lateCancelFrom ? null : LATE_CANCEL_NOT_YET;
  }
  return transitionProblem(action, t.status, t.paymentStatus);
}

/** Throws the 409 for a refused action (see actionProblem). */
export function assertAction(action: TransactionAction, t: TimedRow, by: 'buyer' | 'seller', now: Date) {
  refuse(actionProblem(action, t, by, now));
}

const ALREADY_DISPUTED: TransitionProblem = { code: 'UNDER_DISPUTE', message: DISPUTE_MESSAGES.alreadyDisputed };
const NOT_DISPUTABLE: TransitionProblem = { code: 'NOT_DISPUTABLE', message: DISPUTE_MESSAGES.notDisputable };

/**
 * Why a party may not open a dispute on this transaction, or null when they may: only money held in
 * escrow can be decided over (decision 011), once. The disputes module checks it before opening one.
 */
export function disputeProblem(t: Pick<TimedRow, 'status' | 'paymentStatus'>): TransitionProblem | null {
  if (t.status === 'disputed') return ALREADY_DISPUTED;
  const inEscrow = (t.status === 'pending' || t.status === 'active') && t.paymentStatus === 'succeeded';
  return inEscrow ? null : NOT_DISPUTABLE;
}

const NOT_COMPLETED: TransitionProblem = { code: 'NOT_COMPLETED', message: REVIEW_MESSAGES.notCompleted };
const SELLER_MISSING: TransitionProblem = { code: 'SELLER_MISSING', message: M.sellerMissing };

/**
 * Why a party may not review the other one, or null when they may: the deal is completed and the other
 * party has an account (`revieweeId`; a seller's once their address is verified). Once each: the
 * reviews module refuses a second review of the same party.
 */
export function reviewProblem(status: TTransactionStatus, revieweeId: string | null): TransitionProblem | null {
  if (status !== 'completed') return NOT_COMPLETED;
  return revieweeId ? null : SELLER_MISSING;
}

/** Throws the 409 for a dispute refused by disputeProblem. */
export function assertDisputable(t: Pick<TimedRow, 'status' | 'paymentStatus'>) {
  refuse(disputeProblem(t));
}

/** Throws the 409 for a review refused by reviewProblem. */
export function assertReviewable(status: TTransactionStatus, revieweeId: string | null): asserts revieweeId is string {
  refuse(reviewProblem(status, revieweeId));
}

/** A transaction as allowedActions reads it: its parties (the seller's account, once verified) and timers. */
export type ActionableRow = TimedRow & { buyerId: string; sellerEmail: string; sellerId: string | null };

/**
 * What `viewer` may do to `t` at `now` (the transaction's `allowedActions`), by the predicates that
 * refuse the action when it is attempted: permits and actionProblem (the state machine's actions, as
 * authorize and assertAction), disputeProblem and reviewProblem. Staff only look: no actions.
 */
export function allowedActions(t: ActionableRow, viewer: Viewer, now: Date): TTransactionAction[] {
  const rel = relationOf(t, viewer);
  if (!rel.isBuyer && !rel.isSeller) return [];
  const by = rel.isBuyer ? 'buyer' : 'seller';
  return TRANSACTION_ACTIONS.filter((action) => {
    switch (action) {
      case 'dispute':
        // A deal paid in stages is disputed milestone by milestone (each milestone's allowedActions).
        return !isStaged(t) && disputeProblem(t) === null;
      case 'review':
        return reviewProblem(t.status, rel.isBuyer ? t.sellerId : t.buyerId) === null;
      case 'cancel_remaining':
        // Read from the milestones (stagedDealActions, transactions.milestone-rules.ts).
        return false;
      default:
        return permits(rel, action) && actionProblem(action, t, by, now) === null;
    }
  });
}

/**
 * The next moment at which the clock alone changes allowedActions after `now`, or null: the buyer's
 * cancel of a late delivery opens at lateCancelFrom (actionProblem); everything else waits for a change
 * of the row. An answer kept for later is stale from then on.
 */
export function allowedActionsChangeAt(t: TimedRow, now: Date): Date | null {
  const { lateCancelFrom } = timersOf(t);
  return lateCancelFrom && lateCancelFrom > now ? lateCancelFrom : null;
}

/** How the end of a deal is recorded: the history's action, the notification's reason and the refund's memo. */
export const ENDINGS = {
  decline: { reason: 'declined', memo: 'Declined by the seller' },
  cancel: { reason: 'cancelled', memo: 'Cancelled before acceptance' },
  cancel_late_delivery: { reason: 'late_delivery', memo: 'Cancelled by the buyer: not delivered in time' },
  expire_unfunded: { reason: 'unfunded_deadline', memo: 'Cancelled automatically: not funded in time' },
  expire_unaccepted: {
    reason: 'unaccepted_deadline',
    memo: 'Cancelled automatically: the seller did not accept in time',
  },
} as const;
export type Ending = keyof typeof ENDINGS;

/** A cancel that `actionProblem` allowed: before acceptance, or the buyer's cancel of a late delivery. */
export function cancelEnding(action: 'decline' | 'cancel', status: TTransactionStatus): Ending {
  if (action === 'decline') return 'decline';
  return status === 'active' ? 'cancel_late_delivery' : 'cancel';
}

/** The timers' own rules: each one acts only if the transaction is still in the state that started it. */
export function autoReleaseDue(t: TimedRow, now: Date): boolean {
  const { autoReleaseAt } = timersOf(t);
  return autoReleaseAt !== null && autoReleaseAt <= now;
}

export function deadlineDue(t: TimedRow, deadline: 'unfunded' | 'unaccepted', now: Date): boolean {
  const { cancelsAt } = timersOf(t);
  if (!cancelsAt || now < cancelsAt) return false;
  if (isStaged(t)) return deadline === 'unaccepted' && t.status === 'pending' && t.paymentStatus === 'succeeded';
  return deadline === 'unfunded'
    ? t.paymentStatus === 'unpaid'
    : t.status === 'pending' && t.paymentStatus === 'succeeded';
}

/** The inspection-ending reminder still makes sense: delivered, awaiting the buyer, not yet released. */
export function inspectionReminderDue(t: TimedRow, now: Date): boolean {
  const { autoReleaseAt } = timersOf(t);
  return autoReleaseAt !== null && now < autoReleaseAt;
}
