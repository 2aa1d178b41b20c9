import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { payments, transactions } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { as, creditWallet } from '../../test/money-factories.js';
import { GOOD_CARD, createPendingTransaction, escrowBalance, walletBalance } from './payments.test-helpers.js';

/** Card payments racing other money calls on the same transaction, and who may use a payment. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const intentFor = async (transactionId: string, cookie: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/create-payment-intent`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { clientSecret: string; paymentId: string };
};
const confirm = (cookie: string, clientSecret: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: { cookie, ...headers },
    payload: { clientSecret, ...GOOD_CARD },
  });

describe('card payment racing other money calls', () => {
  it('card confirmation racing a wallet funding: escrow is funded once, nothing is lost', async () => {
    for (let round = 0; round < 8; round++) {
      const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
      await creditWallet(db(), buyer.user.id, totalMinor, 'USD');
      const intent = await intentFor(transactionId, buyer.cookie);
      const [card, wallet] = await Promise.all([
        confirm(buyer.cookie, intent.clientSecret),
        as(t.app, buyer)('POST', `/api/transactions/${transactionId}/fund-from-wallet`),
      ]);
      expect(await escrowBalance(t.app, transactionId)).toBe(totalMinor);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, transactionId));
      expect(row!.paymentStatus).toBe('succeeded');
      const [payment] = await db().select().from(payments).where(eq(payments.id, intent.paymentId));
      const charged = payment!.status === 'succeeded';
      // The wallet paid (total out) and/or the card paid (total in): whatever did not fund escrow is back.
      const walletNow = await walletBalance(t.app, buyer.user.id);
      expect(walletNow).toBe(
        (wallet.statusCode === 200 ? 0n : totalMinor) + (charged && wallet.statusCode === 200 ? totalMinor : 0n),
      );
      expect([200, 409]).toContain(card.statusCode);
      expect([200, 409]).toContain(wallet.statusCode);
      expect(card.statusCode === 200 || wallet.statusCode === 200).toBe(true);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a card payment after a cancellation is refused before charging; a late provider success lands in the wallet', async () => {
    const { buyer, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = await intentFor(transactionId, buyer.cookie);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${transactionId}/cancel`)).statusCode).toBe(200);
    const late = await confirm(buyer.cookie, intent.clientSecret);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ALREADY_CANCELLED');
    expect(await escrowBalance(t.app, transactionId)).toBe(0n);
    expect(await walletBalance(t.app, buyer.user.id)).toBe(0n);
    expect(totalMinor).toBeGreaterThan(0n);
  });

  it('decline racing a card confirmation: the money ends in escrow of a live transaction or in the buyer wallet', async () => {
    for (let round = 0; round < 6; round++) {
      const { buyer, seller, transactionId, totalMinor } = await createPendingTransaction(t.app);
      const intent = await intentFor(transactionId, buyer.cookie);
      await Promise.all([
        confirm(buyer.cookie, intent.clientSecret),
        as(t.app, seller)('PATCH', `/api/transactions/${transactionId}/decline`),
      ]);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, transactionId));
      const [payment] = await db().select().from(payments).where(eq(payments.id, intent.paymentId));
      const escrow = await escrowBalance(t.app, transactionId);
      const wallet = await walletBalance(t.app, buyer.user.id);
      expect(row!.status).toBe('cancelled');
      expect(escrow).toBe(0n);
      expect(wallet).toBe(payment!.status === 'succeeded' ? totalMinor : 0n);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('confirming receipt racing a cancel after acceptance: the release wins, the cancel is refused', async () => {
    const { buyer, seller, transactionId, totalMinor } = await createPendingTransaction(t.app);
    const intent = await intentFor(transactionId, buyer.cookie);
    expect((await confirm(buyer.cookie, intent.clientSecret)).statusCode).toBe(200);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${transactionId}/accept`, {})).statusCode).toBe(200);
    const [release, cancel] = await Promise.all([
      as(t.app, buyer)('PATCH', `/api/transactions/${transactionId}/confirm`, {
        confirmationPhrase: CONFIRMATION_PHRASE,
      }),
      as(t.app, seller)('PATCH', `/api/transactions/${transactionId}/cancel`),
    ]);
    expect([release.statusCode, cancel.statusCode]).toEqual([200, 409]);
    expect(await walletBalance(t.app, seller.user.id)).toBe(10_000n);
    expect(await escrowBalance(t.app, transactionId)).toBe(0n);
    expect(totalMinor).toBe(10_300n);
  });
});

describe('who may use a payment', () => {
  it('answers 404 to another user confirming, syncing or reading a payment, and moves nothing', async () => {
    const owner = await registerUser(t.app);
    const thief = await registerUser(t.app);
    const res = await as(t.app, owner)('POST', '/api/wallet/deposit', { amount: '20', currency: 'USD' });
    const deposit = res.json() as { clientSecret: string; paymentId: string };
    expect((await confirm(thief.cookie, deposit.clientSecret)).statusCode).toBe(404);
    expect((await as(t.app, thief)('GET', `/api/payments/${deposit.paymentId}`)).statusCode).toBe(404);
    expect((await as(t.app, thief)('POST', `/api/payments/${deposit.paymentId}/sync`)).statusCode).toBe(404);
    expect(await walletBalance(t.app, thief.user.id)).toBe(0n);
    expect(await walletBalance(t.app, owner.user.id)).toBe(0n);
  });

  it('answers 404 (not 500) to payment ids and client secrets with NUL or other non-printable characters', async () => {
    const user = await registerUser(t.app);
    expect((await confirm(user.cookie, 'sbpi_x\u0000')).statusCode).toBe(404);
    expect((await as(t.app, user)('GET', '/api/payments/pay_%00')).statusCode).toBe(404);
    expect((await as(t.app, user)('POST', '/api/payments/pay_%00/sync')).statusCode).toBe(404);
    expect((await as(t.app, user)('GET', '/api/payments/pay%20x')).statusCode).toBe(404);
  });

  it('limits payment syncs per user (each one asks the provider)', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const deposit = (await as(t.app, user)('POST', '/api/wallet/deposit', { amount: '20', currency: 'USD' })).json();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      codes.push((await as(t.app, user)('POST', `/api/payments/${deposit.paymentId}/sync`)).statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await as(t.app, other)('POST', `/api/payments/${deposit.paymentId}/sync`)).statusCode).toBe(404);
  });

  it('never returns another user’s client secret, even for the same Idempotency-Key', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const headers = { 'idempotency-key': 'same-deposit-key' };
    const ra = await as(t.app, a)('POST', '/api/wallet/deposit', { amount: '20', currency: 'USD' }, headers);
    const rb = await as(t.app, b)('POST', '/api/wallet/deposit', { amount: '20', currency: 'USD' }, headers);
    expect(rb.json().clientSecret).not.toBe(ra.json().clientSecret);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a sandbox confirmation for a repeated Idempotency-Key and credits once', async () => {
    const user = await registerUser(t.app);
    const deposit = (await as(t.app, user)('POST', '/api/wallet/deposit', { amount: '20', currency: 'USD' })).json();
    const headers = { 'idempotency-key': `confirm-${deposit.paymentId}` };
    const first = await confirm(user.cookie, deposit.clientSecret, headers);
    const second = await confirm(user.cookie, deposit.clientSecret, headers);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await walletBalance(t.app, user.user.id)).toBe(2_000n);
  });
});
