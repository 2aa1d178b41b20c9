import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, PAGE_LIMITS, type TWalletActivity } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, creditWallet } from '../../test/money-factories.js';
import { checkLedger, depositEntry, postEntry } from '../../ledger/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = NEXT_CURSOR_HEADER.toLowerCase();
const db = () => t.app.database.db;

async function walk(who: RegisteredUser, limit: number) {
  const pages: TWalletActivity[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const res = await as(t.app, who)(
      'GET',
      `/api/wallet/transactions?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    pages.push(res.json());
    cursor = res.headers[header] as string | undefined;
    if (!cursor) return pages;
  }
  throw new Error('the cursor never ended');
}

describe('GET /api/wallet/transactions pages with a cursor', () => {
  let rich: RegisteredUser;
  let other: RegisteredUser;
  const amounts: bigint[] = [];

  beforeAll(async () => {
    [rich, other] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    // 12 deposits one by one, then 9 in one database transaction (one created_at) across two currencies.
    for (let i = 1; i <= 12; i += 1) {
      amounts.push(BigInt(i * 100));
      await creditWallet(db(), rich.user.id, BigInt(i * 100), i % 2 ? 'ZAR' : 'USD');
    }
    await db().transaction(async (tx) => {
      for (let i = 13; i <= 21; i += 1) {
        amounts.push(BigInt(i * 100));
        await postEntry(
          tx,
          depositEntry({
            userId: rich.user.id,
            currency: i % 2 ? 'ZAR' : 'USD',
            amount: BigInt(i * 100),
            provider: 'test',
            paymentId: `test-${randomUUID()}`,
          }),
        );
      }
    });
    await creditWallet(db(), other.user.id, 5000n);
  });

  it('answers the plain call with the newest page of the default size and a cursor for more', async () => {
    const res = await as(t.app, rich)('GET', '/api/wallet/transactions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(PAGE_LIMITS.walletActivity.default);
    expect(res.headers[header]).toEqual(expect.any(String));
    const all = (await walk(rich, 100)).flat();
    expect(res.json()).toEqual(all.slice(0, PAGE_LIMITS.walletActivity.default));
  });

  it('visits every movement once in every page size, equal timestamps included', async () => {
    const all = (await walk(rich, 100)).flat();
    expect(all).toHaveLength(21);
    expect(new Set(all.map((a) => a.id)).size).toBe(21);
    for (const limit of [1, 2, 5, 20, 21]) {
      const pages = await walk(rich, limit);
      expect(pages.flat().map((a) => a.id)).toEqual(all.map((a) => a.id));
      for (const p of pages.slice(0, -1)) expect(p).toHaveLength(limit);
    }
    // The order is the ledger's own, read here without the page's per-wallet index ranges.
    const expected = await db().execute(sql`select p.id from postings p join ledger_accounts a on a.id = p.account_id
      where a.user_id = ${rich.user.id} and a.type = 'wallet'
      order by p.created_at desc, p.account_id desc, p.version desc`);
    const rows = ((expected as { rows?: { id: string }[] }).rows ?? expected) as { id: string }[];
    expect(all.map((a) => a.id)).toEqual(rows.map((r) => r.id));
    // The 9 deposits of one database transaction are the newest, whichever order they come in.
    const newest = all.slice(0, 9).map((a) => a.amount);
    expect(newest.sort()).toEqual(['13.00', '14.00', '15.00', '16.00', '17.00', '18.00', '19.00', '20.00', '21.00']);
  });

  it('shows each person only their own movements', async () => {
    const mine = (await walk(other, 1)).flat();
    expect(mine.map((a) => a.amount)).toEqual(['50.00']);
    const richCursor = (await as(t.app, rich)('GET', '/api/wallet/transactions?limit=1')).headers[header] as string;
    const res = await as(t.app, other)('GET', `/api/wallet/transactions?cursor=${richCursor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((a: TWalletActivity) => a.amount === '50.00')).toBe(true);
  });

  it('refuses a cursor it did not issue and a limit out of bounds', async () => {
    const transactionCursor = Buffer.from(
      JSON.stringify(['2026-01-01T00:00:00.000000Z', '5f0c7a52-3b1e-4d47-9a77-1a2b3c4d5e6f']),
    ).toString('base64url');
    for (const cursor of ['%%%', 'e30', transactionCursor]) {
      const res = await as(t.app, rich)('GET', `/api/wallet/transactions?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', String(PAGE_LIMITS.walletActivity.max + 1), 'x']) {
      const res = await as(t.app, rich)('GET', `/api/wallet/transactions?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', '/api/wallet/transactions?limit=1')).statusCode).toBe(401);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
