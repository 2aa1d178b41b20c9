import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES as M } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
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

/** ZAR 100.00 (fee 3.00, total 103.00) funded, accepted and disputed by the buyer. */
async function disputed() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'The camera lens is cracked',
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}

const resolve = (who: RegisteredUser, id: string, body: object) =>
  as(t.app, who)('PATCH', `/api/disputes/${id}/resolve`, body);

async function balances(deal: { buyer: RegisteredUser; seller: RegisteredUser; transaction: { id: string } }) {
  return {
    buyer: await getWalletBalance(db(), deal.buyer.user.id, 'ZAR'),
    seller: await getWalletBalance(db(), deal.seller.user.id, 'ZAR'),
    escrow: await getAccountBalance(db(), `escrow:${deal.transaction.id}:ZAR`),
  };
}

describe('a moderator resolves a dispute', () => {
  it('release_to_seller: the seller gets the amount, the fee account the fee; completed', async () => {
    const deal = await disputed();
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const res = await resolve(moderator, deal.disputeId, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Photos show the lens intact on dispatch',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolution: 'release_to_seller',
      settledByAgreement: false,
    });
    expect(await balances(deal)).toEqual({ buyer: 0n, seller: 10_000n, escrow: 0n });
    expect((await getAccountBalance(db(), 'fees:ZAR')) - feesBefore).toBe(300n);
    const tx = (await as(t.app, deal.buyer)('GET', `/api/transactions/${deal.transaction.id}`)).json();
    expect(tx.status).toBe('completed');
    await expectHealthyLedger();
  });

  it('refund_buyer: the whole total back to the buyer; cancelled and refunded', async () => {
    const deal = await disputed();
    const res = await resolve(moderator, deal.disputeId, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Courier confirmed the parcel was lost',
    });
    expect(res.statusCode).toBe(200);
    expect(await balances(deal)).toEqual({ buyer: 10_300n, seller: 0n, escrow: 0n });
    const tx = (await as(t.app, deal.buyer)('GET', `/api/transactions/${deal.transaction.id}`)).json();
    expect(tx).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await expectHealthyLedger();
  });

  it('partial_resolution: the buyer gets R plus its share of the fee, the seller amount − R', async () => {
    const deal = await disputed();
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const res = await resolve(moderator, deal.disputeId, {
      resolution: 'partial_resolution',
      resolutionNotes: 'Lens cracked, body fine',
      refundAmount: '40.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolution: 'partial_resolution', refundAmount: '40.00' });
    // Buyer: 40.00 + 3.00 × 40 / 100 = 41.20; seller: 60.00; the fee account keeps 1.80.
    expect(await balances(deal)).toEqual({ buyer: 4_120n, seller: 6_000n, escrow: 0n });
    expect((await getAccountBalance(db(), 'fees:ZAR')) - feesBefore).toBe(180n);
    await expectHealthyLedger();
  });

  it('is final: a second resolution is 409 and moves nothing', async () => {
    const deal = await disputed();
    await resolve(moderator, deal.disputeId, { resolution: 'refund_buyer', resolutionNotes: 'Lost parcel' });
    const again = await resolve(moderator, deal.disputeId, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DISPUTE_RESOLVED', message: M.alreadyResolved });
    expect(await balances(deal)).toEqual({ buyer: 10_300n, seller: 0n, escrow: 0n });
    await expectHealthyLedger();
  });

  it('needs a resolution and notes (the spec’s text), and a refund strictly between 0 and the amount', async () => {
    const deal = await disputed();
    for (const body of [
      { resolution: '', resolutionNotes: 'Notes' },
      { resolution: 'refund_buyer', resolutionNotes: '  ' },
      { resolutionNotes: 'Notes' },
    ]) {
      const res = await resolve(moderator, deal.disputeId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.missingResolution);
    }
    const partial = (refundAmount?: string | number) =>
      resolve(moderator, deal.disputeId, { resolution: 'partial_resolution', resolutionNotes: 'Split', refundAmount });
    expect((await partial()).json().message).toBe(M.refundRequired);
    expect((await partial('12.345')).json().message).toBe(M.refundInvalid);
    expect((await partial('-5')).json().message).toBe(M.refundInvalid);
    for (const outOfRange of ['0', '100.00', '150', 0]) {
      const res = await partial(outOfRange);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.refundAmount).toMatch(/more than 0 and less than R/);
    }
    expect(await balances(deal)).toMatchObject({ escrow: 10_300n });
    const tx = (await as(t.app, deal.buyer)('GET', `/api/transactions/${deal.transaction.id}`)).json();
    expect(tx.status).toBe('disputed');
    await expectHealthyLedger();
  });

  it('refuses parties, other roles, another moderator’s case, and the moderator who is a party', async () => {
    const deal = await disputed();
    const body = { resolution: 'refund_buyer', resolutionNotes: 'I want my money' };
    expect((await resolve(deal.buyer, deal.disputeId, body)).statusCode).toBe(403);
    expect((await resolve(deal.seller, deal.disputeId, body)).statusCode).toBe(403);
    const admin = await registerUser(t.app, { role: 'admin' });
    expect((await resolve(admin, deal.disputeId, body)).statusCode).toBe(403);

    const other = await registerUser(t.app, { role: 'moderator' });
    await as(t.app, other)('PATCH', `/api/disputes/${deal.disputeId}/assign`, { moderatorId: other.user.id });
    const taken = await resolve(moderator, deal.disputeId, body);
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toBe(M.assignedToAnother);
    expect((await resolve(other, deal.disputeId, body)).statusCode).toBe(200);
    await expectHealthyLedger();
  });
});

