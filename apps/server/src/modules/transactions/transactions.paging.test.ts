import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, PAGE_LIMITS, type TTransaction, type TTransactionStatus } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { transactions } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  await t.close();
});

const header = NEXT_CURSOR_HEADER.toLowerCase();
const STATUSES: TTransactionStatus[] = ['pending', 'active', 'completed', 'disputed', 'cancelled'];

/**
 * Rows straight into the table with chosen creation times: groups of four share one timestamp to the
 * microsecond, and neighbours differ by a single microsecond (which a JavaScript Date cannot express).
 */
async function insertRows(n: number, row: (i: number) => { buyerId: string; sellerEmail: string }, salt: number) {
  const values = Array.from({ length: n }, (_, i) => {
    const micros = 1_000_000 * salt + Math.floor(i / 4);
    return {
      ...row(i),
      amount: 1000n,
      fee: 30n,
      total: 1030n,
      currency: 'ZAR',
      description: `Paged item ${salt}-${i}`,
      status: STATUSES[i % STATUSES.length],
      createdAt: sql`timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => ${micros}::double precision / 1000000)`,
    };
  });
  await t.app.database.db.insert(transactions).values(values as never);
}

async function page(who: RegisteredUser | null, query = '') {
  return as(t.app, who)('GET', `/api/transactions${query}`);
}

