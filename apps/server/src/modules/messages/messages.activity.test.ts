import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { databaseFromPglite, databaseFromPostgres, MIGRATIONS_DIR, type Database } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
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
function migrationsUpTo(lastTag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'holdfast-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Two handles on one new, empty database: one migrating with `folder`, the other with every migration. */
async function emptyDatabase(folder: string) {
  if (testEngine === 'pglite') {
    const client = new PGlite();
    return {
      before: databaseFromPglite(client, folder),
      after: databaseFromPglite(client),
      dispose: () => client.close(),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `holdfast_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const before = await databaseFromPostgres(url.toString(), folder, 2);
  const after = await databaseFromPostgres(url.toString(), undefined, 2);
  return {
    before,
    after,
    dispose: async () => {
      await before.close();
      await after.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe('migration 0011_conversation_activity on a database with messages', () => {
  it('fills last_message_at from the existing messages, and the list orders by it', async () => {
    const folder = migrationsUpTo('0010_paging_messages_indexes');
    const { before, after, dispose } = await emptyDatabase(folder);
    try {
      await before.migrate();
      const [buyer, seller] = ['buyer', 'seller'].map((who) => ({
        id: randomUUID(),
        email: `${who}-${randomUUID()}@example.test`,
      }));
      for (const u of [buyer!, seller!]) {
        await before.db.execute(sql`insert into users (id, name, email, email_verified)
          values (${u.id}, 'Someone', ${u.email}, true)`);
      }
      // Three conversations: a quiet new one, an old one with a recent message, one with older messages.
      const create = async (description: string, createdAt: string) => {
        const result = (await before.db.execute(sql`insert into transactions
            (buyer_id, seller_email, amount, fee, total, currency, description, created_at)
          values (${buyer!.id}, ${seller!.email}, 1000, 30, 1030, 'ZAR', ${description}, ${createdAt}::timestamptz)
          returning id`)) as unknown as { rows: { id: string }[] };
        return result.rows[0]!.id;
      };
      const quiet = await create('quiet', '2026-04-10T00:00:00Z');
      const revived = await create('revived', '2026-04-01T00:00:00Z');
      const talked = await create('talked', '2026-04-02T00:00:00Z');
      const say = (conversationId: string, at: string) =>
        before.db.execute(sql`insert into direct_messages (conversation_id, sender_id, receiver_id, content, created_at)
          values (${conversationId}, ${seller!.id}, ${buyer!.id}, ${at}, ${at}::timestamptz)`);
      await say(revived, '2026-04-20T00:00:00Z');
      await say(revived, '2026-04-03T00:00:00Z');
      await say(talked, '2026-04-05T00:00:00Z');
      await say(talked, '2026-04-04T00:00:00Z');

      await after.migrate();
      expect((await lastMessageAt(after, quiet)) ?? null).toBeNull();
      expect((await lastMessageAt(after, revived))?.toISOString()).toBe('2026-04-20T00:00:00.000Z');
      expect((await lastMessageAt(after, talked))?.toISOString()).toBe('2026-04-05T00:00:00.000Z');
      for (const who of [
        { id: buyer!.id, email: buyer!.email, emailVerified: true },
        { id: seller!.id, email: seller!.email, emailVerified: true },
      ]) {
        const page = await listConversations(after.db, who);
        expect(page.items.map((c) => c.id)).toEqual([revived, quiet, talked]);
        expect(page.items[0]!.lastMessageAt).toBe('2026-04-20T00:00:00.000Z');
      }
    } finally {
      await dispose();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
