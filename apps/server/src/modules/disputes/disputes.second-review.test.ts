import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES as M, PARTIAL_DISPUTE_MESSAGES as P, parseSecondReviewAmounts } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { loadConfig } from '../../config.js';
import { and, eq } from 'drizzle-orm';
import { disputeEvidence, notifications } from '../../db/schema/index.js';

// Four eyes from R 1 000 in dispute in this app (the default is R 50 000).
let t: TestApp;
let moderator: RegisteredUser;
let second: RegisteredUser;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ env: { DISPUTE_SECOND_REVIEW_AMOUNT: 'ZAR:1000,USD:60' } });
  moderator = await registerUser(t.app, { role: 'moderator', firstName: 'Mia' });
  second = await registerUser(t.app, { role: 'moderator', firstName: 'Sam' });
  admin = await registerUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const expectHealthyLedger = async () => expect((await checkLedger(db())).problems).toEqual([]);

async function disputed(amount: string, disputedAmount?: string) {
  const deal = await acceptedFundedTransaction(t.app, { amount });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'Damaged on arrival',
    ...(disputedAmount ? { disputedAmount } : {}),
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}
type Case = Awaited<ReturnType<typeof disputed>>;

/** A file on the case, as the evidence routes store one (its bytes are not needed here). */
async function evidenceOn(c: Case) {
  const [row] = await db()
    .insert(disputeEvidence)
    .values({
      disputeId: c.disputeId,
      uploaderId: c.buyer.user.id,
      uploaderRole: 'buyer',
      storageKey: `dispute-evidence/${randomUUID()}`,
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      size: 1,
      sha256: '0'.repeat(64),
    })
    .returning({ id: disputeEvidence.id });
  return row!.id;
}

const resolve = (who: RegisteredUser, id: string, body: object) =>
  as(t.app, who)('PATCH', `/api/disputes/${id}/resolve`, body);
const approve = (who: RegisteredUser, id: string) => as(t.app, who)('POST', `/api/disputes/${id}/approve`);
const sendBack = (who: RegisteredUser, id: string, reason?: string) =>
  as(t.app, who)('POST', `/api/disputes/${id}/reject-proposal`, reason === undefined ? {} : { reason });
const refund = { resolution: 'refund_buyer', resolutionNotes: 'The photos show the damage' };

async function balances(c: Case) {
  return {
    buyer: await getWalletBalance(db(), c.buyer.user.id, 'ZAR'),
    seller: await getWalletBalance(db(), c.seller.user.id, 'ZAR'),
    escrow: await getAccountBalance(db(), `escrow:${c.transaction.id}:ZAR`),
  };
}
const timelineOf = async (c: Case) =>
  (await as(t.app, moderator)('GET', `/api/disputes/${c.disputeId}`)).json().timeline as {
    action: string;
    actorName: string | null;
  }[];

describe('the second-review amount', () => {
  it('defaults to R 50 000 and its equivalents; the override names currencies in decimal', () => {
    expect(loadConfig({}).disputes.secondReviewAmounts).toMatchObject({ ZAR: 5_000_000n, USD: 300_000n });
    expect(parseSecondReviewAmounts('ZAR:1000, USD:60.50')).toMatchObject({
      ZAR: 100_000n,
      USD: 6_050n,
      EUR: 250_000n,
    });
    expect(() => loadConfig({ DISPUTE_SECOND_REVIEW_AMOUNT: 'XYZ:10' })).toThrow(/DISPUTE_SECOND_REVIEW_AMOUNT/);
    expect(() => loadConfig({ DISPUTE_SECOND_REVIEW_AMOUNT: 'ZAR:0' })).toThrow(/DISPUTE_SECOND_REVIEW_AMOUNT/);
    expect(() => loadConfig({ DISPUTE_SECOND_REVIEW_AMOUNT: 'ZAR:1.234' })).toThrow(/DISPUTE_SECOND_REVIEW_AMOUNT/);
  });
});

