import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES as M, PARTIAL_DISPUTE_MESSAGES as P, formatMoney } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import {
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  minorOf,
} from '../../test/money-factories.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';

let t: TestApp;
let moderator: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerUser(t.app, { role: 'moderator' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const expectHealthyLedger = async () => expect((await checkLedger(db())).problems).toEqual([]);
type Deal = Awaited<ReturnType<typeof acceptedFundedTransaction>>;

const openDispute = (who: RegisteredUser, transactionId: string, disputedAmount?: string | number) =>
  as(t.app, who)('POST', '/api/disputes', {
    transactionId,
    type: 'wrong_item',
    description: 'I received 3 of the 5 items',
    ...(disputedAmount === undefined ? {} : { disputedAmount }),
  });

/**
 * ZAR 500.00 (fee 15.00, total 515.00) funded and accepted; the buyer disputes `disputed` of it. For
 * 300.00: the disputed part keeps 9.00 of the fee (15 × 300 / 500), the remainder 200.00 goes to the
 * seller and 6.00 to the fee account at once; escrow keeps 309.00.
 */
async function partial(disputed = '300.00', amount = '500.00') {
  const deal = await acceptedFundedTransaction(t.app, { amount });
  const fees = await getAccountBalance(db(), 'fees:ZAR');
  const res = await openDispute(deal.buyer, deal.transaction.id, disputed);
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string, dispute: res.json(), feesBefore: fees };
}

async function balances(deal: Deal & { feesBefore: bigint }) {
  return {
    buyer: await getWalletBalance(db(), deal.buyer.user.id, 'ZAR'),
    seller: await getWalletBalance(db(), deal.seller.user.id, 'ZAR'),
    escrow: await getAccountBalance(db(), `escrow:${deal.transaction.id}:ZAR`),
    fees: (await getAccountBalance(db(), 'fees:ZAR')) - deal.feesBefore,
  };
}

const resolve = (id: string, body: object) => as(t.app, moderator)('PATCH', `/api/disputes/${id}/resolve`, body);
const transactionOf = async (deal: Deal) =>
  (await as(t.app, deal.buyer)('GET', `/api/transactions/${deal.transaction.id}`)).json();
const caseOf = async (deal: Deal & { disputeId: string }) =>
  (await as(t.app, deal.buyer)('GET', `/api/disputes/${deal.disputeId}`)).json();

describe('a buyer disputes part of the amount', () => {
  it('releases the undisputed remainder less its fee share at once; escrow keeps the disputed part', async () => {
    const deal = await partial();
    expect(deal.dispute).toMatchObject({ disputedAmount: '300.00', undisputedReleased: '200.00', status: 'open' });
    expect(await balances(deal)).toEqual({ buyer: 0n, seller: 20_000n, escrow: 30_900n, fees: 600n });
    const c = await caseOf(deal);
    expect(c.transaction.status).toBe('disputed');
    expect(c.timeline.map((e: { action: string }) => e.action).slice(-2)).toEqual([
      'dispute',
      'dispute_partial_release',
    ]);
    await expectHealthyLedger();
  });

  it('then release_to_seller: the disputed part and its fee share go out; completed', async () => {
    const deal = await partial();
    const res = await resolve(deal.disputeId, { resolution: 'release_to_seller', resolutionNotes: 'All 5 arrived' });
    expect(res.statusCode).toBe(200);
    expect(await balances(deal)).toEqual({ buyer: 0n, seller: 50_000n, escrow: 0n, fees: 1_500n });
    expect(await transactionOf(deal)).toMatchObject({ status: 'completed', paymentStatus: 'succeeded' });
    await expectHealthyLedger();
  });

  it('then refund_buyer: the disputed part with its fee share back to the buyer; completed (seller paid part)', async () => {
    const deal = await partial();
    const res = await resolve(deal.disputeId, { resolution: 'refund_buyer', resolutionNotes: '2 items missing' });
    expect(res.statusCode).toBe(200);
    expect(await balances(deal)).toEqual({ buyer: 30_900n, seller: 20_000n, escrow: 0n, fees: 600n });
    expect(await transactionOf(deal)).toMatchObject({ status: 'completed', paymentStatus: 'succeeded' });
    await expectHealthyLedger();
  });

  it('then a moderator’s split: the refund is of the disputed part, with its share of that part’s fee', async () => {
    const deal = await partial();
    const res = await resolve(deal.disputeId, {
      resolution: 'partial_resolution',
      resolutionNotes: 'One of the two missing items arrived late',
      refundAmount: '100.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundAmount: '100.00', disputedAmount: '300.00' });
    // Buyer: 100.00 + 9.00 × 100 / 300 = 103.00; seller: 200.00 + 200.00; fees: 6.00 + 6.00.
    expect(await balances(deal)).toEqual({ buyer: 10_300n, seller: 40_000n, escrow: 0n, fees: 1_200n });
    expect(await transactionOf(deal)).toMatchObject({ status: 'completed' });
    await expectHealthyLedger();
  });

  it('then an accepted offer: its amounts are of the disputed part, and it settles that part', async () => {
    const deal = await partial();
    const made = await as(t.app, deal.seller)('POST', `/api/disputes/${deal.disputeId}/offers`, {
      refundAmount: '150.00',
      message: 'Half of the disputed part back',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ refundAmount: '150.00', buyerReceives: '154.50', sellerReceives: '150.00' });
    expect((await caseOf(deal)).offers[0]).toMatchObject({ buyerReceives: '154.50', sellerReceives: '150.00' });
    const res = await as(t.app, deal.buyer)('PATCH', `/api/disputes/${deal.disputeId}/offers/${made.json().id}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', settledByAgreement: true, undisputedReleased: '200.00' });
    expect(await balances(deal)).toEqual({ buyer: 15_450n, seller: 35_000n, escrow: 0n, fees: 1_050n });
    await expectHealthyLedger();
  });

  it('rounds to the cent and empties escrow with odd amounts in every outcome', async () => {
    // 100.01 (fee 3.00), 33.33 disputed: its fee share 1.00 (3 × 33.33 / 100.01 = 0.9998 → 1.00).
    const outcomes = [
      [{ resolution: 'release_to_seller' }, { buyer: 0n, seller: 10_001n, fees: 300n }],
      [{ resolution: 'refund_buyer' }, { buyer: 3_433n, seller: 6_668n, fees: 200n }],
      // Split 11.11 of 33.33: the buyer gets 11.11 + 1.00 × 11.11 / 33.33 = 11.44 (0.333 → 0.33).
      [
        { resolution: 'partial_resolution', refundAmount: '11.11' },
        { buyer: 1_144n, seller: 8_890n, fees: 267n },
      ],
    ] as const;
    for (const [decision, expected] of outcomes) {
      const deal = await partial('33.33', '100.01');
      expect(await balances(deal)).toEqual({ buyer: 0n, seller: 6_668n, escrow: 3_433n, fees: 200n });
      expect((await resolve(deal.disputeId, { ...decision, resolutionNotes: 'Decided' })).statusCode).toBe(200);
      const after = await balances(deal);
      expect(after).toEqual({ ...expected, escrow: 0n });
      expect(after.buyer + after.seller + after.fees).toBe(10_301n);
    }
    await expectHealthyLedger();
  });

  it('bounds refunds and offers by the disputed part (spec text with the disputed amount as the limit)', async () => {
    const deal = await partial();
    for (const refundAmount of ['300.00', '300.01', '500.00', '0']) {
      const res = await resolve(deal.disputeId, {
        resolution: 'partial_resolution',
        resolutionNotes: 'Split',
        refundAmount,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.refundAmount).toMatch(/^The refund must be more than 0 and less than R.300,00$/);
      const offer = await as(t.app, deal.seller)('POST', `/api/disputes/${deal.disputeId}/offers`, {
        refundAmount,
        message: 'Offer',
      });
      expect(offer.statusCode).toBe(400);
    }
    expect(await balances(deal)).toEqual({ buyer: 0n, seller: 20_000n, escrow: 30_900n, fees: 600n });
    const ok = await resolve(deal.disputeId, {
      resolution: 'partial_resolution',
      resolutionNotes: 'Split',
      refundAmount: '299.99',
    });
    expect(ok.statusCode).toBe(200);
    expect((await balances(deal)).escrow).toBe(0n);
    await expectHealthyLedger();
  });
});

describe('the amount in dispute is checked', () => {
  it('refuses 0, more than the amount, bad decimals and words, and writes nothing', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '500.00' });
    const cases: [string | number, string][] = [
      ['0', P.disputedOutOfRange('R\u00a0500,00')],
      [0, P.disputedOutOfRange('R\u00a0500,00')],
      ['500.01', P.disputedOutOfRange('R\u00a0500,00')],
      ['12.345', P.disputedInvalid],
      ['-5', P.disputedInvalid],
      ['abc', P.disputedInvalid],
      [1e21, P.disputedInvalid],
    ];
    for (const [disputedAmount] of cases) {
      const res = await openDispute(deal.buyer, deal.transaction.id, disputedAmount);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().fields.disputedAmount).toMatch(
        /^(The amount in dispute must be more than 0 and at most R.500,00|Enter a valid amount in dispute)$/,
      );
    }
    expect((await transactionOf(deal)).status).toBe('active');
    const list = (await as(t.app, deal.buyer)('GET', `/api/disputes?transactionId=${deal.transaction.id}`)).json();
    expect(list).toEqual([]);
    await expectHealthyLedger();
  });

  it('refuses a seller’s disputedAmount with a clear message; a seller’s dispute is the whole amount', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '500.00' });
    const refused = await openDispute(deal.seller, deal.transaction.id, '100.00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: P.sellerDisputesWhole,
      fields: { disputedAmount: P.sellerDisputesWhole },
    });
    const whole = await openDispute(deal.seller, deal.transaction.id);
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({ initiatedBy: 'seller', disputedAmount: '500.00', undisputedReleased: '0.00' });
  });

  it('the whole amount (named or absent) is a whole dispute: nothing released, outcomes unchanged', async () => {
    for (const disputed of ['500.00', undefined]) {
      const deal = await acceptedFundedTransaction(t.app, { amount: '500.00' });
      const fees = await getAccountBalance(db(), 'fees:ZAR');
      const res = await openDispute(deal.buyer, deal.transaction.id, disputed);
      expect(res.json()).toMatchObject({ disputedAmount: '500.00', undisputedReleased: '0.00' });
      const withFees = { ...deal, feesBefore: fees };
      expect(await balances(withFees)).toEqual({ buyer: 0n, seller: 0n, escrow: 51_500n, fees: 0n });
      await resolve(res.json().id, { resolution: 'refund_buyer', resolutionNotes: 'Never arrived' });
      expect(await balances(withFees)).toEqual({ buyer: 51_500n, seller: 0n, escrow: 0n, fees: 0n });
      expect(await transactionOf(deal)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    }
    await expectHealthyLedger();
  });

  it('a partial dispute needs a seller account to release to (SELLER_MISSING), and then writes nothing', async () => {
    const buyer = await registerUser(t.app);
    const created = await createTransaction(t.app, buyer, uniqueEmail('no-account'), { amount: '500.00' });
    await creditWallet(db(), buyer.user.id, minorOf(created.total, 'ZAR'));
    await fundFromWallet(t.app, buyer, created.id);
    const res = await openDispute(buyer, created.id, '100.00');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SELLER_MISSING');
    const after = (await as(t.app, buyer)('GET', `/api/transactions/${created.id}`)).json();
    expect(after.status).toBe('pending');
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(51_500n);
    expect((await as(t.app, buyer)('GET', `/api/disputes?transactionId=${created.id}`)).json()).toEqual([]);
    await expectHealthyLedger();
  });

  it('keeps the existing texts for a whole dispute’s refund bounds', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const opened = await openDispute(deal.buyer, deal.transaction.id);
    const res = await resolve(opened.json().id, {
      resolution: 'partial_resolution',
      resolutionNotes: 'Split',
      refundAmount: '100.00',
    });
    expect(res.json().fields.refundAmount).toBe(M.refundOutOfRange(formatMoney('100.00', 'ZAR')));
  });
});