/** Follows X-Next-Cursor from the first page to the last; every page's rows in order. */
async function walk(who: RegisteredUser, params: string) {
  const pages: TTransaction[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const res = await page(who, `?${params}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    pages.push(res.json());
    cursor = res.headers[header] as string | undefined;
    if (!cursor) return pages;
  }
  throw new Error('the cursor never ended');
}

/** The caller's ids newest first as the database orders them (microseconds, then id). */
async function expectedIds(who: RegisteredUser) {
  const result = (await t.app.database.db.execute(sql`select id from transactions
    where buyer_id = ${who.user.id} or seller_email = ${who.email.toLowerCase()}
    order by created_at desc, id desc`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('GET /api/transactions pages with a cursor', () => {
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let carol: RegisteredUser;
  let unverified: RegisteredUser;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      registerUser(t.app, { role: 'seller' }),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    unverified = await registerUser(t.app, { role: 'seller', verified: false });
    // Alice buys 45 (from various sellers) and sells 15 to Bob: 60, more than one default page.
    await insertRows(45, () => ({ buyerId: alice.user.id, sellerEmail: uniqueEmail('s') }), 1);
    await insertRows(15, () => ({ buyerId: bob.user.id, sellerEmail: alice.email.toLowerCase() }), 1);
    // Carol's rows share Alice's timestamps; the unverified seller's address is on 5 of Bob's.
    await insertRows(30, () => ({ buyerId: carol.user.id, sellerEmail: uniqueEmail('s') }), 1);
    await insertRows(5, () => ({ buyerId: bob.user.id, sellerEmail: unverified.email.toLowerCase() }), 2);
  });

  it('answers the plain call with the first page of the default size, the same as ?limit=default', async () => {
    const plain = await page(alice);
    expect(plain.statusCode).toBe(200);
    const rows = plain.json() as TTransaction[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(PAGE_LIMITS.transactions.default);
    expect(rows.map((r) => r.id)).toEqual((await expectedIds(alice)).slice(0, rows.length));
    expect(plain.headers[header]).toEqual(expect.any(String));
    const explicit = await page(alice, `?limit=${PAGE_LIMITS.transactions.default}`);
    expect(explicit.json()).toEqual(rows);
    expect(explicit.headers[header]).toBe(plain.headers[header]);
  });

  it('visits each of the caller’s rows exactly once, in order, across pages of equal timestamps', async () => {
    const expected = await expectedIds(alice);
    expect(expected).toHaveLength(60);
    for (const limit of [1, 4, 7, 60, 100]) {
      const pages = await walk(alice, `limit=${limit}`);
      const rows = pages.flat();
      expect(rows).toHaveLength(60);
      expect(new Set(rows.map((r) => r.id)).size).toBe(60);
      expect(rows.map((r) => r.id)).toEqual(expected);
      for (const p of pages.slice(0, -1)) expect(p).toHaveLength(limit);
      for (const r of rows) {
        expect(r.buyerId === alice.user.id || r.sellerEmail === alice.email.toLowerCase()).toBe(true);
        expect(r.viewerRole).toBe(r.buyerId === alice.user.id ? 'buyer' : 'seller');
      }
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  it('has no next cursor on the last page, also when the last page is exactly full', async () => {
    const exact = await page(alice, '?limit=100');
    expect(exact.json()).toHaveLength(60);
    expect(exact.headers[header]).toBeUndefined();
    const twoPages = await walk(alice, 'limit=30');
    expect(twoPages.map((p) => p.length)).toEqual([30, 30]);
  });

  it('shows each person only their own rows on every page', async () => {
    const bobRows = (await walk(bob, 'limit=3')).flat();
    expect(bobRows).toHaveLength(20);
    expect(bobRows.every((r) => r.buyerId === bob.user.id)).toBe(true);
    const carolRows = (await walk(carol, 'limit=7')).flat();
    expect(carolRows).toHaveLength(30);
    expect(carolRows.every((r) => r.buyerId === carol.user.id)).toBe(true);
    // An address not yet verified sees nothing sold to it.
    expect((await page(unverified)).json()).toEqual([]);
    // Alice's cursor in Carol's session continues Carol's own list, never Alice's.
    const aliceCursor = (await page(alice, '?limit=2')).headers[header] as string;
    const carolAfter = (await page(carol, `?cursor=${aliceCursor}`)).json() as TTransaction[];
    expect(carolAfter.every((r) => r.buyerId === carol.user.id)).toBe(true);
  });

  it('filters by status across pages, and the stats count every status', async () => {
    const stats = await page(alice, '/stats').then((r) => r.json());
    expect(stats).toEqual({
      total: 60,
      pending: 12,
      active: 12,
      completed: 12,
      disputed: 12,
      cancelled: 12,
      successRate: 100,
    });
    for (const status of STATUSES) {
      const rows = (await walk(alice, `limit=5&status=${status}`)).flat();
      expect(rows).toHaveLength(stats[status]);
      expect(rows.every((r) => r.status === status)).toBe(true);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      // A first page stops at the party keys' count of the status (12 each here): every match in order,
      // a cursor only when more remain, also when the count is exactly the page or one more.
      const all = (await page(alice, `?limit=100&status=${status}`)).json() as TTransaction[];
      expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      const exact = await page(alice, `?limit=12&status=${status}`);
      expect(exact.json()).toHaveLength(12);
      expect(exact.headers[header]).toBeUndefined();
      const short = await page(alice, `?limit=11&status=${status}`);
      const rest = await page(alice, `?limit=11&status=${status}&cursor=${short.headers[header] as string}`);
      expect([...short.json(), ...rest.json()].map((r: TTransaction) => r.id)).toEqual(rows.map((r) => r.id));
      expect(rest.headers[header]).toBeUndefined();
    }
    const fresh = await registerUser(t.app);
    expect((await page(fresh, '/stats')).json()).toEqual({
      total: 0,
      pending: 0,
      active: 0,
      completed: 0,
      disputed: 0,
      cancelled: 0,
      successRate: null,
    });
  });

  it("answers a filter's first page from each status's own count: every match, also a few old ones", async () => {
    const [dana, erin] = await Promise.all([registerUser(t.app, { role: 'seller' }), registerUser(t.app)]);
    // Bought: 30 completed, then older 3 active, 2 disputed, 1 pending; sold: 10 completed, then 1 disputed
    // older than everything. No two statuses have the same count on either side.
    const bought = [...Array(30).fill('completed'), 'active', 'active', 'active', 'disputed', 'disputed', 'pending'];
    const sold = [...Array(10).fill('completed'), 'disputed'];
    const insert = (statuses: string[], party: (i: number) => { buyerId: string; sellerEmail: string }, from: number) =>
      t.app.database.db.insert(transactions).values(
        statuses.map((status, i) => ({
          ...party(i),
          amount: 1000n,
          fee: 30n,
          total: 1030n,
          currency: 'ZAR',
          description: `Dana ${from + i}`,
          status,
          createdAt: sql`timestamptz '2026-02-01T00:00:00Z' - make_interval(mins => ${from + i})`,
        })) as never,
      );
    await insert(bought, () => ({ buyerId: dana.user.id, sellerEmail: uniqueEmail('s') }), 0);
    await insert(sold, () => ({ buyerId: erin.user.id, sellerEmail: dana.email.toLowerCase() }), 100);
    for (const status of STATUSES) {
      const expected = (
        (await t.app.database.db.execute(sql`select id from transactions
          where (buyer_id = ${dana.user.id} or seller_email = ${dana.email.toLowerCase()}) and status = ${status}
          order by created_at desc, id desc`)) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id);
      const res = await page(dana, `?limit=100&status=${status}`);
      expect(
        res.json().map((r: TTransaction) => r.id),
        status,
      ).toEqual(expected);
      expect(res.headers[header]).toBeUndefined();
    }
  });

  it('refuses a cursor it did not issue with 400 INVALID_CURSOR', async () => {
    const bad = [
      'not!base64',
      Buffer.from('hello').toString('base64url'),
      Buffer.from('{"at":1}').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 'not-a-uuid'])).toString('base64url'),
      Buffer.from(JSON.stringify(['yesterday', '5f0c7a52-3b1e-4d47-9a77-1a2b3c4d5e6f'])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-13-45T99:00:00.000000Z', '5f0c7a52-3b1e-4d47-9a77-1a2b3c4d5e6f'])).toString(
        'base64url',
      ),
      'x'.repeat(500),
    ];
    for (const cursor of bad) {
      const res = await page(alice, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code, cursor).toBe('INVALID_CURSOR');
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('keeps limit between 1 and the maximum', async () => {
    for (const limit of ['0', '-1', String(PAGE_LIMITS.transactions.max + 1), '1.5', 'ten']) {
      const res = await page(alice, `?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await page(alice, '?limit=1')).json()).toHaveLength(1);
    const max = await page(alice, `?limit=${PAGE_LIMITS.transactions.max}`);
    expect(max.statusCode).toBe(200);
    expect(max.json()).toHaveLength(60);
  });

  it('refuses the list and the stats without a session, and a status it does not know', async () => {
    expect((await page(null)).statusCode).toBe(401);
    expect((await page(null, '/stats')).statusCode).toBe(401);
    const res = await page(alice, '?status=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});
