import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CURRENCIES, NEXT_CURSOR_HEADER, type TTransaction, type TTransactionStatus } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
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

interface Row {
  buyerId: string;
  sellerEmail: string;
  description: string;
  amount: bigint;
  day: number;
}

/** Rows straight into the table: the amount (minor units) and creation day (in January 2026) chosen. */
async function insertRows(rows: Row[]) {
  await t.app.database.db.insert(transactions).values(
    rows.map((r, i) => ({
      buyerId: r.buyerId,
      sellerEmail: r.sellerEmail,
      amount: r.amount,
      fee: (r.amount * 3n) / 100n,
      total: r.amount + (r.amount * 3n) / 100n,
      currency: 'ZAR',
      description: r.description,
      status: STATUSES[i % STATUSES.length],
      createdAt: sql`timestamptz '2026-01-01T10:00:00Z' + make_interval(days => ${r.day})`,
    })) as never,
  );
}

const get = (who: RegisteredUser | null, query: string) => as(t.app, who)('GET', `/api/transactions?${query}`);

/** Follows X-Next-Cursor from the first page to the last: every row in order. */
async function walk(who: RegisteredUser, params: string): Promise<TTransaction[]> {
  const all: TTransaction[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const res = await get(who, `${params}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...(res.json() as TTransaction[]));
    cursor = res.headers[header] as string | undefined;
    if (!cursor) return all;
  }
  throw new Error('the cursor never ended');
}

/** The caller's ids as the database orders them by `order`, optionally only some. */
async function expectedIds(
  who: RegisteredUser,
  order: 'amount desc' | 'amount asc' | 'created_at asc',
  where = sql`true`,
) {
  const dir = order.endsWith('desc') ? sql`desc` : sql`asc`;
  const key = order.startsWith('amount') ? sql`amount` : sql`created_at`;
  const result = (await t.app.database.db.execute(sql`select id from transactions
    where (buyer_id = ${who.user.id} or seller_email = ${who.email}) and ${where}
    order by ${key} ${dir}, id ${dir}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('GET /api/transactions: search, sort, amount and date ranges', () => {
  let alice: RegisteredUser;
  let bongani: RegisteredUser;
  let dave: RegisteredUser;

  beforeAll(async () => {
    [alice, bongani, dave] = await Promise.all([
      registerUser(t.app, { role: 'seller', firstName: 'Alice', lastName: 'Zulu' }),
      registerUser(t.app, { role: 'seller', firstName: 'Bongani', lastName: 'Mokoena' }),
      registerUser(t.app, { firstName: 'Dave', lastName: 'Other' }),
    ]);
    await insertRows([
      // Alice buys 12 camera lenses from Bongani (R 100 … R 1 200, one a day) …
      ...Array.from({ length: 12 }, (_, i) => ({
        buyerId: alice.user.id,
        sellerEmail: bongani.email,
        description: `Camera lens ${i}`,
        amount: BigInt((i + 1) * 10_000),
        day: i,
      })),
      // … sells Bongani 8 guitars (R 150 … R 850) …
      ...Array.from({ length: 8 }, (_, i) => ({
        buyerId: bongani.user.id,
        sellerEmail: alice.email,
        description: `Guitar ${i}`,
        amount: BigInt(i * 10_000 + 15_000),
        day: i + 3,
      })),
      // … and buys one from an address that has no account (50% off in its description).
      {
        buyerId: alice.user.id,
        sellerEmail: 'unknown-shop@example.com',
        description: 'Tripod, 50% off',
        amount: 30_000n,
        day: 20,
      },
      // Dave's own camera deals with Bongani: never on Alice's list.
      ...Array.from({ length: 6 }, (_, i) => ({
        buyerId: dave.user.id,
        sellerEmail: bongani.email,
        description: `Camera body ${i}`,
        amount: BigInt((i + 1) * 10_000),
        day: i,
      })),
    ]);
  });

  it('every supported currency has two decimal places (the amount range compares minor units)', () => {
    for (const info of Object.values(CURRENCIES)) expect(info.decimalPlaces).toBe(2);
  });

  it('finds by description or by the counterparty, only among the caller’s own deals', async () => {
    const cameras = await walk(alice, 'q=camera&limit=5');
    expect(cameras.map((r) => r.description).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Camera lens ${i}`).sort(),
    );
    // Bongani is the seller of 12 and the buyer of 8: any part of his names or address, any case.
    expect(await walk(alice, 'q=bongani')).toHaveLength(20);
    expect(await walk(alice, 'q=KOENA')).toHaveLength(20);
    expect(await walk(alice, `q=${encodeURIComponent('Bongani Mokoena')}`)).toHaveLength(20);
    expect(await walk(alice, `q=${encodeURIComponent(bongani.email)}`)).toHaveLength(20);
    // An invited address with no account, found by the address the buyer typed.
    expect((await walk(alice, 'q=unknown-shop')).map((r) => r.description)).toEqual(['Tripod, 50% off']);
    // % and _ are taken literally.
    expect((await walk(alice, `q=${encodeURIComponent('50%')}`)).map((r) => r.description)).toEqual([
      'Tripod, 50% off',
    ]);
    expect(await walk(alice, `q=${encodeURIComponent('_')}`)).toHaveLength(0);
    // Alice's own name matches none of her deals (she is never her own counterparty).
    expect(await walk(alice, 'q=zulu')).toHaveLength(0);
    // Dave sees his own cameras, none of Alice's; Bongani sees both of theirs with him.
    expect((await walk(dave, 'q=camera')).map((r) => r.description).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `Camera body ${i}`).sort(),
    );
    expect(await walk(bongani, 'q=camera')).toHaveLength(18);
    expect(await walk(dave, 'q=guitar')).toHaveLength(0);
    // An empty search is the plain list.
    expect(await walk(alice, 'q=')).toHaveLength(21);
  });

  it('sorts by amount and by date both ways, paging to the end with a cursor of that order', async () => {
    expect((await walk(alice, 'sort=amount_desc&limit=4')).map((r) => r.id)).toEqual(
      await expectedIds(alice, 'amount desc'),
    );
    expect((await walk(alice, 'sort=amount_asc&limit=7')).map((r) => r.id)).toEqual(
      await expectedIds(alice, 'amount asc'),
    );
    expect((await walk(alice, 'sort=oldest&limit=6')).map((r) => r.id)).toEqual(
      await expectedIds(alice, 'created_at asc'),
    );
    const newest = await walk(alice, 'sort=newest&limit=5');
    expect(newest.map((r) => r.id)).toEqual((await expectedIds(alice, 'created_at asc')).reverse());
    // Sorted with a search and a status.
    const completed = await walk(alice, 'q=camera&status=completed&sort=amount_desc&limit=1');
    expect(completed.every((r) => r.status === 'completed' && r.description.startsWith('Camera'))).toBe(true);
    expect(completed.map((r) => Number(r.amount))).toEqual(
      [...completed.map((r) => Number(r.amount))].sort((a, b) => b - a),
    );
  });

  it('keeps amounts within a range (inclusive) and deals created within a date range', async () => {
    const mid = await walk(alice, 'minAmount=300&maxAmount=500.00&sort=amount_asc');
    expect(mid.map((r) => r.amount)).toEqual(['300.00', '300.00', '350.00', '400.00', '450.00', '500.00']);
    expect(await walk(alice, 'minAmount=1200.01')).toHaveLength(0);
    expect((await walk(alice, 'maxAmount=100')).map((r) => r.description)).toEqual(['Camera lens 0']);
    // Created on 3 to 5 January (UTC) inclusive: the `to` instant is excluded.
    const days = await walk(
      alice,
      `from=${encodeURIComponent('2026-01-04T00:00:00Z')}&to=${encodeURIComponent('2026-01-07T00:00:00+00:00')}`,
    );
    expect(days.map((r) => r.createdAt.slice(0, 10)).sort()).toEqual([
      '2026-01-04',
      '2026-01-04',
      '2026-01-05',
      '2026-01-05',
      '2026-01-06',
      '2026-01-06',
    ]);
    // A local midnight with its offset: 2026-01-05T00:00+02:00 is 4 January 22:00 UTC.
    const sast = await walk(
      alice,
      `from=${encodeURIComponent('2026-01-05T00:00:00+02:00')}&to=${encodeURIComponent('2026-01-06T00:00:00+02:00')}&q=lens`,
    );
    expect(sast.map((r) => r.description)).toEqual(['Camera lens 4']);
  });

  it('refuses what it cannot read, and a cursor of another order', async () => {
    for (const query of [
      'sort=cheapest',
      'minAmount=abc',
      'minAmount=1.234',
      'maxAmount=-5',
      'minAmount=10&maxAmount=9.99',
      'from=2026-01-01',
      'from=yesterday',
      `from=${encodeURIComponent('2026-01-02T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(alice, query);
      expect(res.statusCode, query).toBe(400);
    }
    const byDate = await get(alice, 'limit=2');
    const byAmount = await get(alice, 'limit=2&sort=amount_desc');
    const dateCursor = byDate.headers[header] as string;
    const amountCursor = byAmount.headers[header] as string;
    expect((await get(alice, `sort=amount_desc&cursor=${dateCursor}`)).json()).toMatchObject({
      code: 'INVALID_CURSOR',
    });
    expect((await get(alice, `cursor=${amountCursor}`)).json()).toMatchObject({ code: 'INVALID_CURSOR' });
    expect((await get(alice, `sort=oldest&cursor=${amountCursor}`)).statusCode).toBe(400);
  });

  it('asks who is calling: 401 signed out', async () => {
    expect((await get(null, 'q=camera')).statusCode).toBe(401);
  });

  it('tags each refinement apart, and an unchanged one answers 304', async () => {
    const first = await get(alice, 'q=camera&sort=amount_desc');
    const other = await get(alice, 'q=camera&sort=amount_asc');
    expect(first.headers.etag).toBeTruthy();
    expect(other.headers.etag).not.toBe(first.headers.etag);
    for (const q of [
      'q=guitar',
      'minAmount=1',
      'maxAmount=1',
      'from=2026-01-01T00:00:00Z',
      'to=2026-01-01T00:00:00Z',
    ]) {
      expect((await get(alice, q)).headers.etag, q).not.toBe((await get(alice, '')).headers.etag);
    }
    const again = await as(t.app, alice)('GET', '/api/transactions?q=camera&sort=amount_desc', undefined, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });
});
