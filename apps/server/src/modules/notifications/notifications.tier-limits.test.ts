import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES as M, TIER_HOLD_TEXTS, formatMoney } from '@holdfast/contracts';
import { jobs, notifications, transactions, users, withdrawals } from '../../db/schema/index.js';
import { adjustableClock, DAY } from '../../lib/clock.js';
import { observe } from '../../test/observe.js';
import { registerUser, uniquePhoneNumber, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, creditWallet, parties, ZA_BANK } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Every hold explained, in the bell (issue 30): a call refused by a verification tier's limit tells the person
 * which limit, the next step and how long it takes, once a day per limit and tier; the refusal itself is
 * answered and written exactly as without it. A payout on its way has its notice too.
 */
const clock = adjustableClock(new Date('2030-01-15T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.app.database.db;

const LIMIT = 'verification.limit_reached';
const newDeal = (buyer: RegisteredUser, sellerEmail: string, amount: string) =>
  as(t.app, buyer)('POST', '/api/transactions', { amount, currency: 'ZAR', sellerEmail, description: 'A piano' });
const withdraw = (who: RegisteredUser, amount: string) =>
  as(t.app, who)(
    'POST',
    '/api/wallet/withdraw',
    { amount, currency: 'ZAR', accountHolderName: 'Thandi Nkosi', ...ZA_BANK },
    { 'idempotency-key': crypto.randomUUID() },
  );
const limitBells = (who: RegisteredUser) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.user.id), eq(notifications.type, LIMIT)));
const verifyPhone = (who: RegisteredUser) =>
  db().update(users).set({ phoneNumber: uniquePhoneNumber(), phoneVerified: true }).where(eq(users.id, who.user.id));

/** The answer of a deal above tier 1, as the tier tests pin it: the bell must not change a byte of it. */
const aboveTierOne = {
  code: 'VERIFICATION_REQUIRED',
  requiredTier: 2,
  message: M.transactionAboveTier(formatMoney('5000', 'ZAR'), 2),
};

