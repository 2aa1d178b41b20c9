import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import {
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  parties,
} from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;

describe('GET /api/wallet/balance', () => {
  it('reports the wallet currency balance and every currency held', async () => {
    const user = await registerUser(t.app);
    expect((await as(t.app, user)('GET', '/api/wallet/balance')).json()).toEqual({
      balance: '0.00',
      currency: 'ZAR',
      balances: [{ currency: 'ZAR', balance: '0.00' }],
      heldInEscrow: [],
      onItsWayOut: [],
    });
    await creditWallet(db(), user.user.id, 12_345n);
    await creditWallet(db(), user.user.id, 500n, 'USD');
    expect((await as(t.app, user)('GET', '/api/wallet/balance')).json()).toEqual({
      balance: '123.45',
      currency: 'ZAR',
      balances: [
        { currency: 'USD', balance: '5.00' },
        { currency: 'ZAR', balance: '123.45' },
      ],
      heldInEscrow: [],
      onItsWayOut: [],
    });
  });

  it('requires a session', async () => {
    expect((await as(t.app, null)('GET', '/api/wallet/balance')).statusCode).toBe(401);
    expect((await as(t.app, null)('GET', '/api/wallet/transactions')).statusCode).toBe(401);
  });

  it('shows in /api/auth/user', async () => {
    const user = await registerUser(t.app);
    await creditWallet(db(), user.user.id, 5_000n);
    const res = await as(t.app, user)('GET', '/api/auth/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ walletBalance: '50.00', walletCurrency: 'ZAR' });
  });
});

describe('GET /api/wallet/transactions', () => {
  it('lists wallet movements newest first with signed amounts and human descriptions', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { description: 'Red bicycle' });
    await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    const refunded = await createTransaction(t.app, buyer, seller.email, { description: 'Blue kettle' });
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, refunded.id);
    await as(t.app, seller)('PATCH', `/api/transactions/${refunded.id}/decline`);

    const buyerActivity = (await as(t.app, buyer)('GET', '/api/wallet/transactions')).json();
    expect(
      buyerActivity.map((a: { type: string; amount: string; description: string }) => [
        a.type,
        a.amount,
        a.description,
      ]),
    ).toEqual([
      ['refund', '103.00', 'Refund for "Blue kettle"'],
      ['payment', '-103.00', 'Payment for "Blue kettle"'],
      ['deposit', '103.00', 'Deposit by card'],
      ['payment', '-103.00', 'Payment for "Red bicycle"'],
      ['deposit', '103.00', 'Deposit by card'],
    ]);
    expect(buyerActivity[0]).toMatchObject({ currency: 'ZAR', status: 'completed', transactionId: refunded.id });

    const sellerActivity = (await as(t.app, seller)('GET', '/api/wallet/transactions')).json();
    expect(sellerActivity).toHaveLength(1);
    expect(sellerActivity[0]).toMatchObject({
      type: 'release',
      amount: '100.00',
      description: 'Released from "Red bicycle"',
    });

    const limited = (await as(t.app, buyer)('GET', '/api/wallet/transactions?limit=2')).json();
    expect(limited).toHaveLength(2);
    expect((await as(t.app, buyer)('GET', '/api/wallet/transactions?limit=0')).statusCode).toBe(400);
  });

  it('shows nobody else’s movements', async () => {
    const { buyer } = await parties(t.app);
    await creditWallet(db(), buyer.user.id, 10_000n);
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', '/api/wallet/transactions')).json()).toEqual([]);
  });
});
