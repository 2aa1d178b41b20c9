import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, type TTransaction } from '@holdfast/contracts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/index.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  minorOf,
  parties,
} from '../../test/money-factories.js';
import { outcomeOf, NO_PAYOUT } from './transactions.outcome.js';

/**
 * The outcome a transaction's answer carries (issue 32): where its money went per party, equal to the
 * ledger's postings out of escrow, whatever ended it (confirmation, cancellation, a moderator's decision, an
 * agreement, a partial dispute).
 */
let t: TestApp;
let moderator: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerUser(t.app, { role: 'moderator' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();

/** The ledger's postings out of escrow for a transaction, per kind of account (minor units). */
async function ledgerPayouts(transactionId: string, buyerId: string) {
  const rows = await db()
    .select({ amount: postings.amount, type: ledgerAccounts.type, userId: ledgerAccounts.userId })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(journalEntries.transactionId, transactionId),
        inArray(journalEntries.kind, ['release', 'refund', 'partial_resolution', 'partial_release']),
      ),
    );
  const sum = (keep: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(keep).reduce((total, r) => total + r.amount, 0n);
  return {
    buyer: sum((r) => r.type === 'wallet' && r.userId === buyerId),
    seller: sum((r) => r.type === 'wallet' && r.userId !== buyerId),
    fees: sum((r) => r.type === 'fees'),
  };
}

/** The outcome's figures in minor units, to compare with the ledger. */
const minor = (o: NonNullable<TTransaction['outcome']>) => ({
  buyer: minorOf(o.buyerRefunded, 'ZAR'),
  seller: minorOf(o.sellerReceived, 'ZAR'),
  fees: minorOf(o.feeKept, 'ZAR'),
});

async function disputed(disputedAmount?: string) {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'The camera lens is cracked',
    ...(disputedAmount ? { disputedAmount } : {}),
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}

const resolve = (id: string, body: object) => as(t.app, moderator)('PATCH', `/api/disputes/${id}/resolve`, body);

/** Both parties read the same outcome, equal to the ledger and to the wallets' balances. */
async function expectOutcome(
  deal: { buyer: RegisteredUser; seller: RegisteredUser; transaction: { id: string } },
  expected: Partial<NonNullable<TTransaction['outcome']>>,
) {
  const asBuyer = await view(deal.buyer, deal.transaction.id);
  const asSeller = await view(deal.seller, deal.transaction.id);
  expect(asBuyer.outcome).toEqual(asSeller.outcome);
  expect(asBuyer.outcome).toMatchObject(expected);
  const ledger = await ledgerPayouts(deal.transaction.id, deal.buyer.user.id);
  expect(minor(asBuyer.outcome!)).toEqual(ledger);
  // Fresh parties: the buyer's wallet held exactly the total before funding it.
  expect(await getWalletBalance(db(), deal.buyer.user.id, 'ZAR')).toBe(ledger.buyer);
  expect(await getWalletBalance(db(), deal.seller.user.id, 'ZAR')).toBe(ledger.seller);
  expect(await getAccountBalance(db(), `escrow:${deal.transaction.id}:ZAR`)).toBe(0n);
  expect((await checkLedger(db())).problems).toEqual([]);
  return asBuyer;
}

describe('the outcome of a transaction', () => {
  it('is null while a deal is open and nothing has left escrow', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    expect((await view(deal.buyer, deal.transaction.id)).outcome).toBeNull();
  });

  it('release: the seller received the amount, the fee kept, nothing back to the buyer', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const res = await as(t.app, deal.buyer)('PATCH', `/api/transactions/${deal.transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(res.statusCode).toBe(200);
    // The change's own answer carries it too.
    expect(res.json().outcome).toMatchObject({ ending: 'released', sellerReceived: '100.00' });
    await expectOutcome(deal, {
      ending: 'released',
      buyerRefunded: '0.00',
      sellerReceived: '100.00',
      feeKept: '3.00',
      heldInEscrow: '0.00',
      decidedBy: null,
    });
  });

  it('refund by a moderator: the whole total back to the buyer; cancelled, never a release', async () => {
    const deal = await disputed();
    expect((await resolve(deal.disputeId, { resolution: 'refund_buyer', resolutionNotes: 'Lost' })).statusCode).toBe(
      200,
    );
    const seen = await expectOutcome(deal, {
      ending: 'refunded',
      buyerRefunded: '103.00',
      sellerReceived: '0.00',
      feeKept: '0.00',
      decidedBy: 'moderator',
    });
    expect(seen.status).toBe('cancelled');
  });

  it('split by a moderator: each side what the ledger paid it', async () => {
    const deal = await disputed();
    const res = await resolve(deal.disputeId, {
      resolution: 'partial_resolution',
      refundAmount: '40.00',
      resolutionNotes: 'Half the lens kit was missing',
    });
    expect(res.statusCode).toBe(200);
    const seen = await expectOutcome(deal, {
      ending: 'split',
      buyerRefunded: '41.20',
      sellerReceived: '60.00',
      feeKept: '1.80',
      decidedBy: 'moderator',
    });
    expect(seen.status).toBe('completed');
  });

  it('split by agreement: an accepted offer reads as decided by agreement', async () => {
    const deal = await disputed();
    const offer = await as(t.app, deal.seller)('POST', `/api/disputes/${deal.disputeId}/offers`, {
      refundAmount: '25.00',
      message: 'A quarter back',
    });
    expect(offer.statusCode).toBe(201);
    const answer = await as(t.app, deal.buyer)(
      'PATCH',
      `/api/disputes/${deal.disputeId}/offers/${offer.json().id}/accept`,
    );
    expect(answer.statusCode).toBe(200);
    await expectOutcome(deal, { ending: 'split', sellerReceived: '75.00', decidedBy: 'agreement' });
  });

  it('a partial dispute: part paid to the seller at open (ending null, the rest held), then refunded: a split', async () => {
    const deal = await disputed('30.00');
    const open = await view(deal.seller, deal.transaction.id);
    expect(open.status).toBe('disputed');
    expect(open.outcome).toMatchObject({ ending: null, sellerReceived: '70.00', buyerRefunded: '0.00' });
    expect(minorOf(open.outcome!.heldInEscrow, 'ZAR')).toBe(
      await getAccountBalance(db(), `escrow:${deal.transaction.id}:ZAR`),
    );
    expect(
      (await resolve(deal.disputeId, { resolution: 'refund_buyer', resolutionNotes: 'Part lost' })).statusCode,
    ).toBe(200);
    const seen = await expectOutcome(deal, { ending: 'split', sellerReceived: '70.00', buyerRefunded: '30.90' });
    // Completed (the seller was paid the rest at open), yet the buyer's part came back: the outcome says so.
    expect(seen.status).toBe('completed');
  });

  it('a funded deal cancelled before acceptance: refunded in full', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '100.00' });
    await creditWallet(db(), buyer.user.id, 10_300n);
    expect((await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`)).statusCode).toBe(200);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`)).statusCode).toBe(200);
    await expectOutcome({ buyer, seller, transaction: created }, { ending: 'refunded', buyerRefunded: '103.00' });
  });

  it('an unfunded deal cancelled: nothing moved; the list carries the same outcome', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '100.00' });
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/decline`)).statusCode).toBe(200);
    const expected = {
      ending: 'cancelled',
      buyerRefunded: '0.00',
      sellerReceived: '0.00',
      feeKept: '0.00',
      heldInEscrow: '0.00',
      decidedBy: null,
    };
    expect((await view(buyer, created.id)).outcome).toEqual(expected);
    const list: TTransaction[] = (await as(t.app, buyer)('GET', '/api/transactions')).json();
    expect(list.find((x) => x.id === created.id)?.outcome).toEqual(expected);
  });

  it('the list reads the same figures as the transaction', async () => {
    const deal = await disputed();
    await resolve(deal.disputeId, { resolution: 'partial_resolution', refundAmount: '10.00', resolutionNotes: 'x' });
    const list: TTransaction[] = (await as(t.app, deal.seller)('GET', '/api/transactions')).json();
    expect(list.find((x) => x.id === deal.transaction.id)?.outcome).toEqual(
      (await view(deal.seller, deal.transaction.id)).outcome,
    );
  });
});

describe('outcomeOf (pure)', () => {
  const row = { status: 'completed' as const, paymentStatus: 'succeeded' as const, total: 10_300n, currency: 'ZAR' };
  it('names the ending by who was paid', () => {
    expect(outcomeOf(row, { ...NO_PAYOUT, seller: 10_000n, fees: 300n })?.ending).toBe('released');
    expect(outcomeOf({ ...row, status: 'cancelled' }, { ...NO_PAYOUT, buyer: 10_300n })?.ending).toBe('refunded');
    expect(outcomeOf(row, { ...NO_PAYOUT, buyer: 4120n, seller: 6000n, fees: 180n })?.ending).toBe('split');
    expect(outcomeOf({ ...row, status: 'cancelled', paymentStatus: 'unpaid' }, NO_PAYOUT)?.ending).toBe('cancelled');
    expect(outcomeOf({ ...row, status: 'active' }, NO_PAYOUT)).toBeNull();
  });
});
