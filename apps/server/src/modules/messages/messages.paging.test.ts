import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DIRECT_MESSAGE_HISTORY_LIMIT,
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  type TConversation,
  type TDirectMessage,
} from '@holdfast/contracts';
import { directMessages, transactions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, parties } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = NEXT_CURSOR_HEADER.toLowerCase();

/** Going back from the newest page to the first message; every page oldest first, as the client gets it. */
async function history(who: RegisteredUser, id: string, limit?: number) {
  const pages: TDirectMessage[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard += 1) {
    const params = [limit ? `limit=${limit}` : '', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
    const res = await as(t.app, who)('GET', `/api/conversations/${id}/messages${params ? `?${params}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json());
    cursor = res.headers[header] as string | undefined;
    if (!cursor) return pages;
  }
  throw new Error('the cursor never ended');
}

describe('GET /api/conversations/:id/messages pages back in time', () => {
  let buyer: RegisteredUser;
  let seller: RegisteredUser;
  let id: string;
  const total = DIRECT_MESSAGE_HISTORY_LIMIT + 25;

  beforeAll(async () => {
    ({ buyer, seller } = await parties(t.app));
    id = (await createTransaction(t.app, buyer, seller.email)).id;
    // Groups of five share one created_at to the microsecond.
    await t.app.database.db.insert(directMessages).values(
      Array.from({ length: total }, (_, i) => ({
        conversationId: id,
        senderId: i % 2 ? buyer.user.id : seller.user.id,
        receiverId: i % 2 ? seller.user.id : buyer.user.id,
        content: `Message ${i}`,
        createdAt: sql`timestamptz '2026-04-01T00:00:00Z' + make_interval(secs => ${Math.floor(i / 5)}::double precision / 1000000)`,
      })) as never,
    );
  });

  it('answers the plain call with the latest 200, oldest first, and a cursor to the older ones', async () => {
    const res = await as(t.app, buyer)('GET', `/api/conversations/${id}/messages`);
    const page = res.json() as TDirectMessage[];
    expect(page).toHaveLength(DIRECT_MESSAGE_HISTORY_LIMIT);
    expect(res.headers[header]).toEqual(expect.any(String));
    const older = await as(t.app, buyer)('GET', `/api/conversations/${id}/messages?cursor=${res.headers[header]}`);
    expect(older.json()).toHaveLength(25);
    expect(older.headers[header]).toBeUndefined();
  });

  it('gives every message once, whatever the page size, for both parties', async () => {
    const whole = (await history(seller, id, 200)).reverse().flat();
    expect(whole).toHaveLength(total);
    expect(new Set(whole.map((m) => m.id)).size).toBe(total);
    for (const limit of [2, 7, 50]) {
      const pages = await history(buyer, id, limit);
      expect(
        pages
          .reverse()
          .flat()
          .map((m) => m.id),
      ).toEqual(whole.map((m) => m.id));
    }
    // Within one instant the order is by id; between instants by time.
    const times = whole.map((m) => m.createdAt);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses strangers, bad cursors and limits out of bounds', async () => {
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', `/api/conversations/${id}/messages?limit=1`)).statusCode).toBe(404);
    const cursor = (await as(t.app, buyer)('GET', `/api/conversations/${id}/messages?limit=1`)).headers[header];
    // Another conversation's messages stay closed to a stranger, cursor or not.
    expect((await as(t.app, stranger)('GET', `/api/conversations/${id}/messages?cursor=${cursor}`)).statusCode).toBe(
      404,
    );
    for (const bad of ['%%', 'e30']) {
      const res = await as(t.app, buyer)('GET', `/api/conversations/${id}/messages?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '201']) {
      const res = await as(t.app, buyer)('GET', `/api/conversations/${id}/messages?limit=${limit}`);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', `/api/conversations/${id}/messages`)).statusCode).toBe(401);
  });
});

describe('GET /api/conversations pages by last activity', () => {
  let buyer: RegisteredUser;
  let seller: RegisteredUser;
  let archivedBySeller: string;
  const count = 67;

  /** The caller's conversations as the database orders them: newest message (else creation) first, then id. */
  async function expectedIds(who: RegisteredUser) {
    const result = (await t.app.database.db.execute(sql`
      select t.id from transactions t
      left join lateral (select max(created_at) at from direct_messages where conversation_id = t.id) m on true
      cross join lateral (select case when t.buyer_id = ${who.user.id} then t.buyer_archived_at
        else t.seller_archived_at end as mark) s
      where (t.buyer_id = ${who.user.id} or t.seller_email = ${who.email.toLowerCase()})
        and (s.mark is null or m.at > s.mark)
      order by coalesce(m.at, t.created_at) desc, t.id desc`)) as unknown as { rows: { id: string }[] };
    return result.rows.map((r) => r.id);
  }

  async function walk(who: RegisteredUser, limit: number) {
    const pages: TConversation[][] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 1000; guard += 1) {
      const res = await as(t.app, who)('GET', `/api/conversations?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      cursor = res.headers[header] as string | undefined;
      if (!cursor) return pages;
    }
    throw new Error('the cursor never ended');
  }

  beforeAll(async () => {
    ({ buyer, seller } = await parties(t.app));
    // Creation times in groups of three sharing one microsecond; every third conversation gets messages
    // whose newest is later than some conversations created after it, so the two keys interleave and tie.
    const created = await t.app.database.db
      .insert(transactions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          buyerId: buyer.user.id,
          sellerEmail: seller.email.toLowerCase(),
          amount: 1000n,
          fee: 30n,
          total: 1030n,
          currency: 'ZAR',
          description: `Conversation ${i}`,
          createdAt: sql`timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => ${Math.floor(i / 3)}::double precision / 1000000)`,
        })) as never,
      )
      .returning({ id: transactions.id });
    const talked = created.filter((_, i) => i % 3 === 0);
    await t.app.database.db.insert(directMessages).values(
      talked.flatMap(({ id }, i) =>
        [0, 1].map((k) => ({
          conversationId: id,
          senderId: k ? buyer.user.id : seller.user.id,
          receiverId: k ? seller.user.id : buyer.user.id,
          content: `Hello ${i}-${k}`,
          // The newest message of conversation i lands among the creations of later ones (and on some exactly).
          createdAt: sql`timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => ${(i * 7 + k) % 25}::double precision / 1000000)`,
        })),
      ) as never,
    );
    // Written straight to the table (microsecond ties), so the newest message's time is set as insertMessage sets it.
    await t.app.database.db.execute(sql`update transactions set last_message_at = greatest(last_message_at,
      (select max(created_at) from direct_messages where conversation_id = transactions.id))
      where buyer_id = ${buyer.user.id}`);
    // One archived with nothing newer (out of the list), one archived before its last message (back in it).
    const [gone, back] = [created[1]!.id, talked[2]!.id];
    await t.app.database.db.execute(sql`update transactions set buyer_archived_at = case id when ${gone} then now()
      else timestamptz '2026-01-01T00:00:00Z' end where id in (${gone}, ${back})`);
    // The seller archived another one: off the seller's list only.
    archivedBySeller = created[4]!.id;
    await t.app.database.db.execute(
      sql`update transactions set seller_archived_at = now() where id = ${archivedBySeller}`,
    );
  });

  it('answers the plain call with the first 50 in the same shape, and a cursor to the rest', async () => {
    const res = await as(t.app, buyer)('GET', '/api/conversations');
    expect(res.statusCode).toBe(200);
    const first = res.json() as TConversation[];
    const expected = await expectedIds(buyer);
    expect(expected).toHaveLength(count - 1);
    expect(first.map((c) => c.id)).toEqual(expected.slice(0, PAGE_LIMITS.conversations.default));
    expect(Object.keys(first[0]!).sort()).toEqual(
      [
        'id',
        'participant1Id',
        'participant2Id',
        'otherParticipant',
        'transaction',
        'unreadCount',
        'lastMessageAt',
        'lastMessage',
      ].sort(),
    );
    const talkedOne = first.find((c) => c.lastMessage)!;
    expect(talkedOne.unreadCount).toBe(1);
    expect(talkedOne.otherParticipant.id).toBe(seller.user.id);
    expect(res.headers[header]).toEqual(expect.any(String));
  });

  it('gives every conversation once, in order, whatever the page size, for both parties', async () => {
    const sellers = await expectedIds(seller);
    expect(sellers).toHaveLength(count - 1);
    expect(sellers).not.toContain(archivedBySeller);
    expect(await expectedIds(buyer)).toContain(archivedBySeller);
    for (const who of [buyer, seller]) {
      const expected = await expectedIds(who);
      for (const limit of [1, 4, 50, 100]) {
        expect((await walk(who, limit)).flat().map((c) => c.id)).toEqual(expected);
      }
    }
  });

  it('does not repeat a conversation that gets a message while the caller pages', async () => {
    const first = await as(t.app, buyer)('GET', '/api/conversations?limit=10');
    const shown = (first.json() as TConversation[]).map((c) => c.id);
    // An older one, not yet shown, gets a message now: it moves above the cursor (to page one).
    const later = (await expectedIds(buyer)).at(-1)!;
    await as(t.app, seller)('POST', '/api/messages', {
      conversationId: later,
      content: 'Still there?',
      receiverId: buyer.user.id,
    });
    const rest: string[] = [];
    let cursor = first.headers[header] as string | undefined;
    while (cursor) {
      const res = await as(t.app, buyer)('GET', `/api/conversations?limit=10&cursor=${cursor}`);
      rest.push(...(res.json() as TConversation[]).map((c) => c.id));
      cursor = res.headers[header] as string | undefined;
    }
    const all = [...shown, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(rest).not.toContain(later);
    // Page one again (what the /ws event makes the page fetch) leads with it.
    expect((await as(t.app, buyer)('GET', '/api/conversations?limit=1')).json()[0].id).toBe(later);
  });

  it('refuses bad cursors and limits; a stranger gets nothing of theirs, cursor or not', async () => {
    const stranger = await registerUser(t.app);
    const cursor = (await as(t.app, buyer)('GET', '/api/conversations?limit=1')).headers[header] as string;
    const theirs = await as(t.app, stranger)('GET', `/api/conversations?cursor=${cursor}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    for (const bad of ['%%', 'e30', Buffer.from('["2026-01-01T00:00:00.000000Z","x"]').toString('base64url')]) {
      const res = await as(t.app, buyer)('GET', `/api/conversations?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '101', 'x']) {
      expect((await as(t.app, buyer)('GET', `/api/conversations?limit=${limit}`)).json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', '/api/conversations')).statusCode).toBe(401);
  });
});
