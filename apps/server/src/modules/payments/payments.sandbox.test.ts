import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { journalEntries, payments, transactions } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { GOOD_CARD, createPendingTransaction, escrowBalance, walletBalance } from './payments.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createIntent = (transactionId: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/create-payment-intent`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

const confirm = (cookie: string, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', headers: { cookie }, payload: body });

describe('POST /api/transactions/:id/create-payment-intent', () => {
  it('gives the buyer an intent for the total, and the same one on a reload', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app, { amountMinor: 10_000n });
    const res = await createIntent(transactionId, buyer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'sandbox', amount: '103.00', currency: 'USD' });
    expect(body.paymentId).toMatch(/^pay_[0-9a-f]{24}$/);
    expect(body.clientSecret).toMatch(/^sbpi_/);

    const again = await createIntent(transactionId, buyer.cookie);
    expect(again.json()).toEqual(body);
    const rows = await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(rows).toHaveLength(1);
  });

  it('creates one intent even when ten reloads race', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app);
    const all = await Promise.all(Array.from({ length: 10 }, () => createIntent(transactionId, buyer.cookie)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json().paymentId)).size).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(rows).toHaveLength(1);
  });

  it('refuses the seller (403), a stranger (404), the signed-out (401) and unknown ids (404)', async () => {
    const { seller, transactionId } = await createPendingTransaction(t.app);
    const stranger = await registerUser(t.app);
    const asSeller = await createIntent(transactionId, seller.cookie);
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.json().message).toBe('Only the buyer can fund this transaction');
    expect((await createIntent(transactionId, stranger.cookie)).statusCode).toBe(404);
    expect((await createIntent(transactionId)).statusCode).toBe(401);
    expect((await createIntent('not-a-uuid', stranger.cookie)).statusCode).toBe(404);
    expect((await createIntent('00000000-0000-4000-8000-000000000000', stranger.cookie)).statusCode).toBe(404);
  });

  it('answers 409 once the transaction is funded', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    expect((await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD })).statusCode).toBe(200);
    const res = await createIntent(transactionId, buyer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_FUNDED', message: 'This transaction has already been funded' });
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app);
    const a = await createIntent(transactionId, buyer.cookie, { 'idempotency-key': 'pi-key-1' });
    const b = await createIntent(transactionId, buyer.cookie, { 'idempotency-key': 'pi-key-1' });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });
});

describe('POST /api/payments/sandbox/confirm', () => {
  it('funds escrow with the good test card', async () => {
    const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const res = await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'succeeded',
      paymentId: intent.paymentId,
      purpose: 'transaction',
      transactionId,
    });
    expect(await escrowBalance(t.app, transactionId)).toBe(totalMinor);
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(tx!.paymentStatus).toBe('succeeded');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${intent.paymentId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(view.json()).toMatchObject({
      id: intent.paymentId,
      status: 'succeeded',
      amount: '103.00',
      failureMessage: null,
    });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4111 1111 1111 1111', 'Your card number is incorrect.'],
  ])('declines %s with 402 "%s" and keeps the intent usable', async (cardNumber, message) => {
    const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const res = await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD, cardNumber });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message, code: 'PAYMENT_FAILED' });
    expect(await escrowBalance(t.app, transactionId)).toBe(0n);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${intent.paymentId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(view.json()).toMatchObject({ status: 'failed', failureMessage: message });

    // A reload gets the same intent back, and another card still pays it.
    expect((await createIntent(transactionId, buyer.cookie)).json().paymentId).toBe(intent.paymentId);
    expect((await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD })).statusCode).toBe(200);
    expect(await escrowBalance(t.app, transactionId)).toBe(totalMinor);
  });

  it('explains a bad expiry or CVC with 400 and changes nothing', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const cases: [Record<string, string>, RegExp][] = [
      [{ expiry: '01/20' }, /^Your card has expired\.$/],
      [{ expiry: '13/30' }, /expiration date is invalid/],
      [{ expiry: 'soon' }, /expiration date is invalid/],
      [{ cvc: '12' }, /security code is invalid/],
      [{ cvc: '12345' }, /security code is invalid/],
    ];
    for (const [change, message] of cases) {
      const res = await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const missing = await confirm(buyer.cookie, { clientSecret: intent.clientSecret });
    expect(missing.statusCode).toBe(400);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${intent.paymentId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(view.json().status).toBe('requires_payment_method');
  });

  it('lets only the payer confirm or read a payment', async () => {
    const { buyer, seller, transactionId } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    expect((await confirm(seller.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD })).statusCode).toBe(404);
    expect((await confirm(buyer.cookie, { clientSecret: 'sbpi_nope_secret_x', ...GOOD_CARD })).statusCode).toBe(404);
    const unauth = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret: intent.clientSecret, ...GOOD_CARD },
    });
    expect(unauth.statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${intent.paymentId}`,
      headers: { cookie: seller.cookie },
    });
    expect(read.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${intent.paymentId}` })).statusCode).toBe(401);
    expect(await escrowBalance(t.app, transactionId)).toBe(0n);
  });

  it('credits once when the same confirmation arrives twice', async () => {
    const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const first = await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD });
    const second = await confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await escrowBalance(t.app, transactionId)).toBe(totalMinor);
    expect(await walletBalance(t.app, buyer.user.id)).toBe(0n);
  });

  it('credits once when 20 confirmations race', async () => {
    const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const all = await Promise.all(
      Array.from({ length: 20 }, () => confirm(buyer.cookie, { clientSecret: intent.clientSecret, ...GOOD_CARD })),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await escrowBalance(t.app, transactionId)).toBe(totalMinor);
    expect(await walletBalance(t.app, buyer.user.id)).toBe(0n);
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.paymentId, intent.paymentId));
    expect(entries).toHaveLength(1);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});

describe('sync and webhook with the sandbox provider', () => {
  it('sync returns the current status', async () => {
    const { buyer, transactionId } = await createPendingTransaction(t.app);
    const intent = (await createIntent(transactionId, buyer.cookie)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${intent.paymentId}/sync`,
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: intent.paymentId,
      status: 'requires_payment_method',
      purpose: 'transaction',
    });
    const other = await registerUser(t.app);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${intent.paymentId}/sync`,
      headers: { cookie: other.cookie },
    });
    expect(denied.statusCode).toBe(404);
  });

  it('has no Stripe webhook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
  });
});
