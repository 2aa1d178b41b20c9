import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, type TTransaction } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  acceptTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  minorOf,
  parties,
} from '../../test/money-factories.js';
import { transactions, users } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { listEtag } from './transactions.list-version.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: { cookie: string }, query = '', ifNoneMatch?: string) =>
  as(t.app, who)('GET', `/api/transactions${query}`, undefined, ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {});
const list = async (who: { cookie: string }, query = '') => {
  const res = await get(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const etagOf = async (who: { cookie: string }, query = '') => String((await list(who, query)).headers.etag);

/**
 * What a browser does with the list (fetch with its HTTP cache): keeps each URL's last answer and asks
 * with its ETag; a 304 answers from the kept copy. Each read says whether the server sent the page.
 */
function browserOf(who: { cookie: string }) {
  const kept = new Map<string, { etag: string; body: string }>();
  return async (query = '') => {
    const copy = kept.get(query);
    const res = await get(who, query, copy?.etag);
    expect([200, 304], res.body).toContain(res.statusCode);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    if (res.statusCode === 200) kept.set(query, { etag: String(res.headers.etag), body: res.body });
    else expect(res.headers.etag).toBe(copy!.etag);
    return { sent: res.statusCode === 200, rows: JSON.parse(kept.get(query)!.body) as TTransaction[] };
  };
}

const sessionUser = (u: RegisteredUser): SessionUser => ({
  id: u.user.id,
  email: u.email,
  emailVerified: true,
  role: u.user.role,
  firstName: null,
  lastName: null,
  twoFactorEnabled: false,
});

describe('GET /api/transactions revalidates with its ETag', () => {
  it('sends an ETag and private, no-cache; asked with it, an unchanged page is 304 with no body', async () => {
    const { buyer, seller } = await parties(t.app);
    for (let i = 0; i < 3; i += 1) await createTransaction(t.app, buyer, seller.email);

    const first = await list(buyer, '?limit=2');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(buyer, '?limit=2', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // Without If-None-Match: the same page and tag; a strong form, a list holding it, or * match too.
    const plain = await list(buyer, '?limit=2');
    expect(plain.body).toBe(first.body);
    expect(plain.headers.etag).toBe(etag);
    expect(plain.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBe(first.headers[NEXT_CURSOR_HEADER.toLowerCase()]);
    for (const header of [etag.slice(2), `W/"other", ${etag}`, '*']) {
      expect((await get(buyer, '?limit=2', header)).statusCode).toBe(304);
    }
    expect((await get(buyer, '?limit=2', 'W/"other"')).statusCode).toBe(200);

    // A next page has a tag of its own and revalidates the same way; together the pages hold every deal.
    const cursor = String(first.headers[NEXT_CURSOR_HEADER.toLowerCase()]);
    const next = await list(buyer, `?limit=2&cursor=${cursor}`);
    expect(next.headers.etag).not.toBe(etag);
    expect((await get(buyer, `?limit=2&cursor=${cursor}`, String(next.headers.etag))).statusCode).toBe(304);
    const ids = [...(first.json() as TTransaction[]), ...(next.json() as TTransaction[])].map((x) => x.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('a change by the other party changes the ETag: the seller sees the buyer’s funding, the buyer the acceptance', async () => {
    const { buyer, seller } = await parties(t.app);
    const [buyerReads, sellerReads] = [browserOf(buyer), browserOf(seller)];
    const created = await createTransaction(t.app, buyer, seller.email);
    expect((await sellerReads()).rows[0]).toMatchObject({ id: created.id, paymentStatus: 'unpaid' });
    expect((await buyerReads()).rows[0]).toMatchObject({ id: created.id, status: 'pending' });
    expect((await sellerReads()).sent).toBe(false);

    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    const sellerTag = await etagOf(seller);
    await fundFromWallet(t.app, buyer, created.id);
    expect(await etagOf(seller)).not.toBe(sellerTag);
    const funded = await sellerReads();
    expect(funded.sent).toBe(true);
    expect(funded.rows[0]).toMatchObject({ id: created.id, paymentStatus: 'succeeded' });

    const buyerTag = await etagOf(buyer);
    await acceptTransaction(t.app, seller, created.id);
    expect(await etagOf(buyer)).not.toBe(buyerTag);
    expect((await buyerReads()).rows[0]).toMatchObject({
      id: created.id,
      status: 'active',
      paymentStatus: 'succeeded',
    });
  });

  it('shows a change made by any SQL, a new deal, and a party’s new name or verified address', async () => {
    const { buyer, seller } = await parties(t.app);
    const [buyerReads, sellerReads] = [browserOf(buyer), browserOf(seller)];
    const created = await createTransaction(t.app, buyer, seller.email);
    await buyerReads();
    await sellerReads();

    await t.app.database.db
      .update(transactions)
      .set({ description: 'Changed by hand' })
      .where(eq(transactions.id, created.id));
    expect((await buyerReads()).rows[0]!.description).toBe('Changed by hand');
    expect((await sellerReads()).rows[0]!.description).toBe('Changed by hand');

    const second = await createTransaction(t.app, buyer, seller.email);
    expect((await sellerReads()).rows.map((x) => x.id)).toEqual([second.id, created.id]);

    await t.app.database.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, seller.user.id));
    expect((await buyerReads()).rows[0]!.seller).toMatchObject({ firstName: 'Renamed' });
    await t.app.database.db.update(users).set({ lastName: 'Newname' }).where(eq(users.id, buyer.user.id));
    expect((await sellerReads()).rows[0]!.buyer).toMatchObject({ lastName: 'Newname' });
    // Their own lists show them too.
    expect((await sellerReads()).sent).toBe(false);
    expect((await buyerReads()).rows[0]!.buyer).toMatchObject({ lastName: 'Newname' });

    // A seller who registers and verifies later appears on the buyer's kept page.
    const later = await registerUser(t.app, { verified: false });
    const pending = await createTransaction(t.app, buyer, later.email);
    expect((await buyerReads()).rows[0]).toMatchObject({ id: pending.id, seller: null });
    await t.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, later.user.id));
    expect((await buyerReads()).rows[0]).toMatchObject({ id: pending.id, seller: { id: later.user.id } });
  });

  it('a person’s change moves only the lists that show them: no key shared by everyone', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    const strangersSeller = await registerUser(t.app, { role: 'seller' });
    await createTransaction(t.app, buyer, seller.email);
    await createTransaction(t.app, stranger, strangersSeller.email);
    const [strangerTag, buyerTag] = [await etagOf(stranger), await etagOf(buyer)];

    await t.app.database.db.update(users).set({ firstName: 'Someone else' }).where(eq(users.id, seller.user.id));
    const newcomer = await registerUser(t.app, { verified: false });
    await t.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, newcomer.user.id));
    expect(await etagOf(stranger)).toBe(strangerTag);
    expect(await etagOf(buyer)).not.toBe(buyerTag);
    const global = await t.app.database.db.execute(sql`select key from list_versions where key = '*'`);
    expect((global as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('a new message in the deal’s conversation, or archiving it, leaves the ETag alone (the page does not show them)', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const before = await etagOf(buyer);
    await t.app.database.db.execute(sql`update transactions set last_message_at = now() where id = ${created.id}`);
    expect(await etagOf(buyer)).toBe(before);
    for (const party of [buyer, seller]) {
      expect((await as(t.app, party)('PATCH', `/api/conversations/${created.id}/archive`)).statusCode).toBe(200);
    }
    expect((await get(buyer, '', before)).statusCode).toBe(304);
    await t.app.database.db.execute(
      sql`update transactions set last_message_at = now(), description = 'both' where id = ${created.id}`,
    );
    expect((await get(buyer, '', before)).statusCode).toBe(200);
  });

  it('reads racing a funding and an acceptance never leave an old page behind them', async () => {
    const { buyer, seller } = await parties(t.app);
    const [buyerReads, sellerReads] = [browserOf(buyer), browserOf(seller)];
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    const reads = () => Array.from({ length: 10 }, () => sellerReads());
    await Promise.all([...reads(), fundFromWallet(t.app, buyer, created.id), ...reads()]);
    expect((await sellerReads()).rows[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'pending' });
    await Promise.all([...reads(), acceptTransaction(t.app, seller, created.id), ...reads()]);
    expect((await buyerReads()).rows[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'active' });
    expect((await sellerReads()).rows[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'active' });
  });

  it('keeps each person’s and each query’s page apart: another’s tag or another query’s is never 304', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    await createTransaction(t.app, buyer, seller.email);
    expect((await list(buyer)).json()).toHaveLength(1);
    expect((await list(stranger)).json()).toEqual([]);
    expect((await list(buyer, '?status=completed')).json()).toEqual([]);
    expect((await list(buyer, '?status=pending')).json()).toHaveLength(1);

    // One browser, two people in turn: the first one's kept page is not the second one's.
    const buyerTag = await etagOf(buyer);
    const asStranger = await get(stranger, '', buyerTag);
    expect(asStranger.statusCode).toBe(200);
    expect(asStranger.json()).toEqual([]);
    expect((await get(buyer, '?status=completed', buyerTag)).statusCode).toBe(200);
    expect((await get(buyer, '?limit=5', buyerTag)).statusCode).toBe(200);
  });

  it('a tag read before a change never names the page after it (a change between the read and the build)', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const who = sessionUser(buyer);
    const query = { limit: 20 };
    const read = await listEtag(t.app.database.db, who, query);
    // The change commits after the tag was read and before the page was built...
    await t.app.database.db
      .update(transactions)
      .set({ description: 'In between' })
      .where(eq(transactions.id, created.id));
    const built = await t.app.services.transactions.list(who, query);
    expect(built.page!.items[0]!.description).toBe('In between');
    // ... so whoever holds a page under the old tag gets the new page, never a 304.
    const answer = await t.app.services.transactions.list(who, query, read);
    expect(answer.etag).not.toBe(read);
    expect(answer.page!.items[0]!.description).toBe('In between');
  });

  it('a bad cursor is still 400 INVALID_CURSOR, with no ETag', async () => {
    const { buyer } = await parties(t.app);
    const res = await get(buyer, '?cursor=not-ours');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CURSOR' });
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
