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

/** A case as the money helpers read it: a milestone's case (decision 033) is of that milestone's money. */
type DisputeMoney = Pick<TDispute, 'transaction' | 'disputedAmount'> & Partial<Pick<TDispute, 'milestone'>>;

/**
 * The money a case still holds (decision 022): the amount in dispute and its fee share, in the shape
 * previewSplit and RefundField take. The whole deal (or milestone) unless the buyer disputed part of it.
 */
export function disputedMoney(d: DisputeMoney): {
  amount: string;
  fee: string;
  currency: string;
  /** Amount plus fee share: what escrow holds for the case. */
  held: string;
} {
  const { currency } = d.transaction;
  const places = decimalsOf(currency);
  const amount = toMinor(d.milestone?.amount ?? d.transaction.amount, places) ?? 0n;
  const fee = toMinor(d.milestone?.fee ?? d.transaction.fee, places) ?? 0n;
  const part = disputedPartOf(amount, fee, toMinor(d.disputedAmount, places) ?? amount);
  return {
    amount: fromMinor(part.amount, places),
    fee: fromMinor(part.fee, places),
    currency,
    held: fromMinor(part.amount + part.fee, places),
  };
}

/** "Disputed: R 300,00 of R 500,00 — R 200,00 already released to the seller"; null for a whole dispute. */
export function disputeSplitText(d: DisputeMoney & Pick<TDispute, 'undisputedReleased'>) {
  const { currency } = d.transaction;
  if ((toMinor(d.undisputedReleased, decimalsOf(currency)) ?? 0n) === 0n) return null;
  const money = (v: string) => formatMoney(v, currency);
  return PARTIAL_DISPUTE_MESSAGES.split(
    money(d.disputedAmount),
    money(d.milestone?.amount ?? d.transaction.amount),
    money(d.undisputedReleased),
  );
}

/** The stage a case is over, on a deal paid in stages (decision 033): 'Stage 2: Build'; null otherwise. */
export function disputedStage(d: Partial<Pick<TDispute, 'milestone'>>): string | null {
  return d.milestone ? `Stage ${d.milestone.position}: ${d.milestone.title}` : null;
}

/** What a case is over, as its lists and headings name it: the deal, and the stage of a deal paid in stages. */
export function disputeSubject(d: Pick<TDispute, 'transaction'> & Partial<Pick<TDispute, 'milestone'>>): string {
  const stage = disputedStage(d);
  return stage ? `${d.transaction.description} — ${stage}` : d.transaction.description;
}

/**
 * What a case is over as the moderators' queue shows it: the deal's total, or on a deal paid in stages the
 * disputed stage's (its amount and fee, what its escrow took), named by the stage ('Stage 2').
 */
export function caseTotal(d: Pick<TDispute, 'transaction'> & Partial<Pick<TDispute, 'milestone'>>): {
  stage: string | null;
  total: string;
} {
  if (!d.milestone) return { stage: null, total: d.transaction.total };
  const places = decimalsOf(d.transaction.currency);
  const total = (toMinor(d.milestone.amount, places) ?? 0n) + (toMinor(d.milestone.fee, places) ?? 0n);
  return { stage: `Stage ${d.milestone.position}`, total: fromMinor(total, places) };
}
