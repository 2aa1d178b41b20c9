import {
  TRANSACTION_MESSAGES as M,
  type TTransactionStatus,
  type TPaymentStatus,
  type TViewerRole,
} from '@holdfast/contracts';
import type { SessionUser } from '../../lib/auth-context.js';

export type TransactionAction = 'accept' | 'decline' | 'cancel' | 'confirm' | 'fund';

/** How the caller relates to a transaction (DESIGN section 5). */
export interface Relation {
  isBuyer: boolean;
  /** The caller's verified email is the seller email. */
  isSeller: boolean;
  /** The caller's email is the seller email but not verified yet. */
  isUnverifiedSeller: boolean;
  isStaff: boolean;
  /** Null when the caller may not even see the transaction. */
  viewerRole: TViewerRole | null;
}

export function relationOf(t: { buyerId: string; sellerEmail: string }, user: SessionUser): Relation {
  const isBuyer = t.buyerId === user.id;
  const emailMatches = user.email.toLowerCase() === t.sellerEmail;
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

const TERMINAL: Partial<Record<TTransactionStatus, string>> = {
  completed: M.alreadyCompleted,
  cancelled: M.alreadyCancelled,
  disputed: M.underDispute,
};

/** The 409 message when `action` is not allowed in `status`/`paymentStatus`, or null when it is. */
export function transitionConflict(
  action: TransactionAction,
  status: TTransactionStatus,
  paymentStatus: TPaymentStatus,
): string | null {
  switch (action) {
    case 'accept':
    case 'decline':
    case 'cancel':
      if (status === 'pending') return null;
      return status === 'active' ? M.alreadyAccepted : TERMINAL[status]!;
    case 'confirm':
      if (status === 'pending') return M.notActive;
      if (status !== 'active') return TERMINAL[status]!;
      return paymentStatus === 'succeeded' ? null : M.notFunded;
    case 'fund':
      if (status !== 'pending' && status !== 'active') return TERMINAL[status]!;
      return paymentStatus === 'unpaid' ? null : M.alreadyFunded;
  }
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
