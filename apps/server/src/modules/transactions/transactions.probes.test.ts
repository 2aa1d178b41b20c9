import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail } from '../../test/factories.js';
import { acceptTransaction, as, createTransaction, creditWallet, parties } from '../../test/money-factories.js';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';
import { transactions, users } from '../../db/schema/index.js';

/**
 * Attacker and auditor probes of the transaction routes: odd amounts, ids, identities and bodies.
 * Every answer is a clear 4xx (never a 500) and nothing is written when the request is refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const countTransactions = async () => (await db().select({ id: transactions.id }).from(transactions)).length;

describe('amount and currency edge cases on POST /api/transactions', () => {
  it.each([
    [0, 400],
    ['0', 400],
    [-100, 400],
    ['-100', 400],
    ['1e3', 400],
    [1e21, 400],
    ['10.001', 400],
    [' 100 ', 201],
    ['00100', 201],
    ['1 000', 400],
    ['100,00', 400],
    ['', 400],
    ['99999999999999999999999999999999999999', 400],
    ['9'.repeat(41), 400],
    [Number('12345678901234567890'), 400],
    [Number.MAX_SAFE_INTEGER + 2, 400],
    [100.5, 201],
    [0.1 + 0.2, 400],
    [null, 400],
    [true, 400],
    [{ value: 100 }, 400],
    [[100], 400],
  ])('amount %j answers %i', async (amount, status) => {
    const { buyer, seller } = await parties(t.app);
    const before = await countTransactions();
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount,
      currency: 'ZAR',
      sellerEmail: seller.email,
      description: 'x',
    });
    expect(res.statusCode).toBe(status);
    expect(await countTransactions()).toBe(before + (status === 201 ? 1 : 0));
    if (status === 400) expect(res.json().fields).toHaveProperty('amount');
  });

  it('treats a lower-case currency as unsupported (400 on currency), never 500', async () => {
    const { buyer, seller } = await parties(t.app);
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: '100',
      currency: 'zar',
      sellerEmail: seller.email,
      description: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('currency');
  });

  it('refuses the own email as seller whatever its case', async () => {
    const buyer = await registerUser(t.app);
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: '100',
      currency: 'ZAR',
      sellerEmail: `  ${buyer.email.toUpperCase()} `,
      description: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('sellerEmail');
  });
});

describe('bodies', () => {
  it('refuses NUL and control characters in texts with 400 (the database cannot store NUL), writing nothing', async () => {
    const { buyer, seller } = await parties(t.app);
    const before = await countTransactions();
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: '100',
      currency: 'ZAR',
      sellerEmail: seller.email,
      description: 'a\u0000b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('description');
    expect(await countTransactions()).toBe(before);
    const created = await createTransaction(t.app, buyer, seller.email, { description: 'Line one\nline\ttwo' });
    expect(created.description).toBe('Line one\nline\ttwo');
    const accept = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {
      deliveryNotes: 'by courier\u0000',
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().fields).toHaveProperty('deliveryNotes');
    const [row] = await db().select().from(transactions).where(eq(transactions.id, created.id));
    expect(row!.status).toBe('pending');
  });

  it('answers malformed JSON with 400 and oversized JSON with 413 on money routes', async () => {
    const buyer = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: '{"amount": 100,',
    });
    expect(bad.statusCode).toBe(400);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "amount": 100}',
    });
    expect(proto.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: '100', currency: 'ZAR', pad: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { cookie: buyer.cookie, 'content-type': 'text/plain' },
      payload: 'amount=100',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

describe('ids and denials', () => {
  const bad = [
    'not-a-uuid',
    '1',
    "1' or '1'='1",
    '00000000-0000-0000-0000-000000000000',
    'ZZZZZZZZ-0000-0000-0000-000000000000',
  ];
  it.each(bad)('answers 404 for transaction id %j on every route', async (id) => {
    const buyer = await registerUser(t.app);
    const call = as(t.app, buyer);
    const enc = encodeURIComponent(id);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '/accept', {}],
      ['PATCH', '/decline', undefined],
      ['PATCH', '/cancel', undefined],
      ['PATCH', '/confirm', { confirmationPhrase: CONFIRMATION_PHRASE }],
      ['POST', '/fund-from-wallet', undefined],
      ['POST', '/create-payment-intent', undefined],
    ] as const) {
      const res = await call(method, `/api/transactions/${enc}${path}`, body);
      expect([method, path, res.statusCode]).toEqual([method, path, 404]);
    }
  });

  it('answers 401 to anonymous callers on every money route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const anon = as(t.app, null);
    for (const [method, url, body] of [
      ['GET', '/api/transactions', undefined],
      ['POST', '/api/transactions', { amount: '100', currency: 'ZAR', sellerEmail: 'a@b.co', description: 'x' }],
      ['GET', `/api/transactions/${id}`, undefined],
      ['PATCH', `/api/transactions/${id}/accept`, {}],
      ['PATCH', `/api/transactions/${id}/decline`, undefined],
      ['PATCH', `/api/transactions/${id}/cancel`, undefined],
      ['PATCH', `/api/transactions/${id}/confirm`, { confirmationPhrase: CONFIRMATION_PHRASE }],
      ['POST', `/api/transactions/${id}/fund-from-wallet`, undefined],
      ['POST', `/api/transactions/${id}/create-payment-intent`, undefined],
      ['POST', '/api/wallet/deposit', { amount: '100', currency: 'ZAR' }],
      ['GET', '/api/wallet/balance', undefined],
      ['GET', '/api/wallet/transactions', undefined],
      ['GET', '/api/payments/pay_x', undefined],
      ['POST', '/api/payments/pay_x/sync', undefined],
      [
        'POST',
        '/api/payments/sandbox/confirm',
        { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
      ],
      ['GET', '/api/admin/stats', undefined],
    ] as const) {
      const res = await anon(method, url, body, { 'idempotency-key': 'k1' });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });

  it('hides a transaction from strangers (404) and names the right party to the other (403)', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const path = `/api/transactions/${created.id}`;
    for (const [method, sub, body] of [
      ['GET', '', undefined],
      ['PATCH', '/accept', {}],
      ['PATCH', '/decline', undefined],
      ['PATCH', '/cancel', undefined],
      ['PATCH', '/confirm', { confirmationPhrase: CONFIRMATION_PHRASE }],
      ['POST', '/fund-from-wallet', undefined],
      ['POST', '/create-payment-intent', undefined],
    ] as const) {
      const res = await as(t.app, stranger)(method, path + sub, body);
      expect([sub, res.statusCode]).toEqual([sub, 404]);
    }
    expect((await as(t.app, buyer)('PATCH', `${path}/accept`, {})).statusCode).toBe(403);
    expect((await as(t.app, buyer)('PATCH', `${path}/decline`)).statusCode).toBe(403);
    expect((await as(t.app, seller)('POST', `${path}/fund-from-wallet`)).statusCode).toBe(403);
    expect((await as(t.app, seller)('POST', `${path}/create-payment-intent`)).statusCode).toBe(403);
    const list = await as(t.app, stranger)('GET', '/api/transactions');
    expect(list.json()).toEqual([]);
  });

  it('never shows the buyer email or the transaction to someone who merely registered the seller address', async () => {
    const buyer = await registerUser(t.app);
    const sellerEmail = uniqueEmail('squatted');
    const squatter = await registerUser(t.app, { email: sellerEmail, verified: false });
    const created = await createTransaction(t.app, buyer, sellerEmail);
    expect(created.sellerId).toBeNull();
    expect((await as(t.app, squatter)('GET', `/api/transactions/${created.id}`)).statusCode).toBe(404);
    expect((await as(t.app, squatter)('GET', '/api/transactions')).json()).toEqual([]);
    expect((await as(t.app, squatter)('PATCH', `/api/transactions/${created.id}/accept`, {})).statusCode).toBe(403);
    // The buyer may still withdraw.
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`)).statusCode).toBe(200);
  });

  it('refuses an email change through update-profile, so a seller cannot move a transaction', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const res = await as(t.app, seller)('POST', '/api/auth/update-profile', {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail('moved'),
    });
    expect(res.statusCode).toBe(400);
    for (const url of ['/api/auth/change-email', '/api/auth/update-user']) {
      const other = await as(t.app, seller)('POST', url, { newEmail: uniqueEmail('moved'), email: uniqueEmail('m') });
      expect(other.statusCode).toBe(404);
    }
  });
});

describe('idempotency keys across users and routes', () => {
  it('never replays one user’s response to another user with the same key', async () => {
    const a = await parties(t.app);
    const b = await parties(t.app);
    const key = `shared-${Date.now()}`;
    const body = { amount: '100', currency: 'ZAR', description: 'x' };
    const ra = await as(t.app, a.buyer)(
      'POST',
      '/api/transactions',
      { ...body, sellerEmail: a.seller.email },
      {
        'idempotency-key': key,
      },
    );
    const rb = await as(t.app, b.buyer)(
      'POST',
      '/api/transactions',
      { ...body, sellerEmail: a.seller.email },
      {
        'idempotency-key': key,
      },
    );
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.json().id).not.toBe(ra.json().id);
    expect(rb.json().buyerId).toBe(b.buyer.user.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key reused on another route with 422, and moves no money', async () => {
    const { buyer, seller } = await parties(t.app);
    const one = await createTransaction(t.app, buyer, seller.email);
    const two = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 20_600n);
    const key = { 'idempotency-key': `fund-${Date.now()}` };
    expect(
      (await as(t.app, buyer)('POST', `/api/transactions/${one.id}/fund-from-wallet`, undefined, key)).statusCode,
    ).toBe(200);
    const reused = await as(t.app, buyer)('POST', `/api/transactions/${two.id}/fund-from-wallet`, undefined, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const cancel = await as(t.app, buyer)('PATCH', `/api/transactions/${one.id}/cancel`, undefined, key);
    expect(cancel.statusCode).toBe(422);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);
    const replay = await as(t.app, buyer)('POST', `/api/transactions/${one.id}/fund-from-wallet`, undefined, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('seller identity', () => {
  it('lets the real seller act only after verification, and the buyer never acts as seller', async () => {
    const buyer = await registerUser(t.app);
    const email = uniqueEmail('late');
    const created = await createTransaction(t.app, buyer, email);
    const seller = await registerUser(t.app, { email, verified: false, role: 'seller' });
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {})).statusCode).toBe(403);
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, seller.user.id));
    const accepted = await acceptTransaction(t.app, seller, created.id);
    expect(accepted.viewerRole).toBe('seller');
    expect(accepted.sellerId).toBe(seller.user.id);
    const confirm = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirm.statusCode).toBe(403);
  });
});

describe('transitions racing', () => {
  it('accept racing decline on a funded transaction: exactly one wins and the money is where it belongs', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyer, seller } = await parties(t.app);
      const created = await createTransaction(t.app, buyer, seller.email);
      await creditWallet(db(), buyer.user.id, 10_300n);
      expect((await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`)).statusCode).toBe(200);
      const [accept, decline] = await Promise.all([
        as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {}),
        as(t.app, seller)('PATCH', `/api/transactions/${created.id}/decline`),
      ]);
      expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
      const wallet = await getWalletBalance(db(), buyer.user.id, 'ZAR');
      expect(wallet).toBe(decline.statusCode === 200 ? 10_300n : 0n);
      const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/confirm`, {
        confirmationPhrase: CONFIRMATION_PHRASE,
      });
      expect(confirm.statusCode).toBe(accept.statusCode === 200 ? 200 : 409);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