describe('four eyes on large decisions', () => {
  it('below the amount a decision settles at once, whole or by the disputed part of a larger deal', async () => {
    const small = await disputed('999.99');
    expect((await resolve(moderator, small.disputeId, refund)).json()).toMatchObject({
      status: 'resolved',
      secondReview: null,
      approvedById: null,
    });
    expect(await balances(small)).toEqual({ buyer: 102_999n, seller: 0n, escrow: 0n });
    // 2 000.00 of which 800.00 is disputed: the decision is on 800.00, under the amount.
    const part = await disputed('2000.00', '800.00');
    expect((await resolve(moderator, part.disputeId, refund)).json()).toMatchObject({ status: 'resolved' });
    expect((await balances(part)).escrow).toBe(0n);
    await expectHealthyLedger();
  });

  it('at the amount a decision is a proposal: no money moves, the reviewers are told', async () => {
    const c = await disputed('1000.00');
    const res = await resolve(moderator, c.disputeId, { ...refund, evidenceIds: [await evidenceOn(c)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_review',
      moderatorId: moderator.user.id,
      resolution: null,
      reliedOnEvidenceIds: [],
      secondReview: {
        proposedBy: moderator.user.id,
        resolution: 'refund_buyer',
        refundAmount: null,
        notes: refund.resolutionNotes,
        evidenceIds: [expect.any(String)],
      },
    });
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 0n, escrow: 103_000n });
    expect((await as(t.app, c.buyer)('GET', `/api/transactions/${c.transaction.id}`)).json().status).toBe('disputed');
    // The notify job runs; every other moderator and admin gets a bell, the proposer and the parties none.
    await t.app.scheduler.runDue();
    const bells = (who: RegisteredUser) =>
      db()
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, who.user.id), eq(notifications.type, 'dispute.second_review_requested')));
    for (const reviewer of [second, admin]) {
      expect(await bells(reviewer)).toContainEqual({
        title: 'Decision awaiting second review',
        link: `/moderator/cases/${c.disputeId}`,
      });
    }
    for (const nobody of [moderator, c.buyer, c.seller]) expect(await bells(nobody)).toEqual([]);
    // Nothing else happens to the case while it waits; the proposer cannot decide again.
    const again = await resolve(moderator, c.disputeId, { resolution: 'release_to_seller', resolutionNotes: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DISPUTE_AWAITING_REVIEW', message: P.awaitingSecondReview });
    expect((await timelineOf(c)).at(-1)?.action).toBe('dispute_decision_proposed:refund_buyer');
    await expectHealthyLedger();
  });

  it('the proposer, the parties, a buyer and a stranger cannot approve or send back; nothing moves', async () => {
    const c = await disputed('1500.00');
    await resolve(moderator, c.disputeId, refund);
    const own = await approve(moderator, c.disputeId);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(P.ownProposal);
    expect((await sendBack(moderator, c.disputeId, 'Mine')).json().message).toBe(P.ownProposal);
    const stranger = await registerUser(t.app);
    for (const who of [c.buyer, c.seller, stranger]) {
      const res = await approve(who, c.disputeId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(P.reviewersOnly);
      expect((await sendBack(who, c.disputeId, 'No')).statusCode).toBe(403);
    }
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 0n, escrow: 154_500n });
    expect((await approve(second, randomUUID())).statusCode).toBe(404);
  });

  it('another moderator approves: the money moves, both names in the history and on the dispute', async () => {
    const c = await disputed('2000.00', '1200.00');
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 80_000n, escrow: 123_600n });
    await resolve(moderator, c.disputeId, {
      resolution: 'partial_resolution',
      resolutionNotes: 'Half of the damaged items',
      refundAmount: '600.00',
    });
    expect((await balances(c)).escrow).toBe(123_600n);
    const res = await approve(second, c.disputeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolution: 'partial_resolution',
      refundAmount: '600.00',
      resolutionNotes: 'Half of the damaged items',
      approvedById: second.user.id,
      secondReview: null,
      settledByAgreement: false,
    });
    // Disputed 1 200.00 with fee 36.00: the buyer gets 600.00 + 18.00, the seller 800.00 + 600.00.
    expect(await balances(c)).toEqual({ buyer: 61_800n, seller: 140_000n, escrow: 0n });
    const history = (await timelineOf(c)).slice(-3);
    expect(history.map((e) => e.action)).toEqual([
      'dispute_decision_proposed:partial_resolution',
      'dispute_decision_approved',
      'dispute_resolved:partial_resolution',
    ]);
    expect(history.map((e) => e.actorName?.split(' ')[0])).toEqual(['Mia', 'Sam', 'Mia']);
    expect((await approve(admin, c.disputeId)).json().code).toBe('DISPUTE_RESOLVED');
    await expectHealthyLedger();
  });

  it('an admin approves too', async () => {
    const c = await disputed('1000.00');
    await resolve(moderator, c.disputeId, { resolution: 'release_to_seller', resolutionNotes: 'Delivered intact' });
    const res = await approve(admin, c.disputeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', approvedById: admin.user.id });
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 100_000n, escrow: 0n });
    await expectHealthyLedger();
  });

  it('sent back with a reason: in review with its moderator again, nothing moved; they decide anew', async () => {
    const c = await disputed('1000.00');
    await resolve(moderator, c.disputeId, refund);
    const missing = await sendBack(second, c.disputeId, '  ');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(P.reasonRequired);
    const res = await sendBack(second, c.disputeId, 'The courier report says it was delivered');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_review',
      moderatorId: moderator.user.id,
      secondReview: null,
      sentBackReason: 'The courier report says it was delivered',
    });
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 0n, escrow: 103_000n });
    expect((await timelineOf(c)).at(-1)?.action).toBe('dispute_decision_sent_back');
    expect((await approve(admin, c.disputeId)).json()).toMatchObject({ code: 'NO_PROPOSAL', message: P.noProposal });
    // The case stays the proposer's: another moderator cannot decide it.
    expect((await resolve(second, c.disputeId, refund)).json().message).toBe(M.assignedToAnother);
    const anew = await resolve(moderator, c.disputeId, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Delivered',
    });
    expect(anew.json()).toMatchObject({ sentBackReason: null, secondReview: { resolution: 'release_to_seller' } });
    expect((await approve(second, c.disputeId)).statusCode).toBe(200);
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 100_000n, escrow: 0n });
    await expectHealthyLedger();
  });

  it('an approval racing an accepted offer settles exactly once', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await disputed('1000.00');
      await resolve(moderator, c.disputeId, refund);
      const offer = (
        await as(t.app, c.seller)('POST', `/api/disputes/${c.disputeId}/offers`, {
          refundAmount: '400.00',
          message: 'Keep it, 400 back',
        })
      ).json();
      const [approved, accepted] = await Promise.all([
        approve(second, c.disputeId),
        as(t.app, c.buyer)('PATCH', `/api/disputes/${c.disputeId}/offers/${offer.id}/accept`),
      ]);
      expect([approved.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
      const b = await balances(c);
      if (approved.statusCode === 200) expect(b).toEqual({ buyer: 103_000n, seller: 0n, escrow: 0n });
      else expect(b).toEqual({ buyer: 41_200n, seller: 60_000n, escrow: 0n });
    }
    await expectHealthyLedger();
  });
});

describe('decisions name the evidence relied on', () => {
  it('stores the ids (deduplicated) and refuses more than 20, ids that are not uuids and files not of the case', async () => {
    const c = await disputed('100.00');
    const tooMany = await resolve(moderator, c.disputeId, {
      ...refund,
      evidenceIds: Array.from({ length: 21 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(P.tooManyEvidence);
    const bad = await resolve(moderator, c.disputeId, { ...refund, evidenceIds: ['not-a-uuid'] });
    expect(bad.statusCode).toBe(400);
    expect(await balances(c)).toEqual({ buyer: 0n, seller: 0n, escrow: 10_300n });
    for (const other of [randomUUID(), await evidenceOn(await disputed('100.00'))]) {
      const refused = await resolve(moderator, c.disputeId, { ...refund, evidenceIds: [other] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(P.evidenceInvalid);
    }
    const id = await evidenceOn(c);
    const res = await resolve(moderator, c.disputeId, { ...refund, evidenceIds: [id, id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', reliedOnEvidenceIds: [id] });
  });
});
