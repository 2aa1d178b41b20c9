import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { withDatabaseAt } from '../../test/migrations.js';
import { as, createTransaction, parties } from '../../test/money-factories.js';
import { insertMessage, listConversations } from './messages.queries.js';

/** The conversation's stored last activity, as the list's index reads it. */
async function lastMessageAt(database: Database, id: string) {
  const [row] = await database.db
    .select({ at: transactions.lastMessageAt })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row!.at;
}

describe('a conversation keeps its newest message time on the transaction row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is set by the send path, in the same commit as the message', async () => {
    const { buyer, seller } = await parties(t.app);
    const { id } = await createTransaction(t.app, buyer, seller.email);
    expect(await lastMessageAt(t.app.database, id)).toBeNull();
    const res = await as(t.app, buyer)('POST', '/api/messages', {
      conversationId: id,
      content: 'Hello',
      receiverId: seller.user.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await lastMessageAt(t.app.database, id))?.toISOString()).toBe(res.json().createdAt);
  });

  it('never moves back: a message stamped earlier than the newest leaves it where it is', async () => {
    const { buyer, seller } = await parties(t.app);
    const { id } = await createTransaction(t.app, buyer, seller.email);
    const message = (at: string) => ({
      conversationId: id,
      senderId: buyer.user.id,
      receiverId: seller.user.id,
      content: at,
      createdAt: new Date(at),
    });
    await insertMessage(t.app.database.db, message('2026-05-02T00:00:00.000Z'));
    await insertMessage(t.app.database.db, message('2026-05-01T00:00:00.000Z'));
    expect((await lastMessageAt(t.app.database, id))?.toISOString()).toBe('2026-05-02T00:00:00.000Z');
  });

  it('ends at the newest of messages sent at once, whatever order their transactions commit in', async () => {
    const { buyer, seller } = await parties(t.app);
    const { id } = await createTransaction(t.app, buyer, seller.email);
    const times = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 5, 1, 0, 0, (i * 7) % 12)));
    await Promise.all(
      times.map((createdAt) =>
        t.app.database.db.transaction((tx) =>
          insertMessage(tx, {
            conversationId: id,
            senderId: seller.user.id,
            receiverId: buyer.user.id,
            content: createdAt.toISOString(),
            createdAt,
          }),
        ),
      ),
    );
    const newest = new Date(Math.max(...times.map((d) => d.getTime())));
    expect((await lastMessageAt(t.app.database, id))?.toISOString()).toBe(newest.toISOString());
  });
});

/** A migrations folder holding only the migrations up to (and including) `lastTag`. */
/** A verified buyer and seller in a database at any migration, and a way to create their conversations. */
async function seedParties(database: Database) {
  const [buyer, seller] = ['buyer', 'seller'].map((who) => ({
    id: randomUUID(),
    email: `${who}-${randomUUID()}@example.test`,
    emailVerified: true,
  })) as [Party, Party];
  for (const u of [buyer, seller]) {
    await database.db.execute(sql`insert into users (id, name, email, email_verified)
      values (${u.id}, 'Someone', ${u.email}, true)`);
  }
  const create = async (description: string, createdAt: string) => {
    const result = (await database.db.execute(sql`insert into transactions
        (buyer_id, seller_email, amount, fee, total, currency, description, created_at)
      values (${buyer.id}, ${seller.email}, 1000, 30, 1030, 'ZAR', ${description}, ${createdAt}::timestamptz)
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]!.id;
  };
  return { buyer, seller, create };
}
type Party = { id: string; email: string; emailVerified: boolean };

describe('migration 0011_conversation_activity on a database with messages', () => {
  it('fills last_message_at from the existing messages, and the list orders by it', async () => {
    await withDatabaseAt('0010_paging_messages_indexes', async ({ before, after }) => {
      const { buyer, seller, create } = await seedParties(before);
      // Three conversations: a quiet new one, an old one with a recent message, one with older messages.
      const quiet = await create('quiet', '2026-04-10T00:00:00Z');
      const revived = await create('revived', '2026-04-01T00:00:00Z');
      const talked = await create('talked', '2026-04-02T00:00:00Z');
      const say = (conversationId: string, at: string) =>
        before.db.execute(sql`insert into direct_messages (conversation_id, sender_id, receiver_id, content, created_at)
        values (${conversationId}, ${seller.id}, ${buyer.id}, ${at}, ${at}::timestamptz)`);
      await say(revived, '2026-04-20T00:00:00Z');
      await say(revived, '2026-04-03T00:00:00Z');
      await say(talked, '2026-04-05T00:00:00Z');
      await say(talked, '2026-04-04T00:00:00Z');

      await after.migrate();
      expect((await lastMessageAt(after, quiet)) ?? null).toBeNull();
      expect((await lastMessageAt(after, revived))?.toISOString()).toBe('2026-04-20T00:00:00.000Z');
      expect((await lastMessageAt(after, talked))?.toISOString()).toBe('2026-04-05T00:00:00.000Z');
      for (const who of [buyer, seller]) {
        const page = await listConversations(after.db, who);
        expect(page.items.map((c) => c.id)).toEqual([revived, quiet, talked]);
        expect(page.items[0]!.lastMessageAt).toBe('2026-04-20T00:00:00.000Z');
      }
    });
  });
});

describe('migration 0015_conversation_archive_marks on a database with archived conversations', () => {
  it("moves each party's archive mark onto the transaction row, and the lists leave the same ones out", async () => {
    await withDatabaseAt('0014_dispute_parties', async ({ before, after }) => {
      const { buyer, seller, create } = await seedParties(before);
      const byBuyer = await create('archived by the buyer', '2026-04-01T00:00:00Z');
      const bySeller = await create('archived by the seller', '2026-04-02T00:00:00Z');
      const back = await create('archived before its last message', '2026-04-03T00:00:00Z');
      const open = await create('never archived', '2026-04-04T00:00:00Z');
      await before.db
        .execute(sql`insert into direct_messages (conversation_id, sender_id, receiver_id, content, created_at)
      values (${back}, ${seller.id}, ${buyer.id}, 'Still there?', '2026-04-20T00:00:00Z')`);
      await before.db.execute(sql`update transactions set last_message_at = '2026-04-20T00:00:00Z' where id = ${back}`);
      await before.db.execute(sql`insert into conversation_states (conversation_id, user_id, archived_at) values
      (${byBuyer}, ${buyer.id}, '2026-05-01T00:00:00Z'), (${bySeller}, ${seller.id}, '2026-05-02T00:00:00Z'),
      (${back}, ${buyer.id}, '2026-04-10T00:00:00Z')`);

      await after.migrate();
      const marks = (await after.db.execute(sql`select id, buyer_archived_at, seller_archived_at from transactions
      order by created_at`)) as unknown as { rows: { buyer_archived_at: unknown; seller_archived_at: unknown }[] };
      const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
      expect(marks.rows.map((r) => [iso(r.buyer_archived_at), iso(r.seller_archived_at)])).toEqual([
        ['2026-05-01T00:00:00.000Z', null],
        [null, '2026-05-02T00:00:00.000Z'],
        ['2026-04-10T00:00:00.000Z', null],
        [null, null],
      ]);
      const ids = async (who: Party) => (await listConversations(after.db, who)).items.map((c) => c.id);
      expect(await ids(buyer)).toEqual([back, open, bySeller]);
      expect(await ids(seller)).toEqual([back, open, byBuyer]);
    });
  });
});
