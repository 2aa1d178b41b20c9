import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { journalEntries } from '../db/schema/index.js';
import { createTestDatabase } from '../test/test-app.js';
import { creditWallet, insertUser } from '../test/money-factories.js';
import {
  accountKey,
  checkLedger,
  getAccountBalance,
  getWalletBalance,
  LedgerError,
  payoutCompletedEntry,
  payoutReturnedEntry,
  postEntry,
  withdrawalEntry,
} from './index.js';

let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const db = () => database.db;
const pendingIn = (currency: string) => getAccountBalance(db(), accountKey({ type: 'payouts_pending', currency }));
const clearingOf = (provider: string, currency: string) =>
  getAccountBalance(db(), accountKey({ type: 'provider_clearing', provider, currency }));
const entriesOfWithdrawal = (withdrawalId: string) =>
  db()
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.paymentId, withdrawalId))
    .orderBy(journalEntries.createdAt);

async function expectHealthy() {
  expect((await checkLedger(db())).problems).toEqual([]);
}

describe('withdrawals in the ledger', () => {
  it('withdrawalEntry: wallet → payouts_pending, the entry names the withdrawal', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 10_000n, 'GBP');
    const before = await pendingIn('GBP');
    const withdrawalId = randomUUID();
    await db().transaction((tx) =>
      postEntry(tx, withdrawalEntry({ withdrawalId, userId: user, currency: 'GBP', amount: 2_500n })),
    );
    expect(await getWalletBalance(db(), user, 'GBP')).toBe(7_500n);
    expect((await pendingIn('GBP')) - before).toBe(2_500n);
    expect(await entriesOfWithdrawal(withdrawalId)).toMatchObject([
      { kind: 'withdrawal', userId: user, paymentId: withdrawalId, memo: `Withdrawal ${withdrawalId}` },
    ]);
    await expectHealthy();
  });

  it('withdrawalEntry refuses to overdraw: INSUFFICIENT_FUNDS and nothing written', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 999n, 'GBP');
    const before = await pendingIn('GBP');
    const withdrawalId = randomUUID();
    await expect(
      db().transaction((tx) =>
        postEntry(tx, withdrawalEntry({ withdrawalId, userId: user, currency: 'GBP', amount: 1_000n })),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await getWalletBalance(db(), user, 'GBP')).toBe(999n);
    expect(await pendingIn('GBP')).toBe(before);
    expect(await entriesOfWithdrawal(withdrawalId)).toEqual([]);
    await expectHealthy();
  });

  it('withdrawalEntry under concurrency: twelve racing withdrawals of 300 from 1 000 → exactly three', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 1_000n, 'CAD');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        db().transaction((tx) =>
          postEntry(tx, withdrawalEntry({ withdrawalId: randomUUID(), userId: user, currency: 'CAD', amount: 300n })),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect(await getWalletBalance(db(), user, 'CAD')).toBe(100n);
    await expectHealthy();
  });

  it('payoutCompletedEntry: payouts_pending → the payout provider’s clearing account (the money has left)', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 5_000n, 'EUR');
    const provider = `payouts-${randomUUID()}`;
    const withdrawalId = randomUUID();
    const pendingBefore = await pendingIn('EUR');
    await db().transaction((tx) =>
      postEntry(tx, withdrawalEntry({ withdrawalId, userId: user, currency: 'EUR', amount: 4_000n })),
    );
    await db().transaction((tx) =>
      postEntry(tx, payoutCompletedEntry({ withdrawalId, userId: user, currency: 'EUR', amount: 4_000n, provider })),
    );
    expect(await getWalletBalance(db(), user, 'EUR')).toBe(1_000n);
    expect(await pendingIn('EUR')).toBe(pendingBefore);
    expect(await clearingOf(provider, 'EUR')).toBe(4_000n);
    expect((await entriesOfWithdrawal(withdrawalId)).map((e) => [e.kind, e.paymentId, e.memo])).toEqual([
      ['withdrawal', withdrawalId, `Withdrawal ${withdrawalId}`],
      ['payout_completed', withdrawalId, `Payout of withdrawal ${withdrawalId} paid by ${provider}`],
    ]);
    await expectHealthy();
  });

  it('payoutReturnedEntry: payouts_pending → the same wallet, with the reason in the memo', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 5_000n, 'AUD');
    const withdrawalId = randomUUID();
    const pendingBefore = await pendingIn('AUD');
    await db().transaction((tx) =>
      postEntry(tx, withdrawalEntry({ withdrawalId, userId: user, currency: 'AUD', amount: 5_000n })),
    );
    expect(await getWalletBalance(db(), user, 'AUD')).toBe(0n);
    await db().transaction((tx) =>
      postEntry(
        tx,
        payoutReturnedEntry({
          withdrawalId,
          userId: user,
          currency: 'AUD',
          amount: 5_000n,
          reason: 'The bank rejected the account number',
        }),
      ),
    );
    expect(await getWalletBalance(db(), user, 'AUD')).toBe(5_000n);
    expect(await pendingIn('AUD')).toBe(pendingBefore);
    expect((await entriesOfWithdrawal(withdrawalId)).at(-1)).toMatchObject({
      kind: 'payout_returned',
      userId: user,
      memo: 'Withdrawal returned: The bank rejected the account number',
    });
    await expectHealthy();
  });

  it('payouts_pending never goes negative: settling money that was never withdrawn is a ledger error', async () => {
    const user = await insertUser(db());
    const currency = 'USD';
    const pending = await pendingIn(currency);
    const tooMuch = pending + 1n;
    const withdrawalId = randomUUID();
    await expect(
      db().transaction((tx) =>
        postEntry(
          tx,
          payoutCompletedEntry({ withdrawalId, userId: user, currency, amount: tooMuch, provider: 'sandbox' }),
        ),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      db().transaction((tx) =>
        postEntry(tx, payoutReturnedEntry({ withdrawalId, userId: user, currency, amount: tooMuch, reason: 'x' })),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await getWalletBalance(db(), user, currency)).toBe(0n);
    expect(await entriesOfWithdrawal(withdrawalId)).toEqual([]);
    await expectHealthy();
  });
});
