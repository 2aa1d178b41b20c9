import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, type TTransaction } from '@holdfast/contracts';
import { emailOutbox, transactionEvents } from '../../db/schema/index.js';
import { getWalletBalance } from '../../ledger/index.js';
import { adjustableClock, DAY, type AdjustableClock } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, creditWallet, parties } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectMoneyExact, GOOD_CARD } from './transactions.milestones.test-helpers.js';

/**
 * The seller's cancel of the remaining stages of an accepted deal paid in stages (issue 29, decision 033):
 * unfunded milestones end, funded ones not yet delivered are refunded; delivered and disputed ones go on.
 */
let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-03-02T09:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();
const wallet = (who: RegisteredUser) => getWalletBalance(db(), who.user.id, 'ZAR');
const statuses = (deal: TTransaction) => deal.milestones.map((m) => m.status);
const moneyIsExact = () => expectMoneyExact(db());

/** R 100, 200, 300 and 400 (R 103, 206, 309 and 412 with the fee), or the first `count` of them. */
async function stagedDeal(buyer: RegisteredUser, seller: RegisteredUser, count = 4) {
  const stages = ['A', 'B', 'C', 'D'].slice(0, count).map((title, i) => ({ title, amount: `${(i + 1) * 100}.00` }));
  const res = await as(t.app, buyer)('POST', '/api/transactions', {
    amount: `${stages.reduce((sum, s) => sum + Number.parseInt(s.amount, 10), 0)}.00`,
    currency: 'ZAR',
    sellerEmail: seller.email,
    description: 'A garden in stages',
    type: 'service',
    milestones: stages,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TTransaction;
}

const accept = (seller: RegisteredUser, deal: TTransaction) =>
  as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
const milestoneCall = (who: RegisteredUser, deal: TTransaction, n: number, action: string, body?: object) =>
  as(t.app, who)('POST', `/api/transactions/${deal.id}/milestones/${deal.milestones[n - 1]!.id}/${action}`, body);
const fund = (buyer: RegisteredUser, deal: TTransaction, ns: number[]) =>
  as(t.app, buyer)('POST', `/api/transactions/${deal.id}/milestones/fund`, {
    milestoneIds: ns.map((n) => deal.milestones[n - 1]!.id),
  });
const cancelRemaining = (who: RegisteredUser, deal: TTransaction) =>
  as(t.app, who)('POST', `/api/transactions/${deal.id}/milestones/cancel-remaining`);

describe("the seller's cancel of the remaining stages", () => {
  it('ends the unfunded stages, refunds the funded undelivered ones, and leaves delivered and disputed ones going on', async () => {
    const { buyer, seller } = await parties(t.app);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const deal = await stagedDeal(buyer, seller);
    expect((await accept(seller, deal)).statusCode).toBe(200);
    await creditWallet(db(), buyer.user.id, 61_800n);
    expect((await fund(buyer, deal, [1, 2, 3])).statusCode).toBe(200);
    expect((await milestoneCall(seller, deal, 2, 'deliver')).statusCode).toBe(200);
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: deal.id,
      milestoneId: deal.milestones[0]!.id,
      type: 'quality_issue',
      description: 'The first stage is not what we agreed',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(statuses(await view(buyer, deal.id))).toEqual(['disputed', 'delivered', 'funded', 'unfunded']);

    // Only the seller is offered it.
    expect((await view(seller, deal.id)).allowedActions).toContain('cancel_remaining');
    expect((await view(buyer, deal.id)).allowedActions).not.toContain('cancel_remaining');
    expect((await view(moderator, deal.id)).allowedActions).toEqual([]);

    const res = await cancelRemaining(seller, deal);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TTransaction;
    expect(statuses(after)).toEqual(['disputed', 'delivered', 'refunded', 'cancelled']);
    expect(after).toMatchObject({ status: 'disputed', paymentStatus: 'succeeded' });
    expect(after.allowedActions).not.toContain('cancel_remaining');
    // Milestone 3's total (R 309) is back in the buyer's wallet; nothing else moved.
    expect(await wallet(buyer)).toBe(30_900n);
    expect(await wallet(seller)).toBe(0n);
    await moneyIsExact();

    const again = await cancelRemaining(seller, deal);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOTHING_TO_CANCEL',
      message: 'No stage is left to cancel: every milestone is delivered, in dispute or ended',
    });

    // The history names the milestones it ended, in the deal's words.
    const actions = (
      await db().select().from(transactionEvents).where(eq(transactionEvents.transactionId, deal.id))
    ).map((e) => e.action);
    expect(actions).toContain('milestone_cancel_remaining:3,4');
    const timeline = (await as(t.app, buyer)('GET', `/api/transactions/${deal.id}/timeline`)).json();
    expect(timeline.entries.map((e: { summary: string }) => e.summary)).toContain(
      'Milestones 3, 4: remaining stages cancelled by the seller: funded ones refunded to the buyer',
    );

    // Both parties are told, each milestone's money named.
    await t.app.scheduler.runDue();
    const bell = (await as(t.app, buyer)('GET', '/api/notifications')).json();
    const told = bell.notifications.find((n: { title: string }) => n.title === 'Remaining stages cancelled');
    expect(told.body).toMatch(
      /cancelled the remaining stages of A garden in stages; R\u00a0309,00 is back in your wallet\.$/,
    );
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer.email), eq(emailOutbox.subject, told.body.split(';')[0])));
    expect(mail?.text).toContain('Milestone 3: C');
    expect(mail?.text).toContain('R\u00a0309,00 refunded to your wallet');
    expect(mail?.text).toContain('Milestone 4: D');
    expect(mail?.text).toContain('Not funded: ended');
    expect(mail?.text).toContain('The stages already delivered or in dispute go on as before.');
    const sellerBell = (await as(t.app, seller)('GET', '/api/notifications')).json();
    expect(sellerBell.notifications.map((n: { body: string }) => n.body)).toContain(
      'You cancelled the remaining stages of A garden in stages.',
    );

    // The delivered stage still releases at the end of its inspection, the disputed one by its outcome.
    clock.advance(3 * DAY + 1000);
    await t.app.scheduler.runDue();
    expect(statuses(await view(buyer, deal.id))).toEqual(['disputed', 'released', 'refunded', 'cancelled']);
    expect(await wallet(seller)).toBe(20_000n);
    const dispute = opened.json();
    await as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/assign`, { moderatorId: moderator.user.id });
    const resolved = await as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Not the agreed design',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const ended = await view(buyer, deal.id);
    expect(statuses(ended)).toEqual(['refunded', 'released', 'refunded', 'cancelled']);
    // Money reached the seller (milestone 2), so the deal is completed.
    expect(ended.status).toBe('completed');
    expect(await wallet(buyer)).toBe(41_200n);
    await moneyIsExact();
  });

  it('ends the deal when nothing goes on: cancelled when no money reached the seller, completed when some did', async () => {
    const { buyer, seller } = await parties(t.app);
    await creditWallet(db(), buyer.user.id, 20_600n);

    const refunded = await stagedDeal(buyer, seller, 2);
    await accept(seller, refunded);
    await fund(buyer, refunded, [1]);
    const cancelled = (await cancelRemaining(seller, refunded)).json() as TTransaction;
    expect(statuses(cancelled)).toEqual(['refunded', 'cancelled']);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(cancelled.cancelledAt).toBe(clock.now().toISOString());
    expect(cancelled.allowedActions).toEqual([]);
    expect(await wallet(buyer)).toBe(20_600n);

    const paid = await stagedDeal(buyer, seller, 2);
    await accept(seller, paid);
    await fund(buyer, paid, [1]);
    await milestoneCall(seller, paid, 1, 'deliver');
    await milestoneCall(buyer, paid, 1, 'confirm', { confirmationPhrase: CONFIRMATION_PHRASE });
    const completed = (await cancelRemaining(seller, paid)).json() as TTransaction;
    expect(statuses(completed)).toEqual(['released', 'cancelled']);
    expect(completed).toMatchObject({ status: 'completed', paymentStatus: 'succeeded' });
    expect(completed.completedAt).toBe(clock.now().toISOString());
    expect(await wallet(seller)).toBe(10_000n);
    await moneyIsExact();
  });

  it('refuses the buyer, strangers, staff, an unaccepted or ended deal and a deal of one amount', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    await creditWallet(db(), buyer.user.id, 10_300n);
    const deal = await stagedDeal(buyer, seller, 2);

    const early = await cancelRemaining(seller, deal);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'NOT_ACTIVE',
      message: 'The seller has not accepted this deal yet: decline or cancel it as a whole',
    });
    await accept(seller, deal);
    await fund(buyer, deal, [1]);

    const byBuyer = await cancelRemaining(buyer, deal);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe(
      'Only the seller can cancel the remaining stages. As the buyer, you can cancel a funded milestone once its delivery is late, or open a dispute',
    );
    expect((await cancelRemaining(stranger, deal)).statusCode).toBe(404);
    expect((await cancelRemaining(moderator, deal)).statusCode).toBe(403);
    const missing = await as(t.app, seller)(
      'POST',
      '/api/transactions/00000000-0000-4000-8000-000000000000/milestones/cancel-remaining',
    );
    expect(missing.statusCode).toBe(404);
    // The deal's own cancel stays refused once accepted: the remaining stages are cancelled on their own route.
    const whole = await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/cancel`);
    expect(whole.json().code).toBe('PAID_IN_STAGES');
    expect(statuses(await view(buyer, deal.id))).toEqual(['funded', 'unfunded']);
    expect(await wallet(buyer)).toBe(0n);

    expect((await cancelRemaining(seller, deal)).statusCode).toBe(200);
    const ended = await cancelRemaining(seller, deal);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('ALREADY_CANCELLED');

    const single = await createTransaction(t.app, buyer, seller.email);
    await accept(seller, single as TTransaction);
    const notStaged = await cancelRemaining(seller, single as TTransaction);
    expect(notStaged.statusCode).toBe(409);
    expect(notStaged.json().code).toBe('NOT_STAGED');
    await moneyIsExact();
  });
});

