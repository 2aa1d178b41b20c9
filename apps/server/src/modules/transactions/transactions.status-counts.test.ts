import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TTransactionStats } from '@holdfast/contracts';
import type { Database } from '../../db/client.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import {
  acceptTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  insertUser,
  minorOf,
  parties,
} from '../../test/money-factories.js';
import { withDatabaseAt } from '../../test/migrations.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every party key whose counts (transaction_status_counts) differ from a count of the transactions
 * themselves; empty when the trigger kept them right.
 */
async function countsOff(database: Database) {
  const result = (await database.db.execute(sql`
    with parties as (select 'b:' || buyer_id as k, status as s from transactions
                     union all select 's:' || seller_email, status from transactions),
    actual as (select k, count(*) filter (where s = 'pending') as pending, count(*) filter (where s = 'active') as active,
                 count(*) filter (where s = 'completed') as completed, count(*) filter (where s = 'disputed') as disputed,
                 count(*) filter (where s = 'cancelled') as cancelled
               from parties group by k)
    select coalesce(a.k, v.key) as key from actual a full join transaction_status_counts v on v.key = a.k
    where (coalesce(a.pending, 0), coalesce(a.active, 0), coalesce(a.completed, 0), coalesce(a.disputed, 0),
           coalesce(a.cancelled, 0))
          is distinct from (coalesce(v.pending, 0), coalesce(v.active, 0), coalesce(v.completed, 0),
           coalesce(v.disputed, 0), coalesce(v.cancelled, 0))`)) as unknown as { rows: { key: string }[] };
  return result.rows.map((r) => r.key);
}

const stats = async (who: { cookie: string }) =>
  (await as(t.app, who)('GET', '/api/transactions/stats')).json() as TTransactionStats;

describe('GET /api/transactions/stats reads counts kept with every change', () => {
  it('follows a deal through the API: created, funded, accepted, confirmed; cancelled and declined ones too', async () => {
    const { buyer, seller } = await parties(t.app);
    const zero = { total: 0, pending: 0, active: 0, completed: 0, disputed: 0, cancelled: 0, successRate: null };
    expect(await stats(buyer)).toEqual(zero);

    const released = await createTransaction(t.app, buyer, seller.email);
    const cancelled = await createTransaction(t.app, buyer, seller.email);
    const declined = await createTransaction(t.app, buyer, seller.email);
    expect(await stats(buyer)).toEqual({ ...zero, total: 3, pending: 3 });
    expect(await stats(seller)).toEqual({ ...zero, total: 3, pending: 3 });

    await creditWallet(t.app.database.db, buyer.user.id, minorOf(released.total, released.currency));
    await fundFromWallet(t.app, buyer, released.id);
    await acceptTransaction(t.app, seller, released.id);
    expect(await stats(seller)).toMatchObject({ total: 3, pending: 2, active: 1 });
    const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${released.id}/confirm`, {
      confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${declined.id}/decline`, {})).statusCode).toBe(200);

    const after = await stats(buyer);
    // The cancelled and the declined deal never counted for the success rate (decision 032).
    expect(after).toEqual({ ...zero, total: 3, completed: 1, cancelled: 2, successRate: 100 });
    expect(await stats(seller)).toEqual(after);
    expect(await countsOff(t.app.database)).toEqual([]);
  });

  it('counts a seller only once their address is verified, as the list shows them', async () => {
    const buyer = await registerUser(t.app);
    const later = await registerUser(t.app, { verified: false, role: 'seller' });
    await createTransaction(t.app, buyer, later.email);
    expect((await stats(later)).total).toBe(0);
    await t.app.database.db.execute(sql`update users set email_verified = true where id = ${later.user.id}`);
    expect(await stats(later)).toMatchObject({ total: 1, pending: 1 });
  });

  it('stays right whatever SQL changes the rows: status, parties, deletion', async () => {
    const db = t.app.database.db;
    const buyer = await insertUser(db);
    const other = await insertUser(db);
    const ids = (await db.execute(sql`insert into transactions
        (buyer_id, seller_email, amount, fee, total, currency, description, status)
      select ${buyer}, 'sql-' || g || '@example.test', 1000, 30, 1030, 'ZAR', 'By SQL',
        (array['pending','active','completed','disputed','cancelled'])[1 + g % 5]
      from generate_series(1, 20) g returning id`)) as unknown as { rows: { id: string }[] };
    const [a, b, c, d] = ids.rows.map((r) => r.id) as [string, string, string, string];
    await db.execute(sql`update transactions set status = 'disputed' where id = ${a}`);
    await db.execute(sql`update transactions set description = 'Renamed' where id = ${b}`);
    await db.execute(sql`update transactions set buyer_id = ${other} where id = ${c}`);
    await db.execute(
      sql`update transactions set seller_email = 'moved@example.test', status = 'cancelled' where id = ${d}`,
    );
    await db.execute(sql`update transactions set status = 'completed' where buyer_id = ${buyer} and status = 'active'`);
    await db.execute(sql`delete from transactions where id = ${b}`);
    expect(await countsOff(t.app.database)).toEqual([]);
  });

  it.skipIf(testEngine !== 'postgres')('stays right under concurrent changes of one person’s deals', async () => {
    const db = t.app.database.db;
    const buyer = await insertUser(db);
    const ids = (await db.execute(sql`insert into transactions
        (buyer_id, seller_email, amount, fee, total, currency, description)
      select ${buyer}, 'busy@example.test', 1000, 30, 1030, 'ZAR', 'Busy' from generate_series(1, 40) returning id`)) as unknown as {
      rows: { id: string }[];
    };
    const next = ['active', 'completed', 'disputed', 'cancelled'];
    await Promise.all(
      ids.rows.flatMap(({ id }, i) => [
        db.execute(sql`update transactions set status = ${next[i % 4]} where id = ${id}`),
        db.execute(sql`update transactions set status = ${next[(i + 1) % 4]} where id = ${id}`),
      ]),
    );
    expect(await countsOff(t.app.database)).toEqual([]);
  });
});