describe('settlement offers', () => {
  const offer = (who: RegisteredUser, id: string, refundAmount: string, message = 'Meet me halfway') =>
    as(t.app, who)('POST', `/api/disputes/${id}/offers`, { refundAmount, message });
  const answer = (who: RegisteredUser, id: string, offerId: string, verb: 'accept' | 'reject') =>
    as(t.app, who)('PATCH', `/api/disputes/${id}/offers/${offerId}/${verb}`);

  it('the other party sees the net amounts and accepts: settled like a partial resolution', async () => {
    const deal = await disputed();
    const made = await offer(deal.seller, deal.disputeId, '25.00', 'Keep the camera, I refund a quarter');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      proposerRole: 'seller',
      refundAmount: '25.00',
      buyerReceives: '25.75',
      sellerReceives: '75.00',
      status: 'open',
    });
    const seen = (await as(t.app, deal.buyer)('GET', `/api/disputes/${deal.disputeId}`)).json();
    expect(seen.dispute.openOffer.id).toBe(made.json().id);
    // A moderator sees the offers in the case too.
    const modView = (await as(t.app, moderator)('GET', `/api/disputes/${deal.disputeId}`)).json();
    expect(modView.offers).toHaveLength(1);

    const res = await answer(deal.buyer, deal.disputeId, made.json().id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolution: 'partial_resolution',
      refundAmount: '25.00',
      settledByAgreement: true,
    });
    expect(await balances(deal)).toEqual({ buyer: 2_575n, seller: 7_500n, escrow: 0n });
    const c = (await as(t.app, deal.seller)('GET', `/api/disputes/${deal.disputeId}`)).json();
    expect(c.transaction.status).toBe('completed');
    expect(c.offers[0].status).toBe('accepted');
    // The seller's offer was also their response to the buyer's case (disputes.response.ts).
    const actions: string[] = c.timeline.map((e: { action: string }) => e.action);
    expect(actions).toContain('dispute_responded');
    expect(actions.filter((x) => x !== 'dispute_responded').slice(-2)).toEqual(['offer_made', 'dispute_settled']);
    await expectHealthyLedger();
  });

  it('a new offer replaces the open one; rejected and replaced offers cannot be accepted', async () => {
    const deal = await disputed();
    const first = (await offer(deal.buyer, deal.disputeId, '80.00')).json();
    const second = (await offer(deal.seller, deal.disputeId, '20.00')).json();
    const stale = await answer(deal.seller, deal.disputeId, first.id, 'accept');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('OFFER_CLOSED');
    expect((await answer(deal.buyer, deal.disputeId, second.id, 'reject')).statusCode).toBe(200);
    expect((await answer(deal.buyer, deal.disputeId, second.id, 'accept')).json().code).toBe('OFFER_CLOSED');
    const c = (await as(t.app, deal.buyer)('GET', `/api/disputes/${deal.disputeId}`)).json();
    expect(c.offers.map((o: { status: string }) => o.status)).toEqual(['superseded', 'rejected']);
    expect(c.dispute.status).toBe('open');
    expect(await balances(deal)).toMatchObject({ escrow: 10_300n });
  });

  it('refuses one’s own offer, strangers, moderators, bad amounts and a resolved dispute', async () => {
    const deal = await disputed();
    const mine = (await offer(deal.buyer, deal.disputeId, '50.00')).json();
    const own = await answer(deal.buyer, deal.disputeId, mine.id, 'accept');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(M.ownOffer);
    const stranger = await registerUser(t.app);
    expect((await offer(stranger, deal.disputeId, '10.00')).statusCode).toBe(404);
    expect((await answer(stranger, deal.disputeId, mine.id, 'accept')).statusCode).toBe(404);
    expect((await offer(moderator, deal.disputeId, '10.00')).statusCode).toBe(403);
    expect((await offer(deal.seller, deal.disputeId, '100.00')).statusCode).toBe(400);
    expect((await offer(deal.seller, deal.disputeId, '1.001')).statusCode).toBe(400);
    expect((await offer(deal.seller, deal.disputeId, '10.00', ' ')).json().message).toBe(M.offerMessageRequired);

    await resolve(moderator, deal.disputeId, { resolution: 'refund_buyer', resolutionNotes: 'Refund' });
    const late = await answer(deal.seller, deal.disputeId, mine.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DISPUTE_RESOLVED');
    expect((await offer(deal.seller, deal.disputeId, '10.00')).json().code).toBe('DISPUTE_RESOLVED');
    expect(await balances(deal)).toEqual({ buyer: 10_300n, seller: 0n, escrow: 0n });
    await expectHealthyLedger();
  });

  it('an offer accepted while a moderator resolves settles exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const deal = await disputed();
      const made = (await offer(deal.seller, deal.disputeId, '30.00')).json();
      const [accepted, resolved] = await Promise.all([
        answer(deal.buyer, deal.disputeId, made.id, 'accept'),
        resolve(moderator, deal.disputeId, { resolution: 'release_to_seller', resolutionNotes: 'Delivered' }),
      ]);
      const codes = [accepted.statusCode, resolved.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const b = await balances(deal);
      expect(b.escrow).toBe(0n);
      // Either the offer's split or the release, never both.
      if (accepted.statusCode === 200) expect(b).toEqual({ buyer: 3_090n, seller: 7_000n, escrow: 0n });
      else expect(b).toEqual({ buyer: 0n, seller: 10_000n, escrow: 0n });
    }
    await expectHealthyLedger();
  });
});
