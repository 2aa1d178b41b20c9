import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-app.js';
import { creditWallet, insertTransaction, insertUser } from '../test/money-factories.js';
import { ledgerAccounts, postings } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { accountKey, checkLedger, getAccountBalance, getWalletBalance, postEntry, type AccountRef } from './index.js';

let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const db = () => database.db;
const wallet = (userId: string, currency = 'ZAR'): AccountRef => ({ type: 'wallet', userId, currency });
const escrow = (transactionId: string, currency = 'ZAR'): AccountRef => ({ type: 'escrow', transactionId, currency });

async function expectHealthy() {
  const result = await checkLedger(db());
  expect(result.problems).toEqual([]);
  expect(result.ok).toBe(true);
}

describe('postEntry', () => {
  it('moves money between accounts, creating them on demand, with balance_after and gapless versions', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 10_000n);
    await creditWallet(db(), user, 2_550n);
    expect(await getWalletBalance(db(), user, 'ZAR')).toBe(12_550n);
    expect(
      await getAccountBalance(db(), accountKey({ type: 'provider_clearing', provider: 'test', currency: 'ZAR' })),
    ).toBeLessThan(0n);

    const [account] = await db()
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, accountKey(wallet(user))));
    expect(account.version).toBe(2);
    const rows = await db().select().from(postings).where(eq(postings.accountId, account.id)).orderBy(postings.version);
    expect(rows.map((r) => [r.version, r.amount, r.balanceAfter])).toEqual([
      [1, 10_000n, 10_000n],
      [2, 2_550n, 12_550n],
    ]);
    await expectHealthy();
  });

  it('refuses an entry that does not sum to zero, and writes nothing', async () => {
    const user = await insertUser(db());
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          postings: [
            { account: { type: 'provider_clearing', provider: 'test', currency: 'ZAR' }, amount: -100n },
            { account: wallet(user), amount: 101n },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await getWalletBalance(db(), user, 'ZAR')).toBe(0n);
    await expectHealthy();
  });

  it('refuses entries mixing currencies that do not balance per currency', async () => {
    const user = await insertUser(db());
    await creditWallet(db(), user, 1_000n, 'USD');
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          postings: [
            { account: wallet(user, 'USD'), amount: -1_000n },
            { account: wallet(user, 'EUR'), amount: 1_000n },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance in (USD|EUR)/);
    await expectHealthy();
  });

  it('never lets a wallet go below zero (InsufficientFunds), and rolls back the whole entry', async () => {
    const buyer = await insertUser(db());
    await creditWallet(db(), buyer, 500n);
    const t = await insertTransaction(db(), { buyerId: buyer });
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'wallet_funding',
          transactionId: t,
          postings: [
            { account: wallet(buyer), amount: -501n },
            { account: escrow(t), amount: 501n },
          ],
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(500n);
    expect(await getAccountBalance(db(), accountKey(escrow(t)))).toBe(0n);
    await expectHealthy();
  });

  it('never lets escrow or fees go below zero', async () => {
    const buyer = await insertUser(db());
    const t = await insertTransaction(db(), { buyerId: buyer });
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'refund',
          postings: [
            { account: escrow(t), amount: -1n },
            { account: wallet(buyer), amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow(/would go negative/);
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'release',
          postings: [
            { account: { type: 'fees', currency: 'ZAR' }, amount: -1n },
            { account: wallet(buyer), amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow(/would go negative/);
    await expectHealthy();
  });

  it('refuses degenerate entries and unsupported currencies', async () => {
    const user = await insertUser(db());
    const post = (p: { account: AccountRef; amount: bigint }[]) =>
      db().transaction((tx) => postEntry(tx, { kind: 'deposit', postings: p }));
    await expect(post([])).rejects.toThrow(/at least two/);
    await expect(
      post([
        { account: wallet(user), amount: 0n },
        { account: wallet(user), amount: 0n },
      ]),
    ).rejects.toThrow(/at least two/);
    await expect(
      post([
        { account: wallet(user, 'XYZ'), amount: 5n },
        { account: { type: 'fees', currency: 'XYZ' }, amount: -5n },
      ]),
    ).rejects.toThrow(/unsupported currency/);
  });

  it('keeps the entry in the caller transaction: a later failure rolls the money back', async () => {
    const user = await insertUser(db());
    await expect(
      db().transaction(async (tx) => {
        await postEntry(tx, {
          kind: 'deposit',
          postings: [
            { account: { type: 'provider_clearing', provider: 'test', currency: 'ZAR' }, amount: -700n },
            { account: wallet(user), amount: 700n },
          ],
        });
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    expect(await getWalletBalance(db(), user, 'ZAR')).toBe(0n);
    await expectHealthy();
  });

  it('serializes concurrent debits of one wallet: it never goes negative', async () => {
    const buyer = await insertUser(db());
    await creditWallet(db(), buyer, 1_000n);
    const ids = await Promise.all(Array.from({ length: 10 }, () => insertTransaction(db(), { buyerId: buyer })));
    const results = await Promise.allSettled(
      ids.map((t) =>
        db().transaction((tx) =>
          postEntry(tx, {
            kind: 'wallet_funding',
            transactionId: t,
            postings: [
              { account: wallet(buyer), amount: -300n },
              { account: escrow(t), amount: 300n },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(100n);
    await expectHealthy();
  });

  // Last in this block: it leaves money in fees:ZAR, which the test above needs empty.
  it('writes the entry, one posting per account and every new balance (three accounts, one entry id)', async () => {
    const buyer = await insertUser(db());
    const seller = await insertUser(db());
    await creditWallet(db(), buyer, 1_030n);
    const t = await insertTransaction(db(), { buyerId: buyer });
    await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'wallet_funding',
        transactionId: t,
        postings: [
          { account: wallet(buyer), amount: -1_030n },
          { account: escrow(t), amount: 1_030n },
        ],
      }),
    );
    const { entryId } = await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'release',
        transactionId: t,
        userId: seller,
        memo: 'three legs',
        postings: [
          { account: escrow(t), amount: -1_030n },
          { account: { type: 'fees', currency: 'ZAR' }, amount: 30n },
          { account: wallet(seller), amount: 1_000n },
        ],
      }),
    );
    const rows = await db().select().from(postings).where(eq(postings.entryId, entryId));
    expect(rows.map((r) => r.amount).sort((a, b) => (a < b ? -1 : 1))).toEqual([-1_030n, 30n, 1_000n]);
    expect(await getAccountBalance(db(), accountKey(escrow(t)))).toBe(0n);
    expect(await getWalletBalance(db(), seller, 'ZAR')).toBe(1_000n);
    const [escrowAccount] = await db()
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, accountKey(escrow(t))));
    expect(escrowAccount.version).toBe(2);
    await expectHealthy();
  });
});

describe('checkLedger', () => {
  it('reports tampering: a changed balance, a broken chain and an unbalanced entry', async () => {
    const isolated = await createTestDatabase();
    try {
      const user = await insertUser(isolated.db);
      await creditWallet(isolated.db, user, 1_000n);
      await creditWallet(isolated.db, user, 500n);
      expect((await checkLedger(isolated.db)).ok).toBe(true);

      await isolated.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE type = 'wallet'`);
      await isolated.db.execute(
        sql`UPDATE postings SET amount = amount + 1 WHERE version = 2 AND balance_after = 1500`,
      );
      const result = await checkLedger(isolated.db);
      expect(result.ok).toBe(false);
      const text = result.problems.join('\n');
      expect(text).toMatch(/balance 1501 but last balance_after 1500/);
      expect(text).toMatch(/1000 \+ 501 != 1500/);
      expect(text).toMatch(/sums to 1 in ZAR/);
      expect(text).toMatch(/balances in ZAR sum to 1/);
    } finally {
      await isolated.dispose();
    }
  });
});
