import { splitEscrowAmounts } from '@holdfast/contracts';
import type { Tx } from '../db/client.js';
import type { AccountRef } from './accounts.js';
import { LedgerError, postEntry, type EntryInput, type EntrySql } from './post-entry.js';

/**
 * Every way money can move, one named function each: the one place to read which accounts a movement
 * touches and by how much (DESIGN section 3). Each posts exactly one balanced journal entry inside the
 * caller's database transaction, so it commits or rolls back with the state change that causes it.
 *
 * - depositToWallet:           provider_clearing → wallet            (card deposit)
 * - fundEscrowFromWallet:      buyer's wallet → escrow               (pay the total from the wallet)
 * - fundEscrowByCard:          provider_clearing → escrow            (a card payment funds the total)
 * - returnCardPaymentToWallet: provider_clearing → buyer's wallet    (a card payment that cannot fund)
 * - releaseEscrow:             escrow → seller's wallet (amount) + fees (fee)
 * - refundEscrow:              escrow → buyer's wallet (total)
 * - splitEscrow:               escrow → buyer (R + fee share) + seller (amount − R) + fees (the rest)
 * - withdrawToPayouts:         wallet → payouts_pending              (a withdrawal is requested)
 * - completePayout:            payouts_pending → provider_clearing   (the payout provider paid it: the money left)
 * - returnFailedPayout:        payouts_pending → the same wallet     (the payout failed: the money comes back)
 *
 * The withdrawal movements carry the withdrawal's id in `paymentId`, so each one can be traced to it.
 *
 * The movements a state change causes (funding, release, refund) also have their entry as a value
 * (`walletFundingEntry`, `cardFundingEntry`, `releaseEntry`, `refundEntry`: the same postings, from the same
 * function) so the change can write it in its own statement (transactions.sql.ts `writeChange`), one round
 * trip fewer; the entry's statement text and checks stay in post-entry.ts either way.
 */

const wallet = (userId: string, currency: string): AccountRef => ({ type: 'wallet', userId, currency });
const escrow = (transactionId: string, currency: string): AccountRef => ({
  type: 'escrow',
  transactionId,
  currency,
});
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
export function depositToWallet(tx: Tx, m: CardMoney & { userId: string; memo?: string }) {
  return postEntry(tx, {
    kind: 'deposit',
    userId: m.userId,
    paymentId: m.paymentId,
    memo: m.memo ?? `Card deposit ${m.paymentId}`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      { account: wallet(m.userId, m.currency), amount: m.amount },
    ],
  });
}

interface WalletFunding {
  transactionId: string;
  buyerId: string;
  currency: string;
  total: bigint;
}

/** The buyer pays the transaction's total from their wallet into escrow (never below zero). */
export function fundEscrowFromWallet(tx: Tx, m: WalletFunding) {
  return postEntry(tx, walletFundingEntry(m));
}

const FUNDED_FROM_WALLET = 'Funded from wallet';

/** fundEscrowFromWallet's entry. */
export function walletFundingEntry(m: WalletFunding): EntryInput {
  return {
    kind: 'wallet_funding',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: FUNDED_FROM_WALLET,
    postings: [
      { account: wallet(m.buyerId, m.currency), amount: -m.total },
      { account: escrow(m.transactionId, m.currency), amount: m.total },
    ],
  };
}

/** A confirmed card payment of exactly the total funds escrow. */
export function fundEscrowByCard(tx: Tx, m: CardMoney & { transactionId: string; buyerId: string }) {
  return postEntry(tx, cardFundingEntry(m));
}

