import {
  TRANSACTION_MESSAGES as M,
  type TErrorCode,
  type TPaymentStatus,
  type TTransactionStatus,
  type TViewerRole,
} from '@holdfast/contracts';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';

/**
 * The rules of a transaction as pure functions: who the caller is to it (the one relationship rule,
 * DESIGN section 5), who may act, and the state machine (DESIGN section 4). No database here.
 */

export type TransactionAction = 'accept' | 'decline' | 'cancel' | 'confirm' | 'fund';

/** How the caller relates to a transaction. */
export interface Relation {
  isBuyer: boolean;
  /** The caller's verified email is the seller email. */
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

/** The one relationship rule: buyer by id, seller by verified email, staff by role, else a stranger. */
export function relationOf(t: { buyerId: string; sellerEmail: string }, user: Viewer): Relation {
  const isBuyer = t.buyerId === user.id;
  const emailMatches = user.email.toLowerCase() === t.sellerEmail.toLowerCase();
  const isSeller = emailMatches && user.emailVerified;
  const isStaff = user.role === 'moderator' || user.role === 'admin';
  const viewerRole: TViewerRole | null = isBuyer
    ? 'buyer'
    : isSeller
      ? 'seller'
      : user.role === 'moderator' || user.role === 'admin'
        ? user.role
        : null;
  return { isBuyer, isSeller, isUnverifiedSeller: emailMatches && !user.emailVerified, isStaff, viewerRole };
}

/** Who may take each action, and the 403 message for a party who may see but not act. */
const PERMITTED: Record<TransactionAction, { who: 'buyer' | 'seller' | 'party'; denied: string }> = {
  accept: { who: 'seller', denied: M.onlySellerAccept },
  decline: { who: 'seller', denied: M.onlySellerDecline },
  cancel: { who: 'party', denied: M.onlyPartiesCancel },
  confirm: { who: 'buyer', denied: M.onlyBuyerConfirm },
  fund: { who: 'buyer', denied: M.onlyBuyerFund },
};

/**
 * Throws unless `user` may take `action` on `t`: 404 hides the transaction from strangers, 403 tells a
 * party or staff member who may act, and an unverified seller is asked to verify their address first.
 */
export function authorize(t: { buyerId: string; sellerEmail: string }, user: Viewer, action: TransactionAction) {
  const rel = relationOf(t, user);
  const rule = PERMITTED[action];
  const allowed =
    rule.who === 'buyer' ? rel.isBuyer : rule.who === 'seller' ? rel.isSeller : rel.isBuyer || rel.isSeller;
  if (allowed) return;
  if (rel.isUnverifiedSeller && rule.who !== 'buyer') throw new AppError('EMAIL_NOT_VERIFIED', M.verifyEmailFirst);
  if (!rel.viewerRole) throw notFound(M.notFound);
  throw forbidden(rule.denied);
}

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
  }
}

/** Throws the 409 for a refused transition. */
export function assertTransition(action: TransactionAction, status: TTransactionStatus, paymentStatus: TPaymentStatus) {
  const problem = transitionProblem(action, status, paymentStatus);
  if (problem) throw new AppError(problem.code, problem.message);
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
      return status;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
