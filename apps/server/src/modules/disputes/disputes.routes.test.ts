import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE, DISPUTE_MESSAGES as M } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  parties,
} from '../../test/money-factories.js';
import { checkLedger } from '../../ledger/index.js';

let t: TestApp;
let moderator: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerUser(t.app, { role: 'moderator' });
});
afterAll(() => t.close());

const dispute = (who: RegisteredUser | null, transactionId: string, body: object = {}) =>
  as(t.app, who)('POST', '/api/disputes', {
    transactionId,
    initiatedBy: 'buyer',
    type: 'goods_not_received',
    description: 'The parcel never arrived',
    priority: 'high',
    ...body,
  });

/** A funded, accepted transaction with an open dispute opened by its buyer. */
async function disputed() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const res = await dispute(deal.buyer, deal.transaction.id);
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}

describe('POST /api/disputes', () => {
  it('a party disputes a funded transaction: it becomes disputed and its money stays in escrow', async () => {
    const { seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    // The spec's client sends initiatedBy; the server decides it from who calls.
    const res = await dispute(seller, transaction.id, { initiatedBy: 'buyer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      transactionId: transaction.id,
      transaction: { currency: 'ZAR', total: '103.00' },
      type: 'goods_not_received',
      priority: 'high',
      initiatedBy: 'seller',
      status: 'open',
      moderatorId: null,
      resolution: null,
      openOffer: null,
    });
    const after = await as(t.app, seller)('GET', `/api/transactions/${transaction.id}`);
    expect(after.json().status).toBe('disputed');
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });

  it('the transaction card’s report sends type other and no priority: medium', async () => {
    const { buyer, transaction } = await acceptedFundedTransaction(t.app);
    const res = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: transaction.id,
      initiatedBy: 'buyer',
      type: 'other',
      description: 'Seller stopped answering',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'other', priority: 'medium', initiatedBy: 'buyer' });
  });

  it('a funded transaction the seller has not accepted yet can be disputed', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(t.app.database.db, buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, created.id);
    expect((await dispute(buyer, created.id)).statusCode).toBe(201);
  });

  it('while disputed, confirm, cancel, decline and funding answer 409 UNDER_DISPUTE', async () => {
    const { buyer, seller, transaction } = await disputed();
    const attempts = [
      as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
        confirmationPhrase: CONFIRMATION_PHRASE,
      }),
      as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/cancel`),
      as(t.app, seller)('PATCH', `/api/transactions/${transaction.id}/decline`),
      as(t.app, buyer)('POST', `/api/transactions/${transaction.id}/fund-from-wallet`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('UNDER_DISPUTE');
    }
  });

  it('refuses a second dispute, an unfunded transaction and a finished one with 409', async () => {
    const { buyer, transaction } = await disputed();
    const twice = await dispute(buyer, transaction.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'UNDER_DISPUTE', message: M.alreadyDisputed });

    const { buyer: b2, seller: s2 } = await parties(t.app);
    const unfunded = await createTransaction(t.app, b2, s2.email);
    const res = await dispute(b2, unfunded.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_DISPUTABLE', message: M.notDisputable });

    const done = await acceptedFundedTransaction(t.app);
    await as(t.app, done.buyer)('PATCH', `/api/transactions/${done.transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect((await dispute(done.buyer, done.transaction.id)).json().code).toBe('NOT_DISPUTABLE');
  });

  it('hides the transaction from strangers (404), refuses staff (403) and the signed-out (401)', async () => {
    const { transaction } = await acceptedFundedTransaction(t.app);
    const stranger = await registerUser(t.app);
    expect((await dispute(stranger, transaction.id)).statusCode).toBe(404);
    const staff = await dispute(moderator, transaction.id);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(M.onlyParties);
    const anon = await dispute(null, transaction.id);
    expect(anon.statusCode).toBe(401);
    const after = await as(t.app, moderator)('GET', `/api/transactions/${transaction.id}`);
    expect(after.json().status).toBe('active');
  });

  it('asks for a type and a description with the spec’s text, and writes nothing', async () => {
    const { buyer, transaction } = await acceptedFundedTransaction(t.app);
    for (const body of [{ type: '' }, { description: '   ' }, { type: 'made_up' }]) {
      const res = await dispute(buyer, transaction.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const empty = await dispute(buyer, transaction.id, { description: ' ' });
    expect(empty.json().message).toBe(M.missingInformation);
    const after = await as(t.app, buyer)('GET', `/api/transactions/${transaction.id}`);
    expect(after.json().status).toBe('active');
  });

  it('keeps text as text', async () => {
    const { buyer, transaction } = await acceptedFundedTransaction(t.app);
    const html = '<img src=x onerror=alert(1)> & "quotes"';
    const res = await dispute(buyer, transaction.id, { description: html });
    expect(res.json().description).toBe(html);
  });
});

