import type { TDispute, TDisputeStatus } from '@holdfast/contracts';
import {
  PARTIAL_DISPUTE_MESSAGES,
  decimalsOf,
  disputedPartOf,
  formatMoney,
  fromMinor,
  splitEscrowAmounts,
  toMinor,
} from '@holdfast/contracts/constants';

/** What each side would receive for a refund typed as text, with the server's own rule; null until valid. */
export function previewSplit(
  tx: { amount: string; fee: string; currency: string },
  refund: string,
): { buyerReceives: string; sellerReceives: string } | null {
  const places = decimalsOf(tx.currency);
  const amount = toMinor(tx.amount, places);
  const fee = toMinor(tx.fee, places);
  const r = toMinor(refund, places);
  if (amount === null || fee === null || r === null) return null;
  const split = splitEscrowAmounts(amount, fee, r);
  if (!split) return null;
  return { buyerReceives: fromMinor(split.buyerGets, places), sellerReceives: fromMinor(split.sellerGets, places) };
}

export const DISPUTE_STATUS_LABELS: Record<TDisputeStatus, string> = {
  open: 'Open',
  in_review: 'In review',
  resolved: 'Resolved',
};

/**
 * The money a case still holds (decision 022): the amount in dispute and its fee share, in the shape
 * previewSplit and RefundField take. The whole deal unless the buyer disputed part of it.
 */
export function disputedMoney(d: Pick<TDispute, 'transaction' | 'disputedAmount'>): {
  amount: string;
  fee: string;
  currency: string;
  /** Amount plus fee share: what escrow holds for the case. */
  held: string;
} {
  const { currency } = d.transaction;
  const places = decimalsOf(currency);
  const amount = toMinor(d.transaction.amount, places) ?? 0n;
  const fee = toMinor(d.transaction.fee, places) ?? 0n;
  const part = disputedPartOf(amount, fee, toMinor(d.disputedAmount, places) ?? amount);
  return {
    amount: fromMinor(part.amount, places),
    fee: fromMinor(part.fee, places),
    currency,
    held: fromMinor(part.amount + part.fee, places),
  };
}

/** "Disputed: R 300,00 of R 500,00 — R 200,00 already released to the seller"; null for a whole dispute. */
export function disputeSplitText(d: Pick<TDispute, 'transaction' | 'disputedAmount' | 'undisputedReleased'>) {
  const { currency } = d.transaction;
  if ((toMinor(d.undisputedReleased, decimalsOf(currency)) ?? 0n) === 0n) return null;
  const money = (v: string) => formatMoney(v, currency);
  return PARTIAL_DISPUTE_MESSAGES.split(
    money(d.disputedAmount),
    money(d.transaction.amount),
    money(d.undisputedReleased),
  );
}
