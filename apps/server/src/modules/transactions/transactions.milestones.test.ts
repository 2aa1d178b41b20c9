import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, type TTransaction } from '@holdfast/contracts';
import { journalEntries, transactionEvents } from '../../db/schema/index.js';
import { getWalletBalance } from '../../ledger/index.js';
import { adjustableClock, DAY, type AdjustableClock } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, creditWallet, parties } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectMoneyExact, GOOD_CARD } from './transactions.milestones.test-helpers.js';

/** Deals paid in stages (issue 29, decision 033): the whole life of one, its refusals and its races. */
let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-03-02T09:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const runDue = () => t.app.scheduler.runDue();
const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();
const moneyIsExact = () => expectMoneyExact(db());
const wallet = (who: RegisteredUser) => getWalletBalance(db(), who.user.id, 'ZAR');

const STAGES = [
  { title: 'Design', amount: '10000.00' },
  { title: 'Build', amount: '15000.00', dueDate: '2026-04-01' },
  { title: 'Launch', amount: '5000.50' },
];

async function stagedDeal(buyer: RegisteredUser, seller: RegisteredUser, stages = STAGES) {
  const amount = stages
    .reduce((sum, s) => sum + BigInt(s.amount.replace('.', '')), 0n)
    .toString()
    .replace(/(\d\d)$/, '.$1');
  const res = await as(t.app, buyer)('POST', '/api/transactions', {
    amount,
    currency: 'ZAR',
    sellerEmail: seller.email,
    description: 'A website in three stages',
    type: 'service',
    milestones: stages,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TTransaction;
}

const call = (who: RegisteredUser, deal: TTransaction, n: number, action: string, body?: object) =>
  as(t.app, who)('POST', `/api/transactions/${deal.id}/milestones/${deal.milestones[n - 1]!.id}/${action}`, body);

describe('a deal paid in stages', () => {
  it('is created with one fee per milestone and totals that are their sums', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller);
    expect(deal).toMatchObject({ amount: '30000.50', fee: '900.02', total: '30900.52', status: 'pending' });
    expect(deal.milestones.map((m) => [m.position, m.title, m.amount, m.fee, m.total, m.status, m.dueDate])).toEqual([
      [1, 'Design', '10000.00', '300.00', '10300.00', 'unfunded', null],
      [2, 'Build', '15000.00', '450.00', '15450.00', 'unfunded', '2026-04-01'],
      [3, 'Launch', '5000.50', '150.02', '5150.52', 'unfunded', null],
    ]);
    // The deal's own money actions are refused: money moves milestone by milestone.
    const whole = await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/fund-from-wallet`);
    expect(whole.statusCode).toBe(409);
    expect(whole.json().code).toBe('PAID_IN_STAGES');
    expect(deal.allowedActions).toEqual(['cancel']);
    expect(deal.milestones[0]!.allowedActions).toEqual(['fund']);
  });

  it('refuses milestones that break the rules', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const post = (body: object) =>
      as(t.app, buyer)('POST', '/api/transactions', {
        currency: 'ZAR',
        sellerEmail: seller.email,
        description: 'x',
        ...body,
      });
    const wrongSum = await post({
      amount: '100.00',
      milestones: [
        { title: 'A', amount: '60.00' },
        { title: 'B', amount: '60.00' },
      ],
    });
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().message).toBe('The amount must equal the sum of the milestones (R\u00a0120,00)');
    const tooSmall = await post({
      amount: '100.00',
      milestones: [
        { title: 'A', amount: '60.00' },
        { title: 'B', amount: '40.00' },
      ],
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe('Amount must be at least R\u00a050,00');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, amount: '100.00' }));
    expect((await post({ amount: '1100.00', milestones: eleven })).statusCode).toBe(400);
    expect((await post({ amount: '100.00', milestones: [] })).statusCode).toBe(400);
  });

  it('lives its whole life: fund 1, deliver 1, confirm 1, fund 2, dispute 2 while 3 is delivered and auto-released, resolve 2', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const deal = await stagedDeal(buyer, seller);
    await creditWallet(db(), buyer.user.id, 3_090_052n);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {})).statusCode).toBe(200);

    // Fund 1.
    let res = await call(buyer, deal, 1, 'fund');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', paymentStatus: 'succeeded' });
    expect(res.json().milestones.map((m: { status: string }) => m.status)).toEqual(['funded', 'unfunded', 'unfunded']);
    await moneyIsExact();

    // The seller sees milestone 1 funded and may deliver it; not milestone 2.
    const sellerView = await view(seller, deal.id);
    expect(sellerView.milestones.map((m) => m.allowedActions)).toEqual([['deliver', 'dispute'], [], []]);

    // Deliver 1, confirm 1.
    res = await call(seller, deal, 1, 'deliver', { note: 'Mock-ups attached' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().milestones[0]).toMatchObject({ status: 'delivered', deliveryMessage: 'Mock-ups attached' });
    expect(res.json().milestones[0].autoReleaseAt).toBe(new Date(clock.now().getTime() + 3 * DAY).toISOString());
    res = await call(buyer, deal, 1, 'confirm', { confirmationPhrase: CONFIRMATION_PHRASE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active' });
    expect(res.json().milestones[0].status).toBe('released');
    expect(await wallet(seller)).toBe(1_000_000n);
    await moneyIsExact();

    // The history names the milestone each step moved, in the deal's own words.
    const history = (await as(t.app, buyer)('GET', `/api/transactions/${deal.id}/timeline`)).json();
    const said: string[] = history.entries.map((e: { summary: string }) => e.summary);
    expect(said).toEqual(
      expect.arrayContaining([
        'Milestone 1: funded by the buyer',
        'Milestone 1: marked delivered',
        'Milestone 1: receipt confirmed by the buyer: funds released to the seller',
      ]),
    );

    // Fund 2 and 3 at once; deliver 3.
    res = await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/milestones/fund`, {
      milestoneIds: [deal.milestones[1]!.id, deal.milestones[2]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet(buyer)).toBe(0n);
    await moneyIsExact();
    res = await call(seller, deal, 3, 'deliver');
    expect(res.statusCode, res.body).toBe(200);

    // Dispute 2 (part of it): the deal is disputed, 3 goes on and is released by its timer.
    res = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: deal.id,
      milestoneId: deal.milestones[1]!.id,
      type: 'quality_issue',
      description: 'The build is half done',
      disputedAmount: '6000.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const dispute = res.json();
    expect(dispute.milestone).toMatchObject({ position: 2, title: 'Build', amount: '15000.00' });
    expect(dispute.disputedAmount).toBe('6000.00');
    let now = await view(buyer, deal.id);
    expect(now.status).toBe('disputed');
    expect(now.milestones.map((m) => m.status)).toEqual(['released', 'disputed', 'delivered']);
    // The undisputed 9 000 of milestone 2 went to the seller at open.
    expect(await wallet(seller)).toBe(1_900_000n);
    await moneyIsExact();
    // The history names the stage in dispute, for the parties and in the moderator's case file.
    const opened = 'Dispute opened on stage 2: Build, by the buyer: Quality issue';
    const timeline = (await as(t.app, seller)('GET', `/api/transactions/${deal.id}/timeline`)).json();
    expect(timeline.entries.map((e: { summary: string }) => e.summary)).toContain(opened);
    const caseFile = (await as(t.app, moderator)('GET', `/api/disputes/${dispute.id}`)).json();
    expect(caseFile.file.map((e: { summary: string }) => e.summary)).toContain(opened);

    clock.advance(3 * DAY + 1000);
    await runDue();
    now = await view(buyer, deal.id);
    expect(now.milestones.map((m) => m.status)).toEqual(['released', 'disputed', 'released']);
    expect(now.status).toBe('disputed');
    expect(await wallet(seller)).toBe(2_400_050n);
    await moneyIsExact();

    // Resolve 2: a partial refund of 2 000 of the 6 000 in dispute.
    expect(
      (await as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/assign`, { moderatorId: moderator.user.id }))
        .statusCode,
    ).toBe(200);
    res = await as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/resolve`, {
      resolution: 'partial_resolution',
      resolutionNotes: 'Half of the disputed part was delivered',
      refundAmount: '2000.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    now = await view(buyer, deal.id);
    expect(now).toMatchObject({ status: 'completed', paymentStatus: 'succeeded' });
    expect(now.milestones.map((m) => m.status)).toEqual(['released', 'released', 'released']);
    expect(await wallet(seller)).toBe(2_800_050n);
    // The buyer got 2 000 and its share of the fee (3% of it: 60).
    expect(await wallet(buyer)).toBe(206_000n);
    await moneyIsExact();

    // The history names each milestone's step; the stats count the deal once.
    const actions = (
      await db().select().from(transactionEvents).where(eq(transactionEvents.transactionId, deal.id))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'milestone_fund_from_wallet:1',
        'milestone_confirm:1',
        'milestone_fund_from_wallet:2,3',
        'milestone_dispute:2',
        'milestone_dispute_partial_release:2',
        'milestone_auto_release:3',
      ]),
    );
    const stats = (await as(t.app, buyer)('GET', '/api/transactions/stats')).json();
    expect(stats).toMatchObject({ total: 1, completed: 1 });
    const entries = await db().select().from(journalEntries).where(eq(journalEntries.transactionId, deal.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(
      ['wallet_funding', 'release', 'wallet_funding', 'partial_release', 'release', 'partial_resolution'].sort(),
    );
  });

  it("tells every stage's case on the timeline: its opening, its part released at once and its decision", async () => {
    const { buyer, seller } = await parties(t.app, 2);
    // Two moderators: one who decided a case between these two people may not take the next (90 days).
    const moderators = [
      await registerUser(t.app, { role: 'moderator' }),
      await registerUser(t.app, { role: 'moderator' }),
    ];
    const deal = await stagedDeal(buyer, seller, [
      { title: 'Plans', amount: '100.00' },
      { title: 'Walls', amount: '200.00' },
    ]);
    await creditWallet(db(), buyer.user.id, 30_900n);
    await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
    for (const n of [1, 2]) expect((await call(buyer, deal, n, 'fund')).statusCode).toBe(200);
    const open = async (n: number, disputedAmount?: string) => {
      const res = await as(t.app, buyer)('POST', '/api/disputes', {
        transactionId: deal.id,
        milestoneId: deal.milestones[n - 1]!.id,
        type: 'quality_issue',
        description: `Stage ${n} is not what was agreed`,
        ...(disputedAmount ? { disputedAmount } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const decide = async (id: string, resolution: string, moderator: RegisteredUser) => {
      await as(t.app, moderator)('PATCH', `/api/disputes/${id}/assign`, { moderatorId: moderator.user.id });
      const res = await as(t.app, moderator)('PATCH', `/api/disputes/${id}/resolve`, {
        resolution,
        resolutionNotes: 'Read both sides',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await decide(await open(1), 'refund_buyer', moderators[0]!);
    await decide(await open(2, '50.00'), 'release_to_seller', moderators[1]!);
    await moneyIsExact();

    const timeline = (await as(t.app, buyer)('GET', `/api/transactions/${deal.id}/timeline`)).json();
    const lines: string[] = timeline.entries.map((e: { summary: string }) => e.summary.replace(/\u00a0/g, ' '));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Dispute opened on stage 1: Plans, by the buyer: Quality issue',
        'Dispute opened on stage 2: Walls, by the buyer: Quality issue',
        'Milestone 2: only R 50,00 disputed: R 150,00 released to the seller at once',
        'Stage 1: Plans — Decision: the buyer refunded in full',
        'Stage 2: Walls — Decision: the R 50,00 in dispute released to the seller',
      ]),
    );
  });

  it('refuses strangers, the wrong party and the wrong state with stable codes', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const stranger = await registerUser(t.app);
    const deal = await stagedDeal(buyer, seller);
    await creditWallet(db(), buyer.user.id, 1_030_000n);
    expect((await call(stranger, deal, 1, 'fund')).statusCode).toBe(404);
    const sellerFunds = await call(seller, deal, 1, 'fund');
    expect(sellerFunds.statusCode).toBe(403);
    expect(sellerFunds.json().message).toBe('Only the buyer can fund this transaction');
    expect((await call(buyer, deal, 1, 'deliver')).statusCode).toBe(403);
    const early = await call(seller, deal, 1, 'deliver');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_ACTIVE', message: 'The seller must accept the deal first' });
    const missing = await as(t.app, buyer)(
      'POST',
      `/api/transactions/${deal.id}/milestones/00000000-0000-4000-8000-000000000000/fund`,
    );
    expect(missing.statusCode).toBe(404);
    expect((await call(buyer, deal, 1, 'fund')).statusCode).toBe(200);
    const twice = await call(buyer, deal, 1, 'fund');
    expect(twice.json()).toMatchObject({ code: 'ALREADY_FUNDED', message: 'This milestone has already been funded' });
    const poor = await call(buyer, deal, 2, 'fund');
    expect(poor.statusCode).toBe(409);
    expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
    await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
    const phrase = await call(buyer, deal, 1, 'confirm', { confirmationPhrase: 'yes' });
    expect(phrase.statusCode).toBe(400);
    const unfunded = await call(buyer, deal, 2, 'confirm', { confirmationPhrase: CONFIRMATION_PHRASE });
    expect(unfunded.json().code).toBe('NOT_FUNDED');
    const wholeDispute = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: deal.id,
      type: 'other',
      description: 'No milestone named',
    });
    expect(wholeDispute.statusCode).toBe(400);
    const notFunded = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: deal.id,
      milestoneId: deal.milestones[2]!.id,
      type: 'other',
      description: 'Unfunded',
    });
    expect(notFunded.json().code).toBe('NOT_DISPUTABLE');
    const notLate = await call(buyer, deal, 1, 'cancel');
    expect(notLate.json().code).toBe('LATE_CANCEL_NOT_YET');
    await moneyIsExact();
  });

  it('cancels before acceptance: unfunded milestones end, funded ones are refunded', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller);
    await creditWallet(db(), buyer.user.id, 2_575_000n);
    await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/milestones/fund`, {
      milestoneIds: [deal.milestones[0]!.id, deal.milestones[1]!.id],
    });
    expect(await wallet(buyer)).toBe(0n);
    const res = await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(res.json().milestones.map((m: { status: string }) => m.status)).toEqual([
      'refunded',
      'refunded',
      'cancelled',
    ]);
    expect(await wallet(buyer)).toBe(2_575_000n);
    await moneyIsExact();
  });

  it('ends unfunded milestones at their funding deadline; a late milestone is refunded to the buyer', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller, [
      { title: 'One', amount: '100.00' },
      { title: 'Two', amount: '200.00' },
    ]);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await call(buyer, deal, 1, 'fund');
    await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
    // Not delivered 7 days after acceptance: the buyer cancels milestone 1 and gets its total back.
    clock.advance(7 * DAY + 1000);
    await runDue();
    const late = await call(buyer, deal, 1, 'cancel');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().milestones.map((m: { status: string }) => m.status)).toEqual(['refunded', 'unfunded']);
    expect(await wallet(buyer)).toBe(10_300n);
    // Milestone 2's funding clock started then; 7 days later it ends, and with it the deal.
    expect(late.json().milestones[1].cancelsAt).toBe(new Date(clock.now().getTime() + 7 * DAY).toISOString());
    clock.advance(7 * DAY + 1000);
    await runDue();
    const ended = await view(buyer, deal.id);
    expect(ended).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(ended.milestones.map((m) => m.status)).toEqual(['refunded', 'cancelled']);
    await moneyIsExact();
  });

  it('funds a milestone by card (the spec checkout pays the next unfunded one)', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller);
    const intent = await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/create-payment-intent`);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe('10300.00');
    const paid = await as(t.app, buyer)('POST', '/api/payments/sandbox/confirm', {
      clientSecret: intent.json().clientSecret,
      ...GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await view(buyer, deal.id);
    expect(after.milestones.map((m) => m.status)).toEqual(['funded', 'unfunded', 'unfunded']);
    const two = await as(t.app, buyer)('POST', `/api/transactions/${deal.id}/create-payment-intent`, {
      milestoneIds: [deal.milestones[1]!.id, deal.milestones[2]!.id],
    });
    expect(two.json().amount).toBe('20600.52');
    await moneyIsExact();
  });
});

describe('races on one deal paid in stages', () => {
  it('releases a milestone once when its confirmations race', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller);
    await creditWallet(db(), buyer.user.id, 1_030_000n);
    await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
    await call(buyer, deal, 1, 'fund');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(buyer, deal, 1, 'confirm', { confirmationPhrase: CONFIRMATION_PHRASE })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'MILESTONE_ENDED')).toBe(true);
    expect(await wallet(seller)).toBe(1_000_000n);
    await moneyIsExact();
  });

  it('lands racing fundings of different milestones exactly', async () => {
    const { buyer, seller } = await parties(t.app, 2);
    const deal = await stagedDeal(buyer, seller);
    await creditWallet(db(), buyer.user.id, 3_090_052n);
    const answers = await Promise.all([1, 2, 3].map((n) => call(buyer, deal, n, 'fund')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const after = await view(buyer, deal.id);
    expect(after.milestones.map((m) => m.status)).toEqual(['funded', 'funded', 'funded']);
    expect(await wallet(buyer)).toBe(0n);
    await moneyIsExact();
  });
});
