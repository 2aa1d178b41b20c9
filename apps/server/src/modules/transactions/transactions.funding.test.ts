import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { as, createTransaction, creditWallet, fundFromWallet, parties } from '../../test/money-factories.js';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { DAY } from '../../lib/clock.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { creditCardPayment, loadTransactionForPayment } from './transactions.funding.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const credit = (p: Parameters<typeof creditCardPayment>[1]) =>
  db().transaction((tx) => creditCardPayment(tx, p, t.app.clock.now()));

describe('creditCardPayment', () => {
  it('funds escrow from provider clearing when the amount is the total', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '100.00' });
    const payment = {
      transactionId: created.id,
      paymentId: 'pi_1',
      provider: 'sandbox',
      amountMinor: 10_300n,
      currency: 'ZAR',
    };
    expect(await credit(payment)).toBe('funded');
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(10_300n);
    const view = (await as(t.app, buyer)('GET', `/api/transactions/${created.id}`)).json();
    expect(view.paymentStatus).toBe('succeeded');
    // Funding time and the seller's acceptance deadline count from the product's clock.
    expect(new Date(view.fundedAt).getTime()).toBeLessThanOrEqual(t.app.clock.now().getTime());
    const [deadline] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `deadline:unaccepted:${created.id}`));
    expect(deadline.runAt.getTime()).toBe(new Date(view.fundedAt).getTime() + 7 * DAY);
    const reported = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'notify'));
    expect(reported.map((r) => r.payload.event)).toContainEqual({
      type: 'transaction.funded',
      transactionId: created.id,
    });

    // The same provider payment again (a replayed webhook) changes nothing.
    expect(await credit(payment)).toBe('funded');
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(10_300n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('credits the buyer wallet when the transaction was already funded, cancelled, or the amount differs', async () => {
    const { buyer, seller } = await parties(t.app);
    const funded = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, funded.id);
    expect(
      await credit({
        transactionId: funded.id,
        paymentId: 'pi_2',
        provider: 'sandbox',
        amountMinor: 10_300n,
        currency: 'ZAR',
      }),
    ).toBe('refunded_to_wallet');
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);

    const cancelled = await createTransaction(t.app, buyer, seller.email);
    await as(t.app, buyer)('PATCH', `/api/transactions/${cancelled.id}/cancel`);
    expect(
      await credit({
        transactionId: cancelled.id,
        paymentId: 'pi_3',
        provider: 'sandbox',
        amountMinor: 10_300n,
        currency: 'ZAR',
      }),
    ).toBe('refunded_to_wallet');

    const other = await createTransaction(t.app, buyer, seller.email);
    expect(
      await credit({
        transactionId: other.id,
        paymentId: 'pi_4',
        provider: 'sandbox',
        amountMinor: 9_999n,
        currency: 'ZAR',
      }),
    ).toBe('refunded_to_wallet');
    expect(
      await credit({
        transactionId: other.id,
        paymentId: 'pi_5',
        provider: 'sandbox',
        amountMinor: 10_300n,
        currency: 'USD',
      }),
    ).toBe('refunded_to_wallet');
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n * 2n + 9_999n);
    expect(await getWalletBalance(db(), buyer.user.id, 'USD')).toBe(10_300n);
    expect((await as(t.app, buyer)('GET', `/api/transactions/${other.id}`)).json().paymentStatus).toBe('unpaid');
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('funds once when two card payments race', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const outcomes = await Promise.all(
      ['pi_a', 'pi_b'].map((paymentId) =>
        credit({ transactionId: created.id, paymentId, provider: 'sandbox', amountMinor: 10_300n, currency: 'ZAR' }),
      ),
    );
    expect(outcomes.sort()).toEqual(['funded', 'refunded_to_wallet']);
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(10_300n);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);
  });
});

describe('loadTransactionForPayment', () => {
  it('returns what the payments module needs for the buyer', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '10.00', currency: 'USD' });
    expect(await loadTransactionForPayment(db(), created.id, buyer.user)).toEqual({
      id: created.id,
      buyerId: buyer.user.id,
      total: 1_030n,
      currency: 'USD',
      status: 'pending',
      paymentStatus: 'unpaid',
    });
  });

  it('404 for strangers and unknown ids, 403 for the seller, 409 when funded or cancelled', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await expect(loadTransactionForPayment(db(), created.id, stranger.user)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(loadTransactionForPayment(db(), 'nope', buyer.user)).rejects.toMatchObject({ statusCode: 404 });
    await expect(loadTransactionForPayment(db(), created.id, seller.user)).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Only the buyer can fund this transaction',
    });
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, created.id);
    await expect(loadTransactionForPayment(db(), created.id, buyer.user)).rejects.toMatchObject({
      statusCode: 409,
      code: 'ALREADY_FUNDED',
      message: 'This transaction has already been funded',
    });
    const cancelled = await createTransaction(t.app, buyer, seller.email);
    await as(t.app, buyer)('PATCH', `/api/transactions/${cancelled.id}/cancel`);
    await expect(loadTransactionForPayment(db(), cancelled.id, buyer.user)).rejects.toMatchObject({
      statusCode: 409,
      code: 'ALREADY_CANCELLED',
      message: 'This transaction has been cancelled',
    });
  });
});
