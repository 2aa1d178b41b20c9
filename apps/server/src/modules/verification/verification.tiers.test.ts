import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS, VERIFICATION_MESSAGES as M, formatMoney } from '@holdfast/contracts';
import { users, withdrawals } from '../../db/schema/index.js';
import { adjustableClock, HOUR } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, creditWallet, parties, ZA_BANK } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';

// The last day of a month, so moving on a day starts a new calendar month (monthly withdrawal limit).
const clock = adjustableClock(new Date('2030-01-31T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.app.database.db;

const withdrawal = (overrides: Record<string, unknown> = {}) => ({
  amount: '150.00',
  currency: 'ZAR',
  accountHolderName: 'Thandi Nkosi',
  ...ZA_BANK,
  ...overrides,
});
const withdraw = (app: TestApp['app'], who: RegisteredUser, body: object) =>
  as(app, who)('POST', '/api/wallet/withdraw', body, { 'idempotency-key': crypto.randomUUID() });
const walletOf = (_db: unknown, who: RegisteredUser) => getWalletBalance(db(), who.user.id, 'ZAR');
const expectHealthyLedger = async (_db: unknown) => expect((await checkLedger(db())).problems).toEqual([]);

const newDeal = (buyer: RegisteredUser, sellerEmail: string, amount: string, currency = 'ZAR') =>
  as(t.app, buyer)('POST', '/api/transactions', { amount, currency, sellerEmail, description: 'A piano' });

describe('transaction limits per tier', () => {
  it('tier 1 creates up to R 5 000; above it 403 VERIFICATION_REQUIRED names tier 2 and nothing is written', async () => {
    const { buyer, seller } = await parties(t.app);
    expect((await newDeal(buyer, seller.email, '5000.00')).statusCode).toBe(201);
    const refused = await newDeal(buyer, seller.email, '5000.01');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'VERIFICATION_REQUIRED',
      requiredTier: 2,
      message: M.transactionAboveTier(formatMoney('5000', 'ZAR'), 2),
    });
    expect(refused.json().message).toContain('Verify your phone');
    expect((await as(t.app, buyer)('GET', '/api/transactions')).json()).toHaveLength(1);
    // Far above: the tier that allows it is 3, the next step is still the phone.
    const huge = await newDeal(buyer, seller.email, '60000.00');
    expect(huge.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', requiredTier: 3 });
    // The amount rule's own refusals come first.
    expect((await newDeal(buyer, seller.email, '1000000.01')).json().code).toBe('VALIDATION');
  });

  it('limits per currency: USD 250 at tier 1', async () => {
    const { buyer, seller } = await parties(t.app);
    expect(TIER_LIMITS[1].USD.transactionMax).toBe('250.00');
    expect((await newDeal(buyer, seller.email, '250.00', 'USD')).statusCode).toBe(201);
    expect((await newDeal(buyer, seller.email, '250.01', 'USD')).json()).toMatchObject({ requiredTier: 2 });
  });

  it('tier 2 creates up to R 50 000, tier 3 up to the currency maximum', async () => {
    const two = await parties(t.app, 2);
    expect((await newDeal(two.buyer, two.seller.email, '50000.00')).statusCode).toBe(201);
    expect((await newDeal(two.buyer, two.seller.email, '50000.01')).json()).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      requiredTier: 3,
    });
    const three = await parties(t.app, 3);
    expect((await newDeal(three.buyer, three.seller.email, '1000000.00')).statusCode).toBe(201);
  });

  it('the seller accepts only within their own tier', async () => {
    const buyer = await registerUser(t.app, { tier: 2 });
    const seller = await registerUser(t.app, { role: 'seller' });
    const deal = await createTransaction(t.app, buyer, seller.email, { amount: '8000.00' });
    const refused = await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', requiredTier: 2 });
    const still = await as(t.app, seller)('GET', `/api/transactions/${deal.id}`);
    expect(still.json().status).toBe('pending');
    // Once the seller's phone is verified, the same call goes through.
    await db()
      .update(users)
      .set({ phoneNumber: '+27829990001', phoneVerified: true })
      .where(eq(users.id, seller.user.id));
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${deal.id}/accept`, {})).statusCode).toBe(200);
  });
});

describe('withdrawal limits per tier', () => {
  it('tier 1 cannot withdraw: 403 names tier 2; the money stays in the wallet', async () => {
    const person = await registerUser(t.app, { role: 'seller' });
    await creditWallet(db(), person.user.id, 50_000n);
    const res = await withdraw(t.app, person, withdrawal({ amount: '150.00' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'VERIFICATION_REQUIRED', requiredTier: 2, message: M.noWithdrawals });
    expect(await walletOf(db(), person)).toBe(50_000n);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, person.user.id))).toEqual([]);
    await expectHealthyLedger(db());
  });

  it('tier 2 withdraws up to R 10 000 a calendar month (pending and paid counted, failed not); tier 3 more', async () => {
    const person = await registerUser(t.app, { role: 'seller', tier: 2 });
    await creditWallet(db(), person.user.id, 5_000_000n);
    expect((await withdraw(t.app, person, withdrawal({ amount: '6000.00' }))).statusCode).toBe(201);
    // A failed one gives its room back.
    const failed = await withdraw(t.app, person, withdrawal({ amount: '3000.00', accountNumber: '1234 0000' }));
    expect(failed.statusCode).toBe(201);
    await t.app.services.withdrawals.settle(failed.json().id);
    expect((await withdraw(t.app, person, withdrawal({ amount: '3000.00' }))).statusCode).toBe(201);

    const over = await withdraw(t.app, person, withdrawal({ amount: '1000.01' }));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      code: 'VERIFICATION_REQUIRED',
      requiredTier: 3,
      message: M.withdrawalAboveMonthly(formatMoney('10000', 'ZAR'), formatMoney('1000', 'ZAR'), 3),
    });
    expect((await withdraw(t.app, person, withdrawal({ amount: '1000.00' }))).statusCode).toBe(201);

    const status = (await as(t.app, person)('GET', '/api/verification/status')).json();
    expect(status.usage).toEqual([{ currency: 'ZAR', withdrawnThisMonth: '10000.00' }]);

    // A new calendar month starts counting again.
    clock.advance(24 * HOUR);
    expect((await withdraw(t.app, person, withdrawal({ amount: '10000.00' }))).statusCode).toBe(201);

    await db().update(users).set({ kycStatus: 'verified' }).where(eq(users.id, person.user.id));
    expect((await withdraw(t.app, person, withdrawal({ amount: '20000.00' }))).statusCode).toBe(201);
    await expectHealthyLedger(db());
  });

  it('two withdrawals at once cannot both slip under the monthly limit', async () => {
    const person = await registerUser(t.app, { role: 'seller', tier: 2 });
    await creditWallet(db(), person.user.id, 3_000_000n);
    const results = await Promise.all([
      withdraw(t.app, person, withdrawal({ amount: '6000.00' })),
      withdraw(t.app, person, withdrawal({ amount: '6000.00' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    await expectHealthyLedger(db());
  });
});

describe('GET /api/verification/status', () => {
  it('needs a session', async () => {
    expect((await as(t.app, null)('GET', '/api/verification/status')).statusCode).toBe(401);
  });

  it('gives the tier, every tier with its limits, and the next step', async () => {
    const unverified = await registerUser(t.app, { verified: false });
    expect((await as(t.app, unverified)('GET', '/api/verification/status')).json()).toMatchObject({
      tier: 0,
      nextStep: { tier: 1, action: 'Verify your email' },
    });
    const person = await registerUser(t.app);
    const body = (await as(t.app, person)('GET', '/api/verification/status')).json();
    expect(body).toMatchObject({
      tier: 1,
      emailVerified: true,
      phoneVerified: false,
      phoneNumber: null,
      kycStatus: 'unverified',
      usage: [],
      nextStep: { tier: 2, action: 'Verify your phone', href: '/verification#phone', waiting: false },
    });
    expect(body.tiers.map((x: { tier: number; done: boolean }) => [x.tier, x.done])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(body.tiers[1].limits).toContainEqual({
      currency: 'ZAR',
      transactionMax: '50000.00',
      withdrawalMonthlyMax: '10000.00',
    });
    expect(body.tiers[2].limits).toContainEqual({
      currency: 'ZAR',
      transactionMax: '1000000.00',
      withdrawalMonthlyMax: null,
    });
    const pending = await registerUser(t.app, { tier: 2 });
    await db().update(users).set({ kycStatus: 'pending' }).where(eq(users.id, pending.user.id));
    expect((await as(t.app, pending)('GET', '/api/verification/status')).json().nextStep).toMatchObject({
      tier: 3,
      waiting: true,
      href: '/verification/identity',
    });
    const top = await registerUser(t.app, { tier: 3 });
    expect((await as(t.app, top)('GET', '/api/verification/status')).json()).toMatchObject({
      tier: 3,
      nextStep: null,
    });
  });
});
