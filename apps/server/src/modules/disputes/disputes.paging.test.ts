import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, type TDispute } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, insertTransaction } from '../../test/money-factories.js';
import { disputes } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = NEXT_CURSOR_HEADER.toLowerCase();
const db = () => t.app.database.db;
const PRIORITIES = ['high', 'medium', 'low'] as const;
const STATUSES = ['open', 'in_review', 'open', 'resolved'] as const;

/** n disputed transactions of `buyer` sold by `sellerEmail`; groups of three share one created_at. */
async function disputesOf(buyer: RegisteredUser, sellerEmail: string, n: number, salt: number) {
  for (let i = 0; i < n; i += 1) {
    const transactionId = await insertTransaction(db(), { buyerId: buyer.user.id, sellerEmail });
    await db()
      .insert(disputes)
      .values({
        transactionId,
        buyerId: buyer.user.id,
        sellerEmail,
        initiatedBy: 'buyer',
        initiatorId: buyer.user.id,
        type: 'not_received',
        description: `Case ${salt}-${i}`,
        priority: PRIORITIES[i % 3],
        status: STATUSES[i % 4],
        createdAt: sql`timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => ${salt * 100 + Math.floor(i / 3)}::double precision / 1000000)`,
      } as never);
  }
}

async function walk(who: RegisteredUser, path: string, limit: number) {
  const rows: TDispute[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await as(t.app, who)('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TDispute[];
    cursor = res.headers[header] as string | undefined;
    if (cursor) expect(page).toHaveLength(limit);
    rows.push(...page);
    if (!cursor) return rows;
  }
  throw new Error('the cursor never ended');
}

async function idsInOrder(query: ReturnType<typeof sql>) {
  const result = (await db().execute(query)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('dispute lists page with a cursor', () => {
  let dana: RegisteredUser;
  let eve: RegisteredUser;
  let finn: RegisteredUser;
  let moderator: RegisteredUser;

  beforeAll(async () => {
    [dana, eve, finn, moderator] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app, { role: 'seller' }),
      registerUser(t.app),
      registerUser(t.app, { role: 'moderator' }),
    ]);
    await disputesOf(dana, eve.email.toLowerCase(), 14, 1);
    await disputesOf(finn, 'someone@example.test', 3, 1);
  });

  it('pages the parties’ own disputes, newest first, each once', async () => {
    const expected = await idsInOrder(sql`select d.id from disputes d join transactions t on t.id = d.transaction_id
      where t.buyer_id = ${dana.user.id} order by d.created_at desc, d.id desc`);
    expect(expected).toHaveLength(14);
    for (const limit of [1, 4, 14, 50]) {
      expect((await walk(dana, '/api/disputes', limit)).map((d) => d.id)).toEqual(expected);
      // The verified seller sees the same cases.
      expect((await walk(eve, '/api/disputes', limit)).map((d) => d.id)).toEqual(expected);
    }
    const finnRows = await walk(finn, '/api/disputes', 2);
    expect(finnRows).toHaveLength(3);
    expect(finnRows.some((d) => expected.includes(d.id))).toBe(false);
    const plain = await as(t.app, dana)('GET', '/api/disputes');
    expect(plain.json().map((d: TDispute) => d.id)).toEqual(expected);
    expect(plain.headers[header]).toBeUndefined();
  });

  it('merges the cases a person bought and sold, equal times included; sold ones only once verified', async () => {
    const [gus, hana, ivan, jo] = await Promise.all([
      registerUser(t.app, { role: 'seller' }),
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app, { role: 'seller', verified: false }),
    ]);
    // Same salt: the two sets share created_at values, so the merge falls back on ids.
    await disputesOf(gus, hana.email.toLowerCase(), 5, 7);
    await disputesOf(ivan, gus.email.toLowerCase(), 6, 7);
    await disputesOf(ivan, jo.email.toLowerCase(), 2, 8);
    const expected = await idsInOrder(sql`select id from disputes
      where buyer_id = ${gus.user.id} or seller_email = ${gus.email.toLowerCase()} order by created_at desc, id desc`);
    expect(expected).toHaveLength(11);
    for (const limit of [1, 2, 3, 11]) {
      expect((await walk(gus, '/api/disputes', limit)).map((d) => d.id)).toEqual(expected);
    }
    expect(await walk(jo, '/api/disputes', 1)).toEqual([]);
    expect((await walk(ivan, '/api/disputes', 3)).map((d) => d.id)).toHaveLength(8);
  });

  it('answers one transaction’s dispute with transactionId, and nothing for another person’s', async () => {
    const [first] = await walk(dana, '/api/disputes', 1);
    const mine = (await as(t.app, dana)('GET', `/api/disputes?transactionId=${first.transactionId}`)).json();
    expect(mine.map((d: TDispute) => d.id)).toEqual([first.id]);
    const theirs = (await as(t.app, finn)('GET', `/api/disputes?transactionId=${first.transactionId}`)).json();
    expect(theirs).toEqual([]);
    expect((await as(t.app, dana)('GET', '/api/disputes?transactionId=nope')).statusCode).toBe(400);
  });

  it('pages the moderators’ queue most urgent first, then oldest, each open case once', async () => {
    const expected = await idsInOrder(sql`select id from disputes where status in ('open', 'in_review')
      order by case priority when 'high' then 0 when 'medium' then 1 else 2 end, created_at, id`);
    expect(expected.length).toBeGreaterThan(10);
    for (const limit of [1, 3, 100]) {
      expect((await walk(moderator, '/api/disputes/moderator', limit)).map((d) => d.id)).toEqual(expected);
    }
    expect((await as(t.app, dana)('GET', '/api/disputes/moderator')).statusCode).toBe(403);
    expect((await as(t.app, null)('GET', '/api/disputes/moderator')).statusCode).toBe(401);
  });

  it('refuses cursors it did not issue for that list, and limits out of bounds', async () => {
    const partyCursor = (await as(t.app, dana)('GET', '/api/disputes?limit=1')).headers[header] as string;
    const queueCursor = (await as(t.app, moderator)('GET', '/api/disputes/moderator?limit=1')).headers[
      header
    ] as string;
    const cases: [RegisteredUser, string][] = [
      [moderator, `/api/disputes/moderator?cursor=${partyCursor}`],
      [dana, `/api/disputes?cursor=${queueCursor}`],
      [dana, '/api/disputes?cursor=%21%21'],
    ];
    for (const [who, url] of cases) {
      const res = await as(t.app, who)('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '101']) {
      expect((await as(t.app, dana)('GET', `/api/disputes?limit=${limit}`)).json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', '/api/disputes')).statusCode).toBe(401);
  });
});
