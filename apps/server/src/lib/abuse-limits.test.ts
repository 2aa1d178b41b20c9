import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { MESSAGES } from '@holdfast/contracts';
import { transactions, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser, uniqueEmail } from '../test/factories.js';
import { as, parties } from '../test/money-factories.js';

/** The volume limits (config.limits): small here so a test reaches them; 429 with a clear message. */
let t: TestApp;
let r: TestApp;
beforeAll(async () => {
  [t, r] = await Promise.all([
    createTestApp({ env: { TRANSACTION_LIMIT_PER_HOUR: '2', DEPOSIT_LIMIT_PER_HOUR: '2' } }),
    createTestApp({ env: { REGISTRATION_LIMIT_PER_HOUR: '3' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), r.close()]));

const register = (remoteAddress: string) =>
  r.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: {
      firstName: 'Many',
      lastName: 'Accounts',
      email: uniqueEmail('many'),
      password: 'Secret-pass-1',
      confirmPassword: 'Secret-pass-1',
      role: 'buyer',
    },
  });

describe('abuse limits', () => {
  it('limits new accounts per address, and creates nothing once limited', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register('203.0.113.7')).statusCode).toBe(201);
    const before = (await r.database.db.select({ n: count() }).from(users))[0]!.n;
    const limited = await register('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.limits.registrations });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await r.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    // Another address is not affected.
    expect((await register('203.0.113.8')).statusCode).toBe(201);
  });

  it('limits new transactions per user, not per address', async () => {
    const { buyer, seller } = await parties(t.app);
    const other = await registerUser(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'One of many' };
    for (let i = 0; i < 2; i += 1)
      expect((await as(t.app, buyer)('POST', '/api/transactions', body)).statusCode).toBe(201);
    const before = (await t.database.db.select({ n: count() }).from(transactions))[0]!.n;
    const limited = await as(t.app, buyer)('POST', '/api/transactions', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.limits.transactions });
    expect((await t.database.db.select({ n: count() }).from(transactions))[0]!.n).toBe(before);
    expect((await as(t.app, other)('POST', '/api/transactions', body)).statusCode).toBe(201);
  });

  it('limits deposit intents per user', async () => {
    const { buyer } = await parties(t.app);
    const deposit = () => as(t.app, buyer)('POST', '/api/wallet/deposit', { amount: '50', currency: 'ZAR' });
    expect((await deposit()).statusCode).toBe(200);
    expect((await deposit()).statusCode).toBe(200);
    const limited = await deposit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.limits.deposits });
  });
});
