import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, PAGE_LIMITS, type TLiveChatThread } from '@holdfast/contracts';
import type { Database } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { withDatabaseAt } from '../../test/migrations.js';
import { insertMessage, listThreads } from './live-chat.queries.js';

let t: TestApp;
let staff: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await registerUser(t.app, { role: 'moderator' });
});
afterAll(() => t.close());

type Rows<T> = { rows: T[] };

/**
 * The queue as the console showed it before live_chat_threads: each thread's newest message found among
 * all messages (DISTINCT ON), awaiting a reply first, then the newest, then the customer's id.
 */
async function queueFromMessages(database: Database) {
  const result = (await database.db.execute(sql`
    select thread_user_id as id from (
      select distinct on (thread_user_id) thread_user_id, type, created_at from live_chat_messages
      order by thread_user_id, created_at desc, id desc) last
    order by type = 'user' desc, created_at desc, thread_user_id desc`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((r) => r.id);
}

async function walk(limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 500; guard += 1) {
    const res = await as(t.app, staff)('GET', `/api/chat/threads?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...(res.json() as TLiveChatThread[]).map((th) => th.userId));
    cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
    if (!cursor) return ids;
  }
  throw new Error('the cursor never ended');
}

describe('GET /api/chat/threads pages the staff queue', () => {
  let customers: RegisteredUser[];

  beforeAll(async () => {
    customers = await Promise.all(Array.from({ length: 23 }, () => registerUser(t.app)));
    // Each writes; every third is answered, so both groups span pages. Messages written straight to the
    // table share timestamps in threes (ties broken by the customer's id), then the thread rows are set
    // as insertMessage sets them.
    const db = t.app.database.db;
    for (const [i, c] of customers.entries()) {
      const at = sql`timestamptz '2026-05-01T00:00:00Z' + make_interval(secs => ${Math.floor(i / 3)}::double precision / 1000000)`;
      await db.execute(sql`insert into live_chat_messages (thread_user_id, sender_id, message, type, created_at)
        values (${c.user.id}, ${c.user.id}, ${`Question ${i}`}, 'user', ${at})`);
      if (i % 3 === 0) {
        await db.execute(sql`insert into live_chat_messages (thread_user_id, sender_id, message, type, created_at)
          values (${c.user.id}, ${staff.user.id}, 'Answered', 'support', ${at} + interval '1 second')`);
      }
    }
    await db.execute(sql`insert into live_chat_threads (user_id, last_message_id, last_message_at, awaiting_reply)
      select distinct on (thread_user_id) thread_user_id, id, created_at, type = 'user' from live_chat_messages
      order by thread_user_id, created_at desc, id desc
      on conflict (user_id) do nothing`);
  });

  it('gives every thread once, in the queue order, whatever the page size', async () => {
    const expected = await queueFromMessages(t.app.database);
    expect(expected).toHaveLength(customers.length);
    for (const limit of [1, 4, 10, 100]) expect(await walk(limit)).toEqual(expected);
    // The plain call: the first page of the default size, in the same shape.
    const plain = await as(t.app, staff)('GET', '/api/chat/threads');
    expect((plain.json() as TLiveChatThread[]).map((th) => th.userId)).toEqual(
      expected.slice(0, PAGE_LIMITS.liveChatThreads.default),
    );
  });

  it('keeps each thread at its newest message when messages are written at once', async () => {
    const customer = customers[1]!;
    await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        insertMessage(t.app.database.db, {
          threadUserId: customer.user.id,
          senderId: k % 2 ? staff.user.id : customer.user.id,
          message: `At once ${k}`,
          type: k % 2 ? 'support' : 'user',
        }),
      ),
    );
    const newest = (await t.app.database.db.execute(sql`select id, type from live_chat_messages
      where thread_user_id = ${customer.user.id} order by created_at desc, id desc limit 1`)) as unknown as Rows<{
      id: string;
      type: string;
    }>;
    const thread = (await t.app.database.db
      .execute(sql`select last_message_id as id, awaiting_reply from live_chat_threads
      where user_id = ${customer.user.id}`)) as unknown as Rows<{ id: string; awaiting_reply: boolean }>;
    expect(thread.rows[0]).toEqual({ id: newest.rows[0]!.id, awaiting_reply: newest.rows[0]!.type === 'user' });
    expect(await walk(7)).toEqual(await queueFromMessages(t.app.database));
  });

  it('refuses bad cursors and limits, and anyone but staff', async () => {
    for (const bad of ['%%', 'e30', Buffer.from('["2026-01-01T00:00:00.000000Z","2:x"]').toString('base64url')]) {
      const res = await as(t.app, staff)('GET', `/api/chat/threads?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '101', 'x']) {
      expect((await as(t.app, staff)('GET', `/api/chat/threads?limit=${limit}`)).json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, customers[0]!)('GET', '/api/chat/threads')).statusCode).toBe(403);
    expect((await as(t.app, null)('GET', '/api/chat/threads')).statusCode).toBe(401);
  });
});

describe('migration 0016_live_chat_threads on a database with live chats', () => {
  it("fills each thread's row from its newest message, and the queue keeps the order it had", async () => {
    await withDatabaseAt('0015_conversation_archive_marks', async ({ before, after }) => {
      const people = Array.from({ length: 4 }, () => randomUUID());
      for (const id of people) {
        await before.db.execute(sql`insert into users (id, name, email, email_verified)
          values (${id}, 'Someone', ${`${id}@example.test`}, true)`);
      }
      const [answered, waiting, tied, quiet] = people as [string, string, string, string];
      const say = (thread: string, sender: string, type: string, at: string) =>
        before.db.execute(sql`insert into live_chat_messages (thread_user_id, sender_id, message, type, created_at)
          values (${thread}, ${sender}, ${at}, ${type}, ${at}::timestamptz)`);
      await say(answered, answered, 'user', '2026-05-01T00:00:00Z');
      await say(answered, quiet, 'support', '2026-05-03T00:00:00Z');
      await say(waiting, waiting, 'user', '2026-05-02T00:00:00Z');
      await say(tied, tied, 'user', '2026-05-02T00:00:00Z');
      const expected = await queueFromMessages(before);

      await after.migrate();
      const page = await listThreads(after.db, { limit: 10 });
      expect(page.items.map((th) => th.userId)).toEqual(expected);
      expect(expected.slice(0, 2).sort()).toEqual([tied, waiting].sort());
      expect(expected[2]).toBe(answered);
      expect(page.items.find((th) => th.userId === answered)).toMatchObject({
        lastMessage: '2026-05-03T00:00:00Z',
        awaitingReply: false,
      });
    });
  });
});
