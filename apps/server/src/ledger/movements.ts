import { disputedPartOf, splitEscrowAmounts } from '@holdfast/contracts';
import type { AccountRef } from './accounts.js';
import { LedgerError, type EntryInput } from './post-entry.js';

/**
 * Every way money can move, one named function each: the one place to read which accounts a movement
 * touches and by how much (DESIGN section 3). Each gives the movement's journal entry; postEntry writes it
 * inside the caller's database transaction, so it commits or rolls back with the change that causes it
 * (a transaction's own changes pass it to commitChange, transactions.transitions.ts).
 *
 * - depositEntry:              provider_clearing → wallet            (card deposit)
 * - walletFundingEntry:        buyer's wallet → escrow               (pay the total from the wallet)
 * - milestoneWalletFundingEntry: buyer's wallet → each milestone's escrow (pay stages of a deal, decision 033)
 * - milestoneCardFundingEntry: provider_clearing → each milestone's escrow (a card payment funds stages)
 * - cardFundingEntry:          provider_clearing → escrow            (a card payment funds the total)
 * - cardPaymentToWalletEntry:  provider_clearing → buyer's wallet    (a card payment that cannot fund)
 * - releaseEntry:              escrow → seller's wallet (amount) + fees (fee)
 * - refundEntry:               escrow → buyer's wallet (total)
 * - milestonesRefundEntry:     each funded milestone's escrow → buyer's wallet (a staged deal ends unaccepted)
 * - splitEntry:                escrow → buyer (R + fee share) + seller (amount − R) + fees (the rest)
 * - partialReleaseEntry:       escrow → seller (amount − D) + fees (the rest of the fee) (a partial dispute opens)
 * - withdrawalEntry:           wallet → payouts_pending              (a withdrawal is requested)
 * - payoutCompletedEntry:      payouts_pending → provider_clearing   (the payout provider paid it: the money left)
 * - payoutReturnedEntry:       payouts_pending → the same wallet     (the payout failed: the money comes back)
 *
 * Release, refund, split and partial release take an optional `milestoneId`: a deal paid in stages moves
 * each milestone's money from that milestone's own escrow account.
 *
 * The withdrawal movements carry the withdrawal's id in `paymentId`, so each one can be traced to it.
 */

const wallet = (userId: string, currency: string): AccountRef => ({ type: 'wallet', userId, currency });
/** A deal's escrow, or one milestone's escrow of a deal paid in stages (decision 033). */
const escrow = (transactionId: string, currency: string, milestoneId?: string): AccountRef => ({
  type: 'escrow',
  transactionId,
  currency,
  ...(milestoneId ? { milestoneId } : {}),
});

/** The milestone whose escrow a movement uses; absent: the deal's own escrow. */
interface OfMilestone {
  milestoneId?: string;
}

/** Several milestones of one deal paid at once: each milestone's escrow receives exactly its total. */
export interface MilestoneShare {
  milestoneId: string;
  total: bigint;
}
const fees = (currency: string): AccountRef => ({ type: 'fees', currency });
const payoutsPending = (currency: string): AccountRef => ({ type: 'payouts_pending', currency });
const clearing = (provider: string, currency: string): AccountRef => ({
  type: 'provider_clearing',
  provider,
  currency,
});

interface CardMoney {
  currency: string;
  /** Minor units the provider confirmed. */
  amount: bigint;
  provider: string;
  /** Our payment id; the entry carries it so one payment is credited once. */
  paymentId: string;
}

/** A card deposit lands in the user's wallet. */
export function depositEntry(m: CardMoney & { userId: string; memo?: string }): EntryInput {
  return {
    kind: 'deposit',
    userId: m.userId,
    paymentId: m.paymentId,
    memo: m.memo ?? `Card deposit ${m.paymentId}`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      { account: wallet(m.userId, m.currency), amount: m.amount },
    ],
  };
}

/** The buyer pays the transaction's total from their wallet into escrow (never below zero). */
export function walletFundingEntry(m: {
  transactionId: string;
  buyerId: string;
  currency: string;
  total: bigint;
}): EntryInput {
  return {
    kind: 'wallet_funding',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: 'Funded from wallet',
    postings: [
      { account: wallet(m.buyerId, m.currency), amount: -m.total },
      { account: escrow(m.transactionId, m.currency), amount: m.total },
    ],
  };
}

