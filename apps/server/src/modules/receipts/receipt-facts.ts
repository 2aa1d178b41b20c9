import type { PostingFact } from './receipts.queries.js';

/** Where a finished deal's money went, each figure the sum of the ledger's own postings (minor units). */
export interface DealMoney {
  /** What the buyer paid into escrow (the funding entry's escrow credit). */
  paid: bigint;
  /** What reached the seller's wallet (releases, a partial release, a split's share). */
  sellerReceived: bigint;
  /** What went back to the buyer's wallet (a refund, a split's share). */
  buyerRefunded: bigint;
  /** What the fees account kept. */
  fee: bigint;
  fundedAt: Date | null;
  /** The last movement that paid escrow out. */
  finishedAt: Date | null;
  outcome: 'released' | 'refunded' | 'split';
}

const FUNDING = new Set(['wallet_funding', 'card_funding']);
const PAYING_OUT = new Set(['release', 'refund', 'partial_resolution', 'partial_release']);

/**
 * Adds up a deal's postings. Null while escrow still holds money or nothing was ever paid in: the deal
 * is not finished, or it ended (declined, cancelled) before it was funded, and there is nothing to receipt.
 */
export function dealMoney(buyerId: string, facts: PostingFact[]): DealMoney | null {
  let paid = 0n;
  let sellerReceived = 0n;
  let buyerRefunded = 0n;
  let fee = 0n;
  let escrow = 0n;
  let fundedAt: Date | null = null;
  let finishedAt: Date | null = null;
  for (const p of facts) {
    if (p.accountType === 'escrow') escrow += p.amount;
    if (FUNDING.has(p.kind) && p.accountType === 'escrow') {
      paid += p.amount;
      fundedAt ??= p.at;
    }
    if (!PAYING_OUT.has(p.kind)) continue;
    finishedAt = p.at;
    if (p.accountType === 'fees') fee += p.amount;
    else if (p.accountType === 'wallet' && p.accountUserId === buyerId) buyerRefunded += p.amount;
    else if (p.accountType === 'wallet') sellerReceived += p.amount;
  }
  if (paid === 0n || escrow !== 0n || finishedAt === null) return null;
  const outcome = buyerRefunded === 0n ? 'released' : sellerReceived === 0n ? 'refunded' : 'split';
  return { paid, sellerReceived, buyerRefunded, fee, fundedAt, finishedAt, outcome };
}
