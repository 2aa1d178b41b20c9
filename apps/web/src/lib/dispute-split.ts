import type { TDisputeStatus } from '@holdfast/contracts';
import { decimalsOf, fromMinor, splitEscrowAmounts, toMinor } from '@holdfast/contracts/constants';

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
