import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { checkLedger } from '../../ledger/index.js';
import { adjustableClock, DAY, type AdjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  minorOf,
  parties,
} from '../../test/money-factories.js';
import { dealOutcome, lostDispute, successRate, type EndedDeal } from './transactions.success-rate.rules.js';

describe('the success rate rule (decision 032)', () => {
  const deal = (d: Partial<EndedDeal>): EndedDeal => ({
    role: 'seller',
    status: 'completed',
    committed: true,
    resolution: null,
    decidedByModerator: false,
    splitLean: null,
    ...d,
  });

  it('counts a completed deal as a success for both parties', () => {
    expect(dealOutcome(deal({ role: 'seller' }))).toBe('success');
    expect(dealOutcome(deal({ role: 'buyer' }))).toBe('success');
  });

  it('never counts a deal cancelled before both committed (declined, withdrawn, unfunded, unaccepted)', () => {
    for (const role of ['buyer', 'seller'] as const) {
      expect(dealOutcome(deal({ role, status: 'cancelled', committed: false }))).toBe('not_counted');
    }
  });

  it('counts a late delivery cancelled after funding and acceptance against the seller only', () => {
    expect(dealOutcome(deal({ role: 'seller', status: 'cancelled' }))).toBe('failure');
    expect(dealOutcome(deal({ role: 'buyer', status: 'cancelled' }))).toBe('not_counted');
  });

  it('reads a dispute from its outcome: refund_buyer is lost by the seller, release_to_seller by the buyer', () => {
    const refund = { resolution: 'refund_buyer', decidedByModerator: true } as const;
    const release = { resolution: 'release_to_seller', decidedByModerator: true } as const;
    expect(dealOutcome(deal({ ...refund, role: 'seller', status: 'cancelled' }))).toBe('failure');
    expect(dealOutcome(deal({ ...refund, role: 'buyer', status: 'cancelled' }))).toBe('success');
    // A refund of a partly disputed deal completes it; the seller lost the dispute all the same.
    expect(dealOutcome(deal({ ...refund, role: 'seller', status: 'completed' }))).toBe('failure');
    // Disputed before acceptance and refunded: a lost dispute counts even so.
    expect(dealOutcome(deal({ ...refund, role: 'seller', status: 'cancelled', committed: false }))).toBe('failure');
    expect(dealOutcome(deal({ ...release, role: 'buyer' }))).toBe('failure');
    expect(dealOutcome(deal({ ...release, role: 'seller' }))).toBe('success');
  });

  it('counts a moderator’s split against whoever got less than half; an even or agreed split against nobody', () => {
    const split = { resolution: 'partial_resolution', decidedByModerator: true } as const;
    expect(lostDispute({ ...split, role: 'seller', splitLean: 1 })).toBe(true);
    expect(lostDispute({ ...split, role: 'buyer', splitLean: 1 })).toBe(false);
    expect(lostDispute({ ...split, role: 'buyer', splitLean: -1 })).toBe(true);
    expect(lostDispute({ ...split, role: 'seller', splitLean: -1 })).toBe(false);
    for (const role of ['buyer', 'seller'] as const) {
      expect(lostDispute({ ...split, role, splitLean: 0 })).toBe(false);
      expect(lostDispute({ ...split, decidedByModerator: false, role, splitLean: 1 })).toBe(false);
      expect(lostDispute({ ...split, decidedByModerator: false, role, splitLean: -1 })).toBe(false);
    }
  });

  it('is a whole percentage of the counted deals, and null (not 0%) before any', () => {
    expect(successRate(0, 0)).toBeNull();
    expect(successRate(0, 1)).toBe(0);
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(9, 10)).toBe(90);
  });
});

