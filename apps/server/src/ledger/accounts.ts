import { isCurrencyCode } from '@holdfast/contracts';

/** Which ledger account a posting touches. Accounts are created on first use. */
export type AccountRef =
  | { type: 'wallet'; userId: string; currency: string }
  /**
   * A deal's escrow; a deal paid in stages has one per milestone (decision 033), so each milestone's money
   * is a balance of its own that the ledger keeps non-negative and the checks can read.
   */
  | { type: 'escrow'; transactionId: string; currency: string; milestoneId?: string }
  | { type: 'fees'; currency: string }
  | { type: 'provider_clearing'; provider: string; currency: string }
  /** Withdrawals on their way to a bank account: out of the wallet, not yet paid by the payout provider. */
  | { type: 'payouts_pending'; currency: string };

export type AccountType = AccountRef['type'];

/** Accounts whose balance must never go below zero. provider_clearing mirrors money owed by a provider. */
export function mustStayNonNegative(type: AccountType): boolean {
  return type !== 'provider_clearing';
}

/** The stable identity of an account; also the order in which accounts are locked. */
export function accountKey(ref: AccountRef): string {
  if (!isCurrencyCode(ref.currency)) throw new Error(`ledger: unsupported currency ${ref.currency}`);
  switch (ref.type) {
    case 'wallet':
      return `wallet:${nonEmpty(ref.userId)}:${ref.currency}`;
    case 'escrow':
      return ref.milestoneId
        ? `escrow:${nonEmpty(ref.transactionId)}:${ref.milestoneId}:${ref.currency}`
        : `escrow:${nonEmpty(ref.transactionId)}:${ref.currency}`;
    case 'fees':
      return `fees:${ref.currency}`;
    case 'provider_clearing':
      return `provider_clearing:${nonEmpty(ref.provider)}:${ref.currency}`;
    case 'payouts_pending':
      return `payouts_pending:${ref.currency}`;
  }
}

function nonEmpty(s: string): string {
  if (!s) throw new Error('ledger: account owner is missing');
  return s;
}

export function accountColumns(ref: AccountRef) {
  return {
    key: accountKey(ref),
    type: ref.type,
    currency: ref.currency,
    userId: ref.type === 'wallet' ? ref.userId : null,
    transactionId: ref.type === 'escrow' ? ref.transactionId : null,
    provider: ref.type === 'provider_clearing' ? ref.provider : null,
  };
}
