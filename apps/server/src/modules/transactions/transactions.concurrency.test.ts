import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { acceptedFundedTransaction, as, creditWallet, insertTransaction, parties } from '../../test/money-factories.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const N = 50;

describe('races', () => {
  it(`${N} simultaneous confirmations release exactly once`, async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
          confirmationPhrase: CONFIRMATION_PHRASE,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await getAccountBalance(db(), 'fees:ZAR')) - feesBefore).toBe(300n);
    expect(await getAccountBalance(db(), `escrow:${transaction.id}:ZAR`)).toBe(0n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it(`${N} simultaneous wallet fundings never overdraw the wallet`, async () => {
    const { buyer, seller } = await parties(t.app);
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      ids.push(
        await insertTransaction(db(), {
          buyerId: buyer.user.id,
          sellerEmail: seller.email,
          amount: 10_000n,
          fee: 300n,
        }),
      );
    }
    const balance = 10_300n * 17n + 250n;
    await creditWallet(db(), buyer.user.id, balance);

    const results = await Promise.all(
      ids.map((id) => as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(Number(balance / 10_300n));
    expect(refused).toHaveLength(N - ok.length);
    expect(refused.every((r) => r.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(250n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a decline racing a wallet funding never loses the money', async () => {
    const { buyer, seller } = await parties(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(
        await insertTransaction(db(), {
          buyerId: buyer.user.id,
          sellerEmail: seller.email,
          amount: 10_000n,
          fee: 300n,
        }),
      );
    }
    await creditWallet(db(), buyer.user.id, 10_300n * 10n);
    await Promise.all(
      ids.flatMap((id) => [
        as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`),
        as(t.app, seller)('PATCH', `/api/transactions/${id}/decline`),
      ]),
    );
    // Every transaction ends cancelled; whatever was funded came back, so the wallet is whole again.
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n * 10n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
