import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withdrawalTooHighMessage } from '@holdfast/contracts';
import { jobs } from '../../db/schema/index.js';
import { adjustableClock, SECOND } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import {
  expectHealthyLedger,
  pendingPayouts,
  personWithMoney,
  walletOf,
  withdraw,
  withdrawal,
  withdrawalRows,
} from './withdrawals.test-helpers.js';

/** A US account by routing number (JPMorgan Chase's, whose checksum holds). */
const US_BANK = { bankName: undefined, branchCode: undefined, routingNumber: '021000021' };
const clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.app.database.db;

describe('POST /api/wallet/withdraw', () => {
  it('moves the money to payouts_pending at once and answers 201 with the pending withdrawal', async () => {
    const seller = await personWithMoney(t.app, 50_000n);
    const pendingBefore = await pendingPayouts(db());
    const res = await withdraw(t.app, seller, withdrawal({ amount: '150.5', accountNumber: '6200 1234 5678' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      amount: '150.50',
      currency: 'ZAR',
      status: 'pending',
      accountHolderName: 'Thandi Nkosi',
      accountLast4: '5678',
      destination: {
        bankName: 'FNB',
        institutionNumber: null,
        branchCode: '250655',
        bic: null,
        routingNumber: null,
        accountType: 'account',
        accountMasked: '•••• 5678',
      },
      createdAt: '2026-01-05T10:00:00.000Z',
      settledAt: null,
      failureReason: null,
      // The sandbox pays at its first check: a minute is the estimate a person reads.
      expectedBy: '2026-01-05T10:01:00.000Z',
      review: null,
    });
    expect(await walletOf(db(), seller)).toBe(34_950n);
    expect((await pendingPayouts(db())) - pendingBefore).toBe(15_050n);

    // Only the last four digits are kept, anywhere: the withdrawal row and its job.
    const [row] = await withdrawalRows(db(), seller);
    expect(row).toMatchObject({ provider: 'sandbox', providerPayoutId: `po_sandbox_ok_${body.id}` });
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `payout.settle:${body.id}`));
    expect(job).toMatchObject({ kind: 'payout.settle', payload: { withdrawalId: body.id }, state: 'queued' });
    expect(job!.runAt.toISOString()).toBe('2026-01-05T10:00:05.000Z');
    expect(JSON.stringify([{ ...row, amount: String(row!.amount) }, job])).not.toContain('620012345678');
    await expectHealthyLedger(db());
  });

  it('insufficient balance: 409 INSUFFICIENT_FUNDS, "Insufficient wallet balance", and nothing written', async () => {
    const seller = await personWithMoney(t.app, 14_999n);
    const pendingBefore = await pendingPayouts(db());
    const res = await withdraw(t.app, seller, withdrawal({ amount: '150.00' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await walletOf(db(), seller)).toBe(14_999n);
    expect(await pendingPayouts(db())).toBe(pendingBefore);
    expect(await withdrawalRows(db(), seller)).toEqual([]);

    // A currency the person holds nothing in is the same answer.
    const usd = await withdraw(t.app, seller, withdrawal({ amount: '10.00', currency: 'USD', ...US_BANK }));
    expect(usd.statusCode).toBe(409);
    expect(usd.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await withdrawalRows(db(), seller)).toEqual([]);
    await expectHealthyLedger(db());
  });

  it.each([
    ['below the minimum', { amount: '99.99' }, 'amount', 'Minimum withdrawal is R\u00a0100,00'],
    ['below the USD minimum', { amount: '9.99', currency: 'USD' }, 'amount', 'Minimum withdrawal is $10.00'],
    ['above the maximum', { amount: '1000000.01' }, 'amount', withdrawalTooHighMessage('ZAR')],
    ['too many decimals', { amount: '150.001' }, 'amount', 'Enter a valid amount'],
    ['not a number', { amount: '1e3' }, 'amount', 'Enter a valid amount'],
    ['a negative amount', { amount: -150 }, 'amount', 'Enter a valid amount'],
    ['an unsupported currency', { currency: 'XYZ' }, 'currency', 'Unsupported currency'],
    ['a short account number', { accountNumber: '12345' }, 'accountNumber', 'Enter the account number: 6 to 34 digits'],
    [
      'letters in the account number',
      { accountNumber: '12345A789' },
      'accountNumber',
      'Enter the account number: 6 to 34 digits',
    ],
    [
      'a 35-digit account number',
      { accountNumber: '1'.repeat(35) },
      'accountNumber',
      'Enter the account number: 6 to 34 digits',
    ],
    ['no account holder', { accountHolderName: '   ' }, 'accountHolderName', 'Enter the account holder’s name'],
  ])('%s: 400 VALIDATION naming the field, nothing written', async (_what, change, field, message) => {
    const seller = await personWithMoney(t.app, 100_000_000n);
    const res = await withdraw(t.app, seller, withdrawal(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await withdrawalRows(db(), seller)).toEqual([]);
    expect(await walletOf(db(), seller)).toBe(100_000_000n);
  });

  it('takes a JSON number and an account number with spaces (stripped) at the minimum', async () => {
    const seller = await personWithMoney(t.app, 10_000n, 'USD');
    const res = await withdraw(
      t.app,
      seller,
      withdrawal({ amount: 10, currency: 'USD', ...US_BANK, accountNumber: ' 12 34 56 ' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: '10.00', currency: 'USD', accountLast4: '3456' });
    expect(await walletOf(db(), seller, 'USD')).toBe(9_000n);
  });

  it('requires a session: 401 and nothing written', async () => {
    const res = await withdraw(t.app, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await as(t.app, null)('GET', '/api/wallet/withdrawals')).statusCode).toBe(401);
  });

  it('replays an Idempotency-Key: one withdrawal, the same answer; another body with it is 422', async () => {
    const seller = await personWithMoney(t.app, 100_000n);
    const key = randomUUID();
    const first = await withdraw(t.app, seller, withdrawal(), key);
    const again = await withdraw(t.app, seller, withdrawal(), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await withdrawalRows(db(), seller)).toHaveLength(1);
    expect(await walletOf(db(), seller)).toBe(85_000n);

    const other = await withdraw(t.app, seller, withdrawal({ amount: '200.00' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await withdrawalRows(db(), seller)).toHaveLength(1);
  });

  it('20 concurrent withdrawals never overdraw: exactly floor(balance / amount) succeed', async () => {
    const seller = await personWithMoney(t.app, 100_000n); // R\u00a01 000,00
    const pendingBefore = await pendingPayouts(db());
    const results = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(t.app, seller, withdrawal({ amount: '150.00' }))),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    }
    expect(await walletOf(db(), seller)).toBe(10_000n);
    expect((await pendingPayouts(db())) - pendingBefore).toBe(90_000n);
    expect(await withdrawalRows(db(), seller)).toHaveLength(6);
    await expectHealthyLedger(db());
  });
});

describe('GET /api/wallet/withdrawals', () => {
  it('lists the caller’s own withdrawals, newest first, with a limit; nobody else’s', async () => {
    const seller = await personWithMoney(t.app, 100_000n);
    const a = (await withdraw(t.app, seller, withdrawal({ amount: '100.00' }))).json();
    clock.advance(SECOND);
    const b = (await withdraw(t.app, seller, withdrawal({ amount: '200.00', accountNumber: '99998888' }))).json();
    const list = await as(t.app, seller)('GET', '/api/wallet/withdrawals');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((w: { id: string }) => w.id)).toEqual([b.id, a.id]);
    expect(list.json()[0]).toMatchObject({ amount: '200.00', accountLast4: '8888', status: 'pending' });
    expect((await as(t.app, seller)('GET', '/api/wallet/withdrawals?limit=1')).json()).toHaveLength(1);
    expect((await as(t.app, seller)('GET', '/api/wallet/withdrawals?limit=0')).statusCode).toBe(400);

    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', '/api/wallet/withdrawals')).json()).toEqual([]);
    expect((await as(t.app, stranger)('GET', '/api/wallet/transactions')).json()).toEqual([]);
  });
});