describe('a deal above the tier', () => {
  it('refused twice: the same 403 each time, nothing of the deal written, one notice naming the limit and the phone step', async () => {
    const { buyer, seller } = await parties(t.app);
    const seen = await observe(t.app, async () => {
      for (const _ of [1, 2]) {
        const refused = await newDeal(buyer, seller.email, '6000.00');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(aboveTierOne);
      }
    });
    expect(await db().select().from(transactions).where(eq(transactions.buyerId, buyer.user.id))).toEqual([]);
    const [bell, ...more] = seen.bellsOf(buyer.user.id);
    expect(more).toEqual([]);
    expect(bell).toMatchObject({
      type: LIMIT,
      title: 'Deals above R\u00a05\u00a0000,00 need phone verification',
      link: '/verification#phone',
    });
    expect(bell!.body).toContain(TIER_HOLD_TEXTS.phoneNeeded);
    expect(bell!.body).toContain('It takes about a minute. Then your limit is R\u00a050\u00a0000,00 per transaction.');
    // Transaction emails are on by default: one email, with the same words and the button to the step.
    const [mail, ...moreMail] = seen.emailTo(buyer.email);
    expect(moreMail).toEqual([]);
    expect(mail!.subject).toBe(bell!.title);
    expect(mail!.text).toContain(`What you need to do: ${TIER_HOLD_TEXTS.phoneNeeded}`);
    expect(mail!.links).toContain(`${t.app.config.publicUrl}/verification#phone`);
    // Nobody else hears of it.
    expect(seen.bellsOf(seller.user.id)).toEqual([]);
  });

  it('with transaction emails turned off: the bell only', async () => {
    const { buyer, seller } = await parties(t.app);
    await as(t.app, buyer)('PUT', '/api/notifications/preferences', { email: { transactions: false } });
    const seen = await observe(t.app, () => newDeal(buyer, seller.email, '6000.00'));
    expect(seen.bellsOf(buyer.user.id)).toHaveLength(1);
    expect(seen.emailTo(buyer.email)).toEqual([]);
  });

  it('the tier changed: the next limit that refuses is told too, pointing at identity', async () => {
    const { buyer, seller } = await parties(t.app);
    await observe(t.app, () => newDeal(buyer, seller.email, '6000.00'));
    await verifyPhone(buyer);
    const seen = await observe(t.app, async () => {
      expect((await newDeal(buyer, seller.email, '6000.00')).statusCode).toBe(201);
      const refused = await newDeal(buyer, seller.email, '60000.00');
      expect(refused.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', requiredTier: 3 });
    });
    expect(seen.bellsOf(buyer.user.id).filter((b) => b.type === LIMIT)).toEqual([
      expect.objectContaining({
        title: 'Deals above R\u00a050\u00a0000,00 need identity verification',
        link: '/verification/identity',
        body: expect.stringContaining(TIER_HOLD_TEXTS.identityNeeded),
      }),
    ]);
    expect(await limitBells(buyer)).toHaveLength(2);
  });

  it('the seller refused on accepting is told; a tier changed before the notice ran tells nothing', async () => {
    const buyer = await registerUser(t.app, { tier: 2 });
    const seller = await registerUser(t.app, { role: 'seller' });
    const deal = await createTransaction(t.app, buyer, seller.email, { amount: '8000.00' });
    const seen = await observe(t.app, async () => {
      const refused = await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
      expect(refused.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', requiredTier: 2 });
    });
    expect(seen.bellsOf(seller.user.id)).toMatchObject([{ type: LIMIT, link: '/verification#phone' }]);

    const late = await registerUser(t.app, { role: 'seller' });
    const other = await createTransaction(t.app, buyer, late.email, { amount: '8000.00' });
    await as(t.app, late)('PATCH', `/api/transactions/${other.id}/accept`, {});
    await verifyPhone(late); // before the worker ran the notice: that limit no longer stands
    await t.app.scheduler.runDue();
    expect(await limitBells(late)).toEqual([]);
  });

  it('a day later, refused again: a new notice (one a day per limit and tier)', async () => {
    const { buyer, seller } = await parties(t.app);
    await observe(t.app, () => newDeal(buyer, seller.email, '6000.00'));
    clock.advance(DAY);
    const seen = await observe(t.app, () => newDeal(buyer, seller.email, '6000.00'));
    expect(seen.bellsOf(buyer.user.id)).toHaveLength(1);
    expect(await limitBells(buyer)).toHaveLength(2);
  });
});

describe('a withdrawal above the tier', () => {
  it('tier 1: withdrawals need the phone; the money and the withdrawals stay as they were', async () => {
    const person = await registerUser(t.app, { role: 'seller' });
    await creditWallet(db(), person.user.id, 50_000n);
    const seen = await observe(t.app, async () => {
      const res = await withdraw(person, '150.00');
      expect(res.json()).toEqual({ code: 'VERIFICATION_REQUIRED', requiredTier: 2, message: M.noWithdrawals });
      await withdraw(person, '150.00');
    });
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, person.user.id))).toEqual([]);
    expect(seen.bellsOf(person.user.id)).toEqual([
      expect.objectContaining({
        type: LIMIT,
        title: 'Withdrawals need phone verification',
        link: '/verification#phone',
        body: expect.stringContaining('Then you can withdraw up to R\u00a010\u00a0000,00 a month.'),
      }),
    ]);
  });

  it('tier 2 over the month: the limit, what is left, identity or next month; the payout on its way has its notice', async () => {
    const person = await registerUser(t.app, { role: 'seller', tier: 2 });
    await creditWallet(db(), person.user.id, 2_000_000n);
    const paid = await observe(t.app, async () => expect((await withdraw(person, '9000.00')).statusCode).toBe(201));
    // On its way: where it goes, nothing to do, when it should arrive (in UTC: the bell's text is the server's).
    expect(paid.bellsOf(person.user.id)).toEqual([
      expect.objectContaining({
        type: 'withdrawal.pending',
        title: 'Withdrawal on its way to your bank',
        link: '/deposit-funds',
        body: expect.stringMatching(
          /^R\u00a09\u00a0000,00: The payout is with our payout provider and your bank\. It goes to your account ending 5678\. Nothing: you do not need to do anything\. Expected by .+ UTC\.$/,
        ),
      }),
    ]);
    expect(paid.emailTo(person.email)).toEqual([]);

    const seen = await observe(t.app, async () => {
      expect((await withdraw(person, '1500.00')).json()).toMatchObject({ requiredTier: 3 });
    });
    const [bell] = seen.bellsOf(person.user.id);
    expect(bell).toMatchObject({
      type: LIMIT,
      title: 'Above your monthly withdrawal limit',
      link: '/verification/identity',
    });
    expect(bell!.body).toContain('R\u00a01\u00a0000,00 of it is left this month');
    expect(bell!.body).toContain('starts again on 1 February');
  });
});

describe('nothing else is told', () => {
  it('other 403s (a seller creating a deal, an unverified seller accepting) write no notice', async () => {
    const buyer = await registerUser(t.app);
    const seller = await registerUser(t.app, { role: 'seller', verified: false });
    const deal = await createTransaction(t.app, buyer, seller.email);
    const seen = await observe(t.app, async () => {
      expect((await newDeal(seller, buyer.email, '100.00')).json().code).toBe('FORBIDDEN');
      expect((await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {})).json().code).toBe(
        'EMAIL_NOT_VERIFIED',
      );
    });
    expect(seen.bells).toEqual([]);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(sql`${jobs.key} like ${`tier-limit:${seller.user.id}:%`}`),
    ).toEqual([]);
  });

  it('a notice that cannot be written leaves the 403 as it is', async () => {
    const { buyer, seller } = await parties(t.app);
    await db().execute(sql`
      CREATE FUNCTION refuse_tier_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.key LIKE 'tier-limit:%' THEN RAISE EXCEPTION 'simulated failure of the notice'; END IF;
        RETURN NEW;
      END $$`);
    await db().execute(sql`
      CREATE TRIGGER refuse_tier_notice BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_tier_notice()`);
    try {
      const refused = await newDeal(buyer, seller.email, '6000.00');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(aboveTierOne);
    } finally {
      await db().execute(sql`DROP TRIGGER refuse_tier_notice ON jobs`);
      await db().execute(sql`DROP FUNCTION refuse_tier_notice()`);
    }
    await t.app.scheduler.runDue();
    expect(await limitBells(buyer)).toEqual([]);
  });
});