describe('the Success Rate on the dashboard and the public profile', () => {
  let t: TestApp;
  let clock: AdjustableClock;
  beforeAll(async () => {
    clock = adjustableClock(new Date('2026-02-02T10:00:00Z'));
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const rateOf = async (who: RegisteredUser) => {
    const res = await as(t.app, who)('GET', '/api/transactions/stats');
    expect(res.statusCode).toBe(200);
    return res.json().successRate as number | null;
  };
  const publicRateOf = async (who: RegisteredUser) => {
    const slug = `rate-${who.user.id.slice(0, 8).toLowerCase()}`;
    await as(t.app, who)('POST', '/api/user/update-profile-slug', { slug });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/profile/${slug}` });
    expect(res.statusCode).toBe(200);
    return res.json().stats.successRate as number | null;
  };
  const funded = async (buyer: RegisteredUser, seller: RegisteredUser) => {
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    return fundFromWallet(t.app, buyer, created.id);
  };
  const disputeAndDecide = async (
    who: { buyer: RegisteredUser; seller: RegisteredUser },
    decide: (disputeId: string) => Promise<{ statusCode: number; body: string }>,
  ) => {
    const { transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' }, who);
    const opened = await as(t.app, who.buyer)('POST', '/api/disputes', {
      transactionId: transaction.id,
      type: 'quality_issue',
      description: 'Not as described',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const decided = await decide(opened.json().id);
    expect(decided.statusCode, decided.body).toBe(200);
  };
  // A fresh moderator each time: one who decided a case between the same two people may not take another.
  const byModerator = (resolution: string, refundAmount?: string) => async (id: string) =>
    as(t.app, await registerUser(t.app, { role: 'moderator' }))('PATCH', `/api/disputes/${id}/resolve`, {
      resolution,
      resolutionNotes: 'Decided on the evidence in the case',
      ...(refundAmount ? { refundAmount } : {}),
    });

  it('a new account has no rate; deals never accepted, declined, pending or unfunded never count', async () => {
    const who = await parties(t.app);
    const { buyer, seller } = who;
    expect(await rateOf(seller)).toBeNull();
    expect(await publicRateOf(seller)).toBeNull();

    await createTransaction(t.app, buyer, seller.email); // pending, unfunded
    await funded(buyer, seller); // pending, funded, never accepted
    const declined = await funded(buyer, seller);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${declined.id}/decline`, {})).statusCode).toBe(200);
    const withdrawn = await funded(buyer, seller);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${withdrawn.id}/cancel`, {})).statusCode).toBe(200);
    const unfunded = await createTransaction(t.app, buyer, seller.email);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${unfunded.id}/cancel`, {})).statusCode).toBe(200);
    await acceptedFundedTransaction(t.app, {}, who); // active: still under way
    for (const person of [buyer, seller]) {
      expect(await rateOf(person)).toBeNull();
      expect(await publicRateOf(person)).toBeNull();
    }

    // One finished deal: 100%, however many were sent and never accepted.
    const done = await acceptedFundedTransaction(t.app, {}, who);
    const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${done.transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirm.statusCode).toBe(200);
    expect(await rateOf(seller)).toBe(100);
    expect(await publicRateOf(seller)).toBe(100);
    expect(await rateOf(buyer)).toBe(100);
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });

  it('counts lost disputes per party, splits by who got less than half, and a late delivery against the seller', async () => {
    const who = await parties(t.app);
    const { buyer, seller } = who;
    const done = await acceptedFundedTransaction(t.app, {}, who);
    await as(t.app, buyer)('PATCH', `/api/transactions/${done.transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });

    await disputeAndDecide(who, byModerator('refund_buyer'));
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([50, 100]); // seller 1/2, buyer 2/2

    await disputeAndDecide(who, byModerator('release_to_seller'));
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([67, 67]); // 2/3 each

    await disputeAndDecide(who, byModerator('partial_resolution', '75.00'));
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([50, 75]); // seller 2/4, buyer 3/4

    await disputeAndDecide(who, byModerator('partial_resolution', '50.00'));
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([60, 80]); // even: nobody's loss

    // Settled by the parties' own offer: nobody lost, whatever the amounts.
    await disputeAndDecide(who, async (id) => {
      const offer = await as(t.app, seller)('POST', `/api/disputes/${id}/offers`, {
        refundAmount: '90.00',
        message: 'I refund most of it',
      });
      expect(offer.statusCode, offer.body).toBe(201);
      return as(t.app, buyer)('PATCH', `/api/disputes/${id}/offers/${offer.json().id}/accept`);
    });
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([67, 83]); // 4/6, 5/6

    // An open dispute is not finished: no change.
    const open = await acceptedFundedTransaction(t.app, {}, who);
    await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: open.transaction.id,
      type: 'quality_issue',
      description: 'Still arguing',
    });
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([67, 83]);

    // Accepted and funded, not delivered in time, cancelled by the buyer: the seller's failure only.
    const late = await acceptedFundedTransaction(t.app, {}, who);
    clock.advance(7 * DAY + 1000);
    const cancelled = await as(t.app, buyer)('PATCH', `/api/transactions/${late.transaction.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([await rateOf(seller), await rateOf(buyer)]).toEqual([57, 83]); // seller 4/7, buyer still 5/6
    expect(await publicRateOf(seller)).toBe(57);
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });
});