/**
 * The buyer pays one or more milestones of a deal paid in stages from their wallet: one entry, each
 * milestone's escrow credited with exactly its total (never below zero on the wallet).
 */
export function milestoneWalletFundingEntry(m: {
  transactionId: string;
  buyerId: string;
  currency: string;
  milestones: readonly MilestoneShare[];
  memo: string;
}): EntryInput {
  const total = m.milestones.reduce((sum, x) => sum + x.total, 0n);
  return {
    kind: 'wallet_funding',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo,
    postings: [
      { account: wallet(m.buyerId, m.currency), amount: -total },
      ...m.milestones.map((x) => ({ account: escrow(m.transactionId, m.currency, x.milestoneId), amount: x.total })),
    ],
  };
}

type CardPayment = CardMoney & { transactionId: string; buyerId: string };

/**
 * A confirmed card payment of exactly the named milestones' totals funds each milestone's escrow with its
 * own total (the caller checked that they sum to the payment).
 */
export function milestoneCardFundingEntry(m: CardPayment & { milestones: readonly MilestoneShare[] }): EntryInput {
  const total = m.milestones.reduce((sum, x) => sum + x.total, 0n);
  if (total !== m.amount) throw new LedgerError(`milestone totals ${total} differ from the payment ${m.amount}`);
  return {
    kind: 'card_funding',
    transactionId: m.transactionId,
    paymentId: m.paymentId,
    userId: m.buyerId,
    memo: `Card payment ${m.paymentId}`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      ...m.milestones.map((x) => ({ account: escrow(m.transactionId, m.currency, x.milestoneId), amount: x.total })),
    ],
  };
}

/** A confirmed card payment of exactly the total funds escrow. */
export function cardFundingEntry(m: CardPayment): EntryInput {
  return {
    kind: 'card_funding',
    transactionId: m.transactionId,
    paymentId: m.paymentId,
    userId: m.buyerId,
    memo: `Card payment ${m.paymentId}`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      { account: escrow(m.transactionId, m.currency), amount: m.amount },
    ],
  };
}

/** A card payment that can no longer fund its transaction goes to the buyer's wallet: it never vanishes. */
export function cardPaymentToWalletEntry(m: CardPayment): EntryInput {
  return {
    kind: 'overpayment_refund',
    transactionId: m.transactionId,
    paymentId: m.paymentId,
    userId: m.buyerId,
    memo: `Card payment ${m.paymentId} could not fund the transaction; credited to the buyer's wallet`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      { account: wallet(m.buyerId, m.currency), amount: m.amount },
    ],
  };
}

/** Escrow pays the amount to the seller and the fee to the fee account ("the fee is deducted from the payout"). */
export function releaseEntry(
  m: OfMilestone & {
    transactionId: string;
    sellerId: string;
    currency: string;
    amount: bigint;
    fee: bigint;
    memo?: string;
  },
): EntryInput {
  return {
    kind: 'release',
    transactionId: m.transactionId,
    userId: m.sellerId,
    memo: m.memo ?? 'Buyer confirmed receipt',
    postings: [
      { account: escrow(m.transactionId, m.currency, m.milestoneId), amount: -(m.amount + m.fee) },
      { account: fees(m.currency), amount: m.fee },
      { account: wallet(m.sellerId, m.currency), amount: m.amount },
    ],
  };
}

/** Escrow returns the whole total (amount and fee) to the buyer's wallet. */
export function refundEntry(
  m: OfMilestone & {
    transactionId: string;
    buyerId: string;
    currency: string;
    total: bigint;
    memo: string;
  },
): EntryInput {
  return {
    kind: 'refund',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo,
    postings: [
      { account: escrow(m.transactionId, m.currency, m.milestoneId), amount: -m.total },
      { account: wallet(m.buyerId, m.currency), amount: m.total },
    ],
  };
}

/**
 * Funded milestones of a deal paid in stages end undelivered (the deal ends before acceptance, or the
 * seller cancels the remaining stages): each one's escrow returns its whole total to the buyer's wallet,
 * in one entry.
 */
export function milestonesRefundEntry(m: {
  transactionId: string;
  buyerId: string;
  currency: string;
  milestones: readonly MilestoneShare[];
  memo: string;
}): EntryInput {
  const total = m.milestones.reduce((sum, x) => sum + x.total, 0n);
  return {
    kind: 'refund',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo,
    postings: [
      ...m.milestones.map((x) => ({ account: escrow(m.transactionId, m.currency, x.milestoneId), amount: -x.total })),
      { account: wallet(m.buyerId, m.currency), amount: total },
    ],
  };
}

