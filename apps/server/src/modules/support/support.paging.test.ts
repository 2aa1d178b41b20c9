import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER, PAGE_LIMITS, type TSupportMessage } from '@holdfast/contracts';
import { supportChats, supportMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = NEXT_CURSOR_HEADER.toLowerCase();
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

/** Chats straight into the table; groups of three share one created_at to the microsecond. */
async function chatsOf(who: RegisteredUser, n: number, salt: number) {
  await t.app.database.db.insert(supportChats).values(
    Array.from({ length: n }, (_, i) => ({
      userId: who.user.id,
      subject: `Help ${salt}-${i}`,
      priority: PRIORITIES[i % 4],
      status: STATUSES[(i >> 2) % 4],
      createdAt: sql`timestamptz '2026-05-01T00:00:00Z' + make_interval(secs => ${salt * 100 + Math.floor(i / 3)}::double precision / 1000000)`,
    })) as never,
  );
}

async function walk(who: RegisteredUser, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 500; guard += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await as(t.app, who)('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json().map((c: { id: string }) => c.id));
    cursor = res.headers[header] as string | undefined;
    if (!cursor) return ids;
  }
  throw new Error('the cursor never ended');
}

async function idsInOrder(query: ReturnType<typeof sql>) {
  const result = (await t.app.database.db.execute(query)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('support chat lists page with a cursor', () => {
  let gus: RegisteredUser;
  let hana: RegisteredUser;
  let moderator: RegisteredUser;

  beforeAll(async () => {
    [gus, hana, moderator] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app, { role: 'moderator' }),
    ]);
    await chatsOf(gus, 55, 1);
    await chatsOf(hana, 6, 1);
  });

  it('pages a customer’s own chats newest first, each once, and the plain call is the first 50', async () => {
    const expected = await idsInOrder(
      sql`select id from support_chats where user_id = ${gus.user.id} order by created_at desc, id desc`,
    );
    for (const limit of [1, 4, 55]) expect(await walk(gus, '/api/support/chats', limit)).toEqual(expected);
    const plain = await as(t.app, gus)('GET', '/api/support/chats');
    expect(plain.json().map((c: { id: string }) => c.id)).toEqual(expected.slice(0, PAGE_LIMITS.supportChats.default));
    expect(plain.headers[header]).toEqual(expect.any(String));
    const hanas = await walk(hana, '/api/support/chats', 2);
    expect(hanas).toHaveLength(6);
    expect(hanas.some((id) => expected.includes(id))).toBe(false);
  });

  it('pages the staff console most urgent, then oldest, with its filters', async () => {
    const rank = sql`case priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;
    const expected = await idsInOrder(sql`select id from support_chats order by ${rank}, created_at, id`);
    expect(expected).toHaveLength(61);
    for (const limit of [1, 7, 100]) {
      expect(await walk(moderator, '/api/support/console/chats', limit)).toEqual(expected);
    }
    const open = await idsInOrder(
      sql`select id from support_chats where status = 'open' and priority = 'high' order by created_at, id`,
    );
    expect(await walk(moderator, '/api/support/console/chats?status=open&priority=high', 2)).toEqual(open);
    expect((await as(t.app, gus)('GET', '/api/support/console/chats')).statusCode).toBe(403);
  });

  it('refuses the other list’s cursor, bad cursors and limits out of bounds', async () => {
    const ownCursor = (await as(t.app, gus)('GET', '/api/support/chats?limit=1')).headers[header] as string;
    const queueCursor = (await as(t.app, moderator)('GET', '/api/support/console/chats?limit=1')).headers[
      header
    ] as string;
    const cases: [RegisteredUser, string][] = [
      [moderator, `/api/support/console/chats?cursor=${ownCursor}`],
      [gus, `/api/support/chats?cursor=${queueCursor}`],
      [gus, '/api/support/chats?cursor=zz%25'],
    ];
    for (const [who, url] of cases) {
      const res = await as(t.app, who)('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '101']) {
      expect((await as(t.app, gus)('GET', `/api/support/chats?limit=${limit}`)).json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', '/api/support/chats')).statusCode).toBe(401);
  });
});

describe('GET /api/support/chats/:id/messages pages back in time', () => {
  let owner: RegisteredUser;
  let moderator: RegisteredUser;
  let chatId: string;
  const total = PAGE_LIMITS.supportMessages.default + 23;

  /** From the newest page back to the first message; every page oldest first, as the client gets it. */
  async function history(who: RegisteredUser, limit?: number) {
    const pages: TSupportMessage[][] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 1000; guard += 1) {
      const params = [limit ? `limit=${limit}` : '', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
      const res = await as(t.app, who)('GET', `/api/support/chats/${chatId}/messages${params ? `?${params}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      cursor = res.headers[header] as string | undefined;
      if (!cursor) return pages;
    }
    throw new Error('the cursor never ended');
  }

  beforeAll(async () => {
    [owner, moderator] = await Promise.all([registerUser(t.app), registerUser(t.app, { role: 'moderator' })]);
    const [chat] = await t.app.database.db
      .insert(supportChats)
      .values({ userId: owner.user.id, subject: 'Long thread' })
      .returning({ id: supportChats.id });
    chatId = chat!.id;
    // Groups of four share one created_at to the microsecond.
    await t.app.database.db.insert(supportMessages).values(
      Array.from({ length: total }, (_, i) => ({
        chatId,
        senderId: i % 2 ? moderator.user.id : owner.user.id,
        isFromSupport: i % 2 === 1,
        message: `Line ${i}`,
        createdAt: sql`timestamptz '2026-06-01T00:00:00Z' + make_interval(secs => ${Math.floor(i / 4)}::double precision / 1000000)`,
      })) as never,
    );
  });

  it('answers the plain call with the latest 200, oldest first, in the same shape, and a cursor to the older', async () => {
    const res = await as(t.app, owner)('GET', `/api/support/chats/${chatId}/messages`);
    const page = res.json() as TSupportMessage[];
    expect(page).toHaveLength(PAGE_LIMITS.supportMessages.default);
    // Within one microsecond the order is by id, so the database says which are the latest.
    const expected = await idsInOrder(
      sql`select id from support_messages where chat_id = ${chatId} order by created_at, id`,
    );
    expect(page.map((m) => m.id)).toEqual(expected.slice(-PAGE_LIMITS.supportMessages.default));
    expect(Object.keys(page[0]!).sort()).toEqual(
      ['id', 'chatId', 'senderId', 'message', 'isFromSupport', 'createdAt', 'sender'].sort(),
    );
    expect(page[0]!.sender).toEqual({ firstName: expect.any(String) });
    const older = await as(t.app, owner)('GET', `/api/support/chats/${chatId}/messages?cursor=${res.headers[header]}`);
    expect(older.json()).toHaveLength(23);
    expect(older.headers[header]).toBeUndefined();
  });

  it('gives every message once and in order, whatever the page size, to the customer and to staff', async () => {
    const expected = await idsInOrder(
      sql`select id from support_messages where chat_id = ${chatId} order by created_at, id`,
    );
    expect(expected).toHaveLength(total);
    for (const [who, limit] of [
      [owner, 200],
      [owner, 3],
      [moderator, 17],
    ] as const) {
      const pages = await history(who, limit);
      expect(
        pages
          .reverse()
          .flat()
          .map((m) => m.id),
      ).toEqual(expected);
    }
  });

  it('refuses strangers (404, cursor or not), bad cursors and limits out of bounds', async () => {
    const stranger = await registerUser(t.app);
    const cursor = (await as(t.app, owner)('GET', `/api/support/chats/${chatId}/messages?limit=1`)).headers[header];
    for (const url of [`?limit=1`, `?cursor=${cursor}`]) {
      expect((await as(t.app, stranger)('GET', `/api/support/chats/${chatId}/messages${url}`)).statusCode).toBe(404);
    }
    for (const bad of ['%%', 'e30']) {
      const res = await as(t.app, owner)('GET', `/api/support/chats/${chatId}/messages?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '201']) {
      const res = await as(t.app, owner)('GET', `/api/support/chats/${chatId}/messages?limit=${limit}`);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', `/api/support/chats/${chatId}/messages`)).statusCode).toBe(401);
  });
});