describe('migration 0018_transaction_status_counts on a database with transactions', () => {
  it("fills every party key's counts from the transactions", async () => {
    await withDatabaseAt('0017_support_console_queue', async ({ before, after }) => {
      const [buyer, seller] = ['a', 'b'].map((n) => `${n}-${Date.now()}`) as [string, string];
      for (const id of [buyer, seller]) {
        await before.db.execute(sql`insert into users (id, name, email, email_verified)
          values (${id}, 'Someone', ${`${id}@example.test`}, true)`);
      }
      await before.db.execute(sql`insert into transactions
          (buyer_id, seller_email, amount, fee, total, currency, description, status)
        select ${buyer}, ${`${seller}@example.test`}, 1000, 30, 1030, 'ZAR', 'Old',
          (array['pending','active','completed','disputed','cancelled'])[1 + g % 5]
        from generate_series(1, 12) g`);
      const version = async (db: Database) =>
        (
          (await db.db.execute(sql`select version from list_versions where key = ${`b:${buyer}`}`)) as unknown as {
            rows: { version: string }[];
          }
        ).rows[0]?.version;
      const versionBefore = await version(before);

      await after.migrate();
      expect(await countsOff(after)).toEqual([]);
      expect(await version(after)).toBe(versionBefore);
    });
  });
});

describe('migration 0021_list_versions_per_party on a database with transactions', () => {
  it('moves the counts to their own table, keeps each party’s version, drops the global key', async () => {
    await withDatabaseAt('0019_review_summaries', async ({ before, after }) => {
      const [buyer, seller] = ['a', 'b'].map((n) => `${n}-${Date.now()}`) as [string, string];
      for (const id of [buyer, seller]) {
        await before.db.execute(sql`insert into users (id, name, email, email_verified)
          values (${id}, 'Someone', ${`${id}@example.test`}, true)`);
      }
      await before.db.execute(sql`insert into transactions
          (buyer_id, seller_email, amount, fee, total, currency, description, status)
        select ${buyer}, ${`${seller}@example.test`}, 1000, 30, 1030, 'ZAR', 'Old',
          (array['pending','active','completed','disputed','cancelled'])[1 + g % 5]
        from generate_series(1, 12) g`);
      const versions = async (db: Database) =>
        (
          (await db.db.execute(sql`select key, version from list_versions order by key`)) as unknown as {
            rows: { key: string; version: string }[];
          }
        ).rows;
      const versionsBefore = await versions(before);
      expect(versionsBefore.map((v) => v.key)).toContain('*');

      await after.migrate();
      expect(await countsOff(after)).toEqual([]);
      expect(await versions(after)).toEqual(versionsBefore.filter((v) => v.key !== '*'));
      const columns = (await after.db.execute(sql`select column_name from information_schema.columns
        where table_name = 'list_versions' order by column_name`)) as unknown as { rows: { column_name: string }[] };
      expect(columns.rows.map((c) => c.column_name)).toEqual(['key', 'version']);
    });
  });
});