/** fundEscrowByCard's entry. */
export function cardFundingEntry(m: CardMoney & { transactionId: string; buyerId: string }): EntryInput {
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
export function returnCardPaymentToWallet(tx: Tx, m: CardMoney & { transactionId: string; buyerId: string }) {
  return postEntry(tx, {
    kind: 'overpayment_refund',
    transactionId: m.transactionId,
    paymentId: m.paymentId,
    userId: m.buyerId,
    memo: `Card payment ${m.paymentId} could not fund the transaction; credited to the buyer's wallet`,
    postings: [
      { account: clearing(m.provider, m.currency), amount: -m.amount },
      { account: wallet(m.buyerId, m.currency), amount: m.amount },
    ],
  });
}

interface Release {
  transactionId: string;
  sellerId: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  memo?: string;
}

/** Escrow pays the amount to the seller and the fee to the fee account ("the fee is deducted from the payout"). */
export function releaseEscrow(tx: Tx, m: Release) {
  return postEntry(tx, releaseEntry(m));
}

const BUYER_CONFIRMED = 'Buyer confirmed receipt';

/** releaseEscrow's entry. */
export function releaseEntry(m: Release): EntryInput {
  return {
    kind: 'release',
    transactionId: m.transactionId,
    userId: m.sellerId,
    memo: m.memo ?? BUYER_CONFIRMED,
    postings: [
      { account: escrow(m.transactionId, m.currency), amount: -(m.amount + m.fee) },
      { account: fees(m.currency), amount: m.fee },
      { account: wallet(m.sellerId, m.currency), amount: m.amount },
    ],
  };
}

/*
 * The two entries a release's own requests write (funding from the wallet, the buyer's confirmation) also
 * exist with SQL expressions for their values, for the statement that changes the deal and reads its
 * total, currency and parties from the row it changes (transactions.sql.ts guarded changes): the same
 * kind, memo, accounts and amounts, written out beside the functions above; movements.test.ts checks that
 * each gives exactly what its function gives.
 */
type Sql<T> = { [K in keyof T]: string };

/** walletFundingEntry with SQL expressions. */
export function walletFundingEntrySql(m: Sql<WalletFunding>): EntrySql {
  return {
    kind: 'wallet_funding',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: FUNDED_FROM_WALLET,
    postings: [
      { account: { type: 'wallet', userId: m.buyerId, currency: m.currency }, amount: `-(${m.total})`, debit: true },
      { account: { type: 'escrow', transactionId: m.transactionId, currency: m.currency }, amount: m.total },
    ],
  };
}

/** releaseEntry (the buyer's confirmation) with SQL expressions. */
export function releaseEntrySql(m: Sql<Omit<Release, 'memo'>>): EntrySql {
  return {
    kind: 'release',
    transactionId: m.transactionId,
    userId: m.sellerId,
    memo: BUYER_CONFIRMED,
    postings: [
      {
        account: { type: 'escrow', transactionId: m.transactionId, currency: m.currency },
        amount: `-(${m.amount} + ${m.fee})`,
        debit: true,
      },
      { account: { type: 'fees', currency: m.currency }, amount: m.fee },
      { account: { type: 'wallet', userId: m.sellerId, currency: m.currency }, amount: m.amount },
    ],
  };
}

interface Refund {
  transactionId: string;
  buyerId: string;
  currency: string;
  total: bigint;
  memo: string;
}

/** Escrow returns the whole total (amount and fee) to the buyer's wallet. */
export function refundEscrow(tx: Tx, m: Refund) {
  return postEntry(tx, refundEntry(m));
}

/** refundEscrow's entry. */
export function refundEntry(m: Refund): EntryInput {
  return {
    kind: 'refund',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo,
    postings: [
      { account: escrow(m.transactionId, m.currency), amount: -m.total },
      { account: wallet(m.buyerId, m.currency), amount: m.total },
    ],
  };
}

/**
 * A partial resolution: the buyer gets `refund` (0 < refund < amount) plus the same share of the fee, the
 * seller gets amount − refund, the fee account keeps the rest of the fee. Escrow pays out all it holds.
 */
export async function splitEscrow(
  tx: Tx,
  m: {
    transactionId: string;
    buyerId: string;
    sellerId: string;
    currency: string;
    amount: bigint;
    fee: bigint;
    refund: bigint;
    memo?: string;
  },
) {
  const split = splitEscrowAmounts(m.amount, m.fee, m.refund);
  if (!split) {
    throw new LedgerError(`a split refund must be between 0 and the amount (got ${m.refund} of ${m.amount})`);
  }
  const { buyerGets, sellerGets, feeKept } = split;
  const { entryId } = await postEntry(tx, {
    kind: 'partial_resolution',
    transactionId: m.transactionId,
    userId: m.buyerId,
    memo: m.memo ?? 'Dispute resolved with a partial refund',
    postings: [
      { account: escrow(m.transactionId, m.currency), amount: -(m.amount + m.fee) },
      { account: wallet(m.buyerId, m.currency), amount: buyerGets },
      { account: wallet(m.sellerId, m.currency), amount: sellerGets },
      { account: fees(m.currency), amount: feeKept },
    ].filter((p) => p.amount !== 0n), // feeKept is 0 with no fee, or when the buyer's share rounds up to it
  });
  return { entryId, buyerGets, sellerGets, feeKept };
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
export function withdrawToPayouts(tx: Tx, m: WithdrawalMoney) {
  return postEntry(tx, {
    kind: 'withdrawal',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Withdrawal ${m.withdrawalId}`,
    postings: [
      { account: wallet(m.userId, m.currency), amount: -m.amount },
      { account: payoutsPending(m.currency), amount: m.amount },
    ],
  });
}

/** The payout provider paid the withdrawal out: the money has left through its clearing account. */
export function completePayout(tx: Tx, m: WithdrawalMoney & { provider: string }) {
  return postEntry(tx, {
    kind: 'payout_completed',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Payout of withdrawal ${m.withdrawalId} paid by ${m.provider}`,
    postings: [
      { account: payoutsPending(m.currency), amount: -m.amount },
      { account: clearing(m.provider, m.currency), amount: m.amount },
    ],
  });
}

/** The payout failed: the withdrawn money returns to the wallet it came from. */
export function returnFailedPayout(tx: Tx, m: WithdrawalMoney & { reason: string }) {
  return postEntry(tx, {
    kind: 'payout_returned',
    userId: m.userId,
    paymentId: m.withdrawalId,
    memo: `Withdrawal returned: ${m.reason}`,
    postings: [
      { account: payoutsPending(m.currency), amount: -m.amount },
      { account: wallet(m.userId, m.currency), amount: m.amount },
    ],
  });
}
