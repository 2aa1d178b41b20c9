import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { GOOD_CARD, walletBalance } from './payments.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deposit = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/wallet/deposit', () => {
  it('validates the amount with the specification texts', async () => {
    const { cookie } = await registerUser(t.app);
    const cases: [unknown, string][] = [
      [{ amount: 0, currency: 'USD' }, 'Invalid Amount: Please enter a valid deposit amount'],
      [{ amount: -5, currency: 'USD' }, 'Invalid Amount: Please enter a valid deposit amount'],
      [{ amount: 'ten', currency: 'USD' }, 'Invalid Amount: Please enter a valid deposit amount'],
      [{ amount: '10.001', currency: 'USD' }, 'Invalid Amount: Please enter a valid deposit amount'],
      [{ currency: 'USD' }, 'Invalid Amount: Please enter a valid deposit amount'],
      [{ amount: 4.99, currency: 'USD' }, 'Amount Too Low: Minimum deposit is $5'],
      [{ amount: '49.99', currency: 'ZAR' }, 'Amount Too Low: Minimum deposit is R50'],
      [{ amount: 1, currency: 'GBP' }, 'Amount Too Low: Minimum deposit is £5'],
      [{ amount: '100000.01', currency: 'EUR' }, 'Amount Too High: Maximum deposit is €100000'],
      [{ amount: 10, currency: 'XYZ' }, 'Unsupported currency'],
    ];
    for (const [payload, message] of cases) {
      const res = await deposit(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await t.database.db.select().from(payments)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect((await deposit(undefined, { amount: 10, currency: 'USD' })).statusCode).toBe(401);
  });

  it('credits the wallet once by card, however often it is confirmed', async () => {
    const user = await registerUser(t.app);
    const res = await deposit(user.cookie, { amount: '50', currency: 'ZAR' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'sandbox', amount: '50.00', currency: 'ZAR' });

    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          headers: { cookie: user.cookie },
          payload: { clientSecret: body.clientSecret, ...GOOD_CARD },
        }),
      ),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(all[0]!.json()).toEqual({
      status: 'succeeded',
      paymentId: body.paymentId,
      purpose: 'deposit',
      transactionId: null,
    });
    expect(await walletBalance(t.app, user.user.id, 'ZAR')).toBe(5_000n);
    expect((await checkLedger(t.database.db)).ok).toBe(true);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${body.paymentId}`,
      headers: { cookie: user.cookie },
    });
    expect(view.json()).toMatchObject({
      status: 'succeeded',
      purpose: 'deposit',
      transactionId: null,
      amount: '50.00',
    });
  });

  it('does not credit a declined deposit', async () => {
    const user = await registerUser(t.app);
    const body = (await deposit(user.cookie, { amount: 5, currency: 'USD' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: { cookie: user.cookie },
      payload: { clientSecret: body.clientSecret, ...GOOD_CARD, cardNumber: '4000000000009995' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card has insufficient funds.');
    expect(await walletBalance(t.app, user.user.id, 'USD')).toBe(0n);
  });

  it('creates one deposit per Idempotency-Key', async () => {
    const user = await registerUser(t.app);
    const headers = { 'idempotency-key': 'dep-1' };
    const a = await deposit(user.cookie, { amount: 12.5, currency: 'USD' }, headers);
    const b = await deposit(user.cookie, { amount: 12.5, currency: 'USD' }, headers);
    expect(b.json()).toEqual(a.json());
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.user.id));
    expect(rows).toHaveLength(1);
    const other = await deposit(user.cookie, { amount: 13, currency: 'USD' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