describe('GET /api/disputes, /moderator, /stats and /:id', () => {
  it('lists a party’s disputes; the moderators’ queue and stats are for moderators only', async () => {
    const { buyer, seller, disputeId } = await disputed();
    for (const party of [buyer, seller]) {
      const mine = await as(t.app, party)('GET', '/api/disputes');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().map((d: { id: string }) => d.id)).toContain(disputeId);
    }
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', '/api/disputes')).json()).toEqual([]);

    const queue = await as(t.app, moderator)('GET', '/api/disputes/moderator');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().map((d: { id: string }) => d.id)).toContain(disputeId);
    const stats = await as(t.app, moderator)('GET', '/api/disputes/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      openDisputes: expect.any(Number),
      pendingReview: expect.any(Number),
      resolvedToday: expect.any(Number),
      resolutionRate: expect.any(Number),
    });
    expect(stats.json().openDisputes).toBeGreaterThan(0);

    for (const who of [buyer, seller, await registerUser(t.app, { role: 'admin' })]) {
      expect((await as(t.app, who)('GET', '/api/disputes/moderator')).statusCode).toBe(403);
      expect((await as(t.app, who)('GET', '/api/disputes/stats')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/disputes/stats' })).statusCode).toBe(401);
  });

  it('shows the case with its history to the parties and moderators, and to nobody else', async () => {
    const { buyer, disputeId, transaction } = await disputed();
    const res = await as(t.app, moderator)('GET', `/api/disputes/${disputeId}`);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.transaction.id).toBe(transaction.id);
    expect(c.transaction.buyer.email).toBe(buyer.email);
    expect(c.timeline.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'fund_from_wallet',
      'accept',
      'dispute',
    ]);
    expect(c.offers).toEqual([]);
    expect((await as(t.app, buyer)('GET', `/api/disputes/${disputeId}`)).statusCode).toBe(200);
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', `/api/disputes/${disputeId}`)).statusCode).toBe(404);
    expect((await as(t.app, stranger)('GET', '/api/disputes/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PATCH /api/disputes/:id/assign', () => {
  it('a moderator takes an open dispute with their own id: in_review, recorded in the history', async () => {
    const { disputeId } = await disputed();
    const res = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: moderator.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_review', moderatorId: moderator.user.id });
    const c = (await as(t.app, moderator)('GET', `/api/disputes/${disputeId}`)).json();
    expect(c.timeline.at(-1)).toMatchObject({ action: 'dispute_assigned', actorName: 'Test Moderator' });

    const again = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: moderator.user.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DISPUTE_NOT_OPEN');
  });

  it('refuses another moderator’s id, non-moderators and a moderator who is a party', async () => {
    const { buyer, disputeId } = await disputed();
    const other = await registerUser(t.app, { role: 'moderator' });
    const forOther = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: other.user.id,
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe(M.assignToSelf);
    const byBuyer = await as(t.app, buyer)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: buyer.user.id,
    });
    expect(byBuyer.statusCode).toBe(403);

    // A moderator who sells something cannot take the case about it.
    const b = await registerUser(t.app);
    const mod = await registerUser(t.app, { role: 'moderator' });
    const tx = await createTransaction(t.app, b, mod.email);
    await creditWallet(t.app.database.db, b.user.id, 10_300n);
    await fundFromWallet(t.app, b, tx.id);
    const opened = await dispute(b, tx.id);
    const own = await as(t.app, mod)('PATCH', `/api/disputes/${opened.json().id}/assign`, {
      moderatorId: mod.user.id,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(M.ownTransaction);
  });
});