describe('races with the cancel of the remaining stages', () => {
  it('lands a racing funding of a milestone exactly: funded then refunded, or refused', async () => {
    const { buyer, seller } = await parties(t.app);
    const deal = await stagedDeal(buyer, seller, 3);
    await accept(seller, deal);
    await creditWallet(db(), buyer.user.id, 30_900n);
    await fund(buyer, deal, [1]);
    const [cancel, funding] = await Promise.all([cancelRemaining(seller, deal), milestoneCall(buyer, deal, 2, 'fund')]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Refused after the cancel: the deal ended with it (nothing was left going on).
    if (funding.statusCode !== 200) expect(funding.json().code).toBe('ALREADY_CANCELLED');
    const after = await view(buyer, deal.id);
    expect(statuses(after)).toEqual(['refunded', funding.statusCode === 200 ? 'refunded' : 'cancelled', 'cancelled']);
    expect(after.status).toBe('cancelled');
    // Either way every rand the buyer paid in is back.
    expect(await wallet(buyer)).toBe(30_900n);
    await moneyIsExact();
  });

  it("lands a racing confirmation exactly: the milestone is the seller's or the buyer's, never both", async () => {
    const { buyer, seller } = await parties(t.app);
    const deal = await stagedDeal(buyer, seller, 2);
    await accept(seller, deal);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fund(buyer, deal, [1]);
    const [cancel, confirm] = await Promise.all([
      cancelRemaining(seller, deal),
      milestoneCall(buyer, deal, 1, 'confirm', { confirmationPhrase: CONFIRMATION_PHRASE }),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await view(buyer, deal.id);
    if (confirm.statusCode === 200) {
      expect(statuses(after)).toEqual(['released', 'cancelled']);
      expect(after.status).toBe('completed');
      expect([await wallet(seller), await wallet(buyer)]).toEqual([10_000n, 0n]);
    } else {
      expect(confirm.json().code).toBe('ALREADY_CANCELLED');
      expect(statuses(after)).toEqual(['refunded', 'cancelled']);
      expect(after.status).toBe('cancelled');
      expect([await wallet(seller), await wallet(buyer)]).toEqual([0n, 10_300n]);
    }
    await moneyIsExact();
  });

  it('refuses a card payment started for a milestone the seller then cancelled; no money moves', async () => {
    const { buyer, seller } = await parties(t.app);
    const deal = await stagedDeal(buyer, seller, 2);
    await accept(seller, deal);
    const intent = await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/create-payment-intent`, {
      milestoneIds: [deal.milestones[1]!.id],
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await cancelRemaining(seller, deal)).statusCode).toBe(200);
    const paid = await as(t.app, buyer)('POST', '/api/payments/sandbox/confirm', {
      clientSecret: intent.json().clientSecret,
      ...GOOD_CARD,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ALREADY_CANCELLED');
    expect(await wallet(buyer)).toBe(0n);
    await moneyIsExact();
  });
});