/**
 * A partial resolution: the buyer gets `refund` (0 < refund < amount) plus the same share of the fee, the
 * seller gets amount − refund, the fee account keeps the rest of the fee. Escrow pays out all it holds.
 */
export function splitEntry(
  m: OfMilestone & {
    transactionId: string;
    buyerId: string;
    sellerId: string;
    currency: string;
    amount: bigint;
    fee: bigint;
    refund: bigint;
    memo?: string;
  },
): EntryInput {
  const split = splitEscrowAmounts(m.amount, m.fee, m.refund);
  if (!split) {
    throw new LedgerError(`a split refund must be between 0 and the amount (got ${m.refund} of ${m.amount})`);
  }
  const { buyerGets, sellerGets, feeKept } = split;
  return {
    kind: 'partial_resolution',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo ?? 'Dispute resolved with a partial refund',
    postings: [
      { account: escrow(m.transactionId, m.currency, m.milestoneId), amount: -(m.amount + m.fee) },
      { account: wallet(m.buyerId, m.currency), amount: buyerGets },
      { account: wallet(m.sellerId, m.currency), amount: sellerGets },
      { account: fees(m.currency), amount: feeKept },
    ].filter((p) => p.amount !== 0n), // feeKept is 0 with no fee, or when the buyer's share rounds up to it
  };
}

/**
 * A buyer disputes D of the amount (0 < D < amount): the undisputed remainder goes to the seller at once,
 * less its share of the fee (disputedPartOf: the disputed part keeps fee × D / amount, rounded half-up, as
 * a refund of D would). Escrow keeps exactly D plus its fee share for the dispute's outcome.
 */
export function partialReleaseEntry(
  m: OfMilestone & {
    transactionId: string;
    sellerId: string;
    currency: string;
    amount: bigint;
    fee: bigint;
    disputed: bigint;
  },
): EntryInput {
  if (m.disputed <= 0n || m.disputed >= m.amount) {
    throw new LedgerError(`a partial release needs 0 < disputed < amount (got ${m.disputed} of ${m.amount})`);
  }
  const part = disputedPartOf(m.amount, m.fee, m.disputed);
  return {
    kind: 'partial_release',
    transactionId: m.transactionId,
    userId: m.sellerId,
    memo: 'Undisputed part released when the dispute opened',
    postings: [
      { account: escrow(m.transactionId, m.currency, m.milestoneId), amount: -(part.released + part.releasedFee) },
      { account: wallet(m.sellerId, m.currency), amount: part.released },
      { account: fees(m.currency), amount: part.releasedFee },
    ].filter((p) => p.amount !== 0n), // the remainder's fee share is 0 with no fee
  };
}

interface WithdrawalMoney {
  withdrawalId: string;
  userId: string;
  currency: string;
  /** Minor units withdrawn. */
  amount: bigint;
}

/**
 * A withdrawal leaves the wallet at once, so the money cannot be spent twice while the payout is under
 * way; like every wallet debit it refuses to overdraw (INSUFFICIENT_FUNDS).
 */
export function withdrawalEntry(m: WithdrawalMoney): EntryInput {
  return {
    kind: 'withdrawal',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Withdrawal ${m.withdrawalId}`,
    postings: [
      { account: wallet(m.userId, m.currency), amount: -m.amount },
      { account: payoutsPending(m.currency), amount: m.amount },
    ],
  };
}

/** The payout provider paid the withdrawal out: the money has left through its clearing account. */
export function payoutCompletedEntry(m: WithdrawalMoney & { provider: string }): EntryInput {
  return {
    kind: 'payout_completed',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Payout of withdrawal ${m.withdrawalId} paid by ${m.provider}`,
    postings: [
      { account: payoutsPending(m.currency), amount: -m.amount },
      { account: clearing(m.provider, m.currency), amount: m.amount },
    ],
  };
}

/** The payout failed: the withdrawn money returns to the wallet it came from. */
export function payoutReturnedEntry(m: WithdrawalMoney & { reason: string }): EntryInput {
  return {
    kind: 'payout_returned',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Withdrawal returned: ${m.reason}`,
    postings: [
      { account: payoutsPending(m.currency), amount: -m.amount },
      { account: wallet(m.userId, m.currency), amount: m.amount },
    ],
  };
}
