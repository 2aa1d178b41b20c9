import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TTransaction } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
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
import { createListCache, listVersion } from './transactions.list-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (who: { cookie: string }, query = '') => {
  const res = await as(t.app, who)('GET', `/api/transactions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const rows = async (who: { cookie: string }, query = '') => (await list(who, query)).json() as TTransaction[];
const sessionUser = (u: Awaited<ReturnType<typeof registerUser>>): SessionUser => ({
  id: u.user.id,
  email: u.email,
  emailVerified: true,
  role: 'buyer',
  firstName: null,
  lastName: null,
  twoFactorEnabled: false,
});

describe('first pages answered again while unchanged', () => {
  it('answers the same text and cursor from memory, and the same as a page built afresh', async () => {
    const { buyer, seller } = await parties(t.app);
    for (let i = 0; i < 3; i += 1) await createTransaction(t.app, buyer, seller.email);
    const before = t.app.services.transactions.listCacheSize()!.entries;

    const first = await list(buyer, '?limit=2');
    const again = await list(buyer, '?limit=2');
    expect(again.body).toBe(first.body);
    expect(again.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(t.app.services.transactions.listCacheSize()!.entries).toBe(before + 1);
    // A next page is always built afresh, and agrees with the first.
    const next = await list(buyer, `?limit=2&cursor=${String(first.headers['x-next-cursor'])}`);
    const ids = [...(first.json() as TTransaction[]), ...(next.json() as TTransaction[])].map((x) => x.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('shows a counterparty’s change at once: the seller sees the buyer’s funding, the buyer the acceptance', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    expect((await rows(seller))[0]).toMatchObject({ id: created.id, paymentStatus: 'unpaid' });
    expect((await rows(buyer))[0]).toMatchObject({ id: created.id, status: 'pending' });

    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    await fundFromWallet(t.app, buyer, created.id);
    expect((await rows(seller))[0]).toMatchObject({ id: created.id, paymentStatus: 'succeeded' });

    await acceptTransaction(t.app, seller, created.id);
    expect((await rows(buyer))[0]).toMatchObject({ id: created.id, status: 'active', paymentStatus: 'succeeded' });
  });

  it('shows a change made by any SQL, a new deal, and a party’s new name or verified address', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await rows(buyer);
    await rows(seller);

    await t.app.database.db
      .update(transactions)
      .set({ description: 'Changed by hand' })
      .where(eq(transactions.id, created.id));
    expect((await rows(buyer))[0]!.description).toBe('Changed by hand');
    expect((await rows(seller))[0]!.description).toBe('Changed by hand');

    const second = await createTransaction(t.app, buyer, seller.email);
    expect((await rows(seller)).map((x) => x.id)).toEqual([second.id, created.id]);

    await t.app.database.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, seller.user.id));
    expect((await rows(buyer))[0]!.seller).toMatchObject({ firstName: 'Renamed' });
    await t.app.database.db.update(users).set({ lastName: 'Newname' }).where(eq(users.id, buyer.user.id));
    expect((await rows(seller))[0]!.buyer).toMatchObject({ lastName: 'Newname' });

    // A seller who registers and verifies later appears on the buyer's cached page.
    const later = await registerUser(t.app, { verified: false });
    const pending = await createTransaction(t.app, buyer, later.email);
    expect((await rows(buyer))[0]).toMatchObject({ id: pending.id, seller: null });
    await t.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, later.user.id));
    expect((await rows(buyer))[0]).toMatchObject({ id: pending.id, seller: { id: later.user.id } });
  });

  it('a new message in the deal’s conversation, or archiving it, leaves the version alone (the page does not show them)', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const before = await listVersion(t.app.database.db, sessionUser(buyer));
    await t.app.database.db.execute(sql`update transactions set last_message_at = now() where id = ${created.id}`);
    expect(await listVersion(t.app.database.db, sessionUser(buyer))).toBe(before);
    for (const party of [buyer, seller]) {
      expect((await as(t.app, party)('PATCH', `/api/conversations/${created.id}/archive`)).statusCode).toBe(200);
    }
    expect(await listVersion(t.app.database.db, sessionUser(buyer))).toBe(before);
    await t.app.database.db.execute(
      sql`update transactions set last_message_at = now(), description = 'both' where id = ${created.id}`,
    );
    expect(await listVersion(t.app.database.db, sessionUser(buyer))).not.toBe(before);
  });

  it('reads racing a funding and an acceptance never leave an old page behind them', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    const reads = () => Array.from({ length: 10 }, () => rows(seller));
    await Promise.all([...reads(), fundFromWallet(t.app, buyer, created.id), ...reads()]);
    expect((await rows(seller))[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'pending' });
    await Promise.all([...reads(), acceptTransaction(t.app, seller, created.id), ...reads()]);
    expect((await rows(buyer))[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'active' });
    expect((await rows(seller))[0]).toMatchObject({ paymentStatus: 'succeeded', status: 'active' });
  });

  it('keeps each person’s and each query’s page apart', async () => {
    const { buyer, seller } = await parties(t.app);
    const stranger = await registerUser(t.app);
    await createTransaction(t.app, buyer, seller.email);
    expect(await rows(buyer)).toHaveLength(1);
    expect(await rows(stranger)).toEqual([]);
    expect(await rows(buyer, '?status=completed')).toEqual([]);
    expect(await rows(buyer, '?status=pending')).toHaveLength(1);
  });

  it('never answers a page stored under a version that has since moved (a change between the read and the build)', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const who = sessionUser(buyer);
    const read = await listVersion(t.app.database.db, who);
    // The change commits after the version was read and before the page was built...
    await t.app.database.db
      .update(transactions)
      .set({ description: 'In between' })
      .where(eq(transactions.id, created.id));
    const built = await t.app.services.transactions.firstPage(who, { limit: 20 }, (items) => JSON.stringify(items));
    expect(JSON.parse(built.body)[0].description).toBe('In between');
    // ... so whatever was stored under the old version is not answered again.
    const stale = createListCache(1_000_000);
    stale.set(who, { limit: 20 }, read, { body: '[]', nextCursor: null });
    expect(stale.get(who, { limit: 20 }, await listVersion(t.app.database.db, who))).toBeNull();
  });
});

describe('the cache’s memory', () => {
  const user = (id: string): SessionUser => ({ ...sessionUser({ user: { id } } as never), email: `${id}@x.test` });
  const page = (chars: number) => ({ body: 'x'.repeat(chars), nextCursor: null });

  it('holds at most its size, dropping the least recently used page first', () => {
    const cache = createListCache(250);
    cache.set(user('a'), { limit: 20 }, '1', page(100));
    cache.set(user('b'), { limit: 20 }, '1', page(100));
    expect(cache.get(user('a'), { limit: 20 }, '1')).not.toBeNull(); // a is now the most recent
    cache.set(user('c'), { limit: 20 }, '1', page(100));
    expect(cache.get(user('b'), { limit: 20 }, '1')).toBeNull();
    expect(cache.get(user('a'), { limit: 20 }, '1')).not.toBeNull();
    expect(cache.size()).toEqual({ entries: 2, chars: 200 });
    // A page larger than the whole cache is not kept; a stale version is dropped when met.
    cache.set(user('d'), { limit: 20 }, '1', page(300));
    expect(cache.get(user('d'), { limit: 20 }, '1')).toBeNull();
    expect(cache.get(user('a'), { limit: 20 }, '2')).toBeNull();
    expect(cache.size()).toEqual({ entries: 1, chars: 100 });
  });

  it('LIST_CACHE_MB=0 turns it off: every first page is built afresh, with the same answer', async () => {
    const off = await createTestApp({ env: { LIST_CACHE_MB: '0' } });
    try {
      const { buyer, seller } = await parties(off.app);
      await createTransaction(off.app, buyer, seller.email);
      const a = await as(off.app, buyer)('GET', '/api/transactions');
      const b = await as(off.app, buyer)('GET', '/api/transactions');
      expect(a.statusCode).toBe(200);
      expect(b.body).toBe(a.body);
      expect(a.json()).toHaveLength(1);
      expect(off.app.services.transactions.listCacheSize()).toBeNull();
    } finally {
      await off.close();
    }
  });
});
