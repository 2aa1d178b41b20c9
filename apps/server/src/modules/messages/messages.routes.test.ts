import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_MESSAGE_HISTORY_LIMIT,
  DIRECT_MESSAGE_MAX_LENGTH,
  DIRECT_MESSAGE_MESSAGES as M,
  DIRECT_MESSAGES_PER_MINUTE,
  type TConversation,
  type TDirectMessage,
} from '@holdfast/contracts';
import { directMessages, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, parties } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A buyer, a verified seller and their transaction: the conversation exists from this moment. */
async function conversation(description = 'A vintage camera') {
  const { buyer, seller } = await parties(t.app);
  const transaction = await createTransaction(t.app, buyer, seller.email, { description });
  return { buyer, seller, id: transaction.id };
}

const send = (who: RegisteredUser | null, body: object) => as(t.app, who)('POST', '/api/messages', body);
const say = async (from: RegisteredUser, to: RegisteredUser, conversationId: string, content: string) => {
  const res = await send(from, { conversationId, content, receiverId: to.user.id });
  expect(res.statusCode).toBe(201);
  return res.json() as TDirectMessage;
};
const list = async (who: RegisteredUser) => {
  const res = await as(t.app, who)('GET', '/api/conversations');
  expect(res.statusCode).toBe(200);
  return res.json() as TConversation[];
};
const find = async (who: RegisteredUser, id: string) => (await list(who)).find((c) => c.id === id);
const thread = async (who: RegisteredUser, id: string) => {
  const res = await as(t.app, who)('GET', `/api/conversations/${id}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json() as TDirectMessage[];
};

describe('conversations', () => {
  it('exist for both parties from the moment the transaction does, each seeing the other', async () => {
    const { buyer, seller, id } = await conversation('Logo design (3 concepts)');
    const expected = {
      id,
      participant1Id: buyer.user.id,
      participant2Id: seller.user.id,
      transaction: { description: 'Logo design (3 concepts)' },
      unreadCount: 0,
      lastMessageAt: null,
      lastMessage: null,
    };
    expect(await find(buyer, id)).toEqual({
      ...expected,
      otherParticipant: {
        id: seller.user.id,
        firstName: 'Test',
        lastName: 'Seller',
        profileImageUrl: null,
        email: seller.email,
      },
    });
    expect(await find(seller, id)).toEqual({
      ...expected,
      otherParticipant: {
        id: buyer.user.id,
        firstName: 'Test',
        lastName: 'Buyer',
        profileImageUrl: null,
        email: buyer.email,
      },
    });
    expect(await thread(buyer, id)).toEqual([]);
  });

  it('a message: trimmed, to the other party, unread until they open it; counts and ticks follow', async () => {
    const { buyer, seller, id } = await conversation();
    const res = await send(buyer, {
      conversationId: id,
      content: '  Is it still available?\n ',
      receiverId: seller.user.id,
    });
    expect(res.statusCode).toBe(201);
    const first = res.json() as TDirectMessage;
    expect(first).toMatchObject({
      conversationId: id,
      senderId: buyer.user.id,
      receiverId: seller.user.id,
      content: 'Is it still available?',
      isRead: false,
    });
    await say(buyer, seller, id, 'And does it come with a lens?');
    const reply = await say(seller, buyer, id, 'Yes, both.');

    const forSeller = await find(seller, id);
    expect(forSeller).toMatchObject({ unreadCount: 2, lastMessage: { content: 'Yes, both.' } });
    expect(forSeller!.lastMessageAt).toBe(reply.createdAt);
    expect(await find(buyer, id)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'Yes, both.' } });

    const messages = await thread(seller, id);
    expect(messages.map((m) => m.content)).toEqual([
      'Is it still available?',
      'And does it come with a lens?',
      'Yes, both.',
    ]);
    expect(messages.map((m) => m.isRead)).toEqual([false, false, false]);

    // Opening the conversation marks what was sent to the opener read, and nothing else.
    const read = await as(t.app, seller)('PATCH', `/api/conversations/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ conversationId: id, markedRead: 2 });
    expect((await thread(buyer, id)).map((m) => m.isRead)).toEqual([true, true, false]);
    expect(await find(seller, id)).toMatchObject({ unreadCount: 0 });
    expect(await find(buyer, id)).toMatchObject({ unreadCount: 1 });
    const again = await as(t.app, seller)('PATCH', `/api/conversations/${id}/read`);
    expect(again.json()).toEqual({ conversationId: id, markedRead: 0 });
  });

  it('lists the newest activity first', async () => {
    const { buyer, seller, id: older } = await conversation('Older deal');
    const newer = await createTransaction(t.app, buyer, seller.email, { description: 'Newer deal' });
    expect((await list(buyer)).map((c) => c.id)).toEqual([newer.id, older]);
    await say(seller, buyer, older, 'A message makes the older deal the latest activity');
    expect((await list(buyer)).map((c) => c.id)).toEqual([older, newer.id]);
  });

  it('keeps HTML as plain text, stored and returned exactly as typed', async () => {
    const { buyer, seller, id } = await conversation();
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>';
    const sent = await say(buyer, seller, id, html);
    expect(sent.content).toBe(html);
    expect((await thread(seller, id))[0]!.content).toBe(html);
    expect((await find(seller, id))!.lastMessage).toEqual({ content: html });
  });

  it('answers the latest 200 messages, oldest first', async () => {
    const { buyer, seller, id } = await conversation();
    const start = Date.now() - 1_000_000;
    await t.app.database.db.insert(directMessages).values(
      Array.from({ length: DIRECT_MESSAGE_HISTORY_LIMIT + 5 }, (_, i) => ({
        conversationId: id,
        senderId: buyer.user.id,
        receiverId: seller.user.id,
        content: `message ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const messages = await thread(seller, id);
    expect(messages).toHaveLength(DIRECT_MESSAGE_HISTORY_LIMIT);
    expect(messages[0]!.content).toBe('message 5');
    expect(messages.at(-1)!.content).toBe(`message ${DIRECT_MESSAGE_HISTORY_LIMIT + 4}`);
    expect(await find(seller, id)).toMatchObject({ unreadCount: DIRECT_MESSAGE_HISTORY_LIMIT + 5 });
  });
});

describe('archive', () => {
  it("takes the conversation off the archiver's list only, until a newer message arrives", async () => {
    const { buyer, seller, id } = await conversation();
    await say(seller, buyer, id, 'Shipped today');
    const res = await as(t.app, buyer)('PATCH', `/api/conversations/${id}/archive`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ conversationId: id, archivedAt: expect.any(String) });
    expect(await find(buyer, id)).toBeUndefined();
    expect(await find(seller, id)).toBeDefined();
    // Still readable directly (a deep link), just not listed.
    expect(await thread(buyer, id)).toHaveLength(1);
    const direct = await as(t.app, buyer)('GET', `/api/conversations/${id}`);
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toMatchObject({ id, unreadCount: 1, lastMessage: { content: 'Shipped today' } });

    await say(seller, buyer, id, 'Tracking number: 123');
    expect(await find(buyer, id)).toMatchObject({ unreadCount: 2, lastMessage: { content: 'Tracking number: 123' } });

    // Archived again; the archiver's own message brings it back as well.
    await as(t.app, buyer)('PATCH', `/api/conversations/${id}/archive`);
    expect(await find(buyer, id)).toBeUndefined();
    await say(buyer, seller, id, 'Thanks!');
    expect(await find(buyer, id)).toBeDefined();
  });

  it('hides a conversation without messages until its first one', async () => {
    const { buyer, seller, id } = await conversation();
    await as(t.app, seller)('PATCH', `/api/conversations/${id}/archive`);
    expect(await find(seller, id)).toBeUndefined();
    await say(buyer, seller, id, 'Hello?');
    expect(await find(seller, id)).toMatchObject({ unreadCount: 1 });
  });
});

describe('who may read and write', () => {
  const calls = (id: string, receiverId: string) =>
    [
      ['GET', `/api/conversations/${id}`, undefined],
      ['GET', `/api/conversations/${id}/messages`, undefined],
      ['POST', '/api/messages', { conversationId: id, content: 'Hi', receiverId }],
      ['PATCH', `/api/conversations/${id}/read`, undefined],
      ['PATCH', `/api/conversations/${id}/archive`, undefined],
    ] as const;

  it('refuses the signed-out (401) on every call', async () => {
    const { seller, id } = await conversation();
    expect((await as(t.app, null)('GET', '/api/conversations')).statusCode).toBe(401);
    for (const [method, url, body] of calls(id, seller.user.id)) {
      const res = await as(t.app, null)(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('hides a conversation from strangers (404, as if it did not exist) and lists nothing of theirs', async () => {
    const { buyer, seller, id } = await conversation();
    await say(buyer, seller, id, 'Private');
    const stranger = await registerUser(t.app);
    for (const [method, url, body] of calls(id, buyer.user.id)) {
      const res = await as(t.app, stranger)(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    }
    // The same answer as for a conversation that does not exist, or an id that is not one.
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await as(t.app, buyer)('GET', `/api/conversations/${encodeURIComponent(missing)}/messages`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: M.notFound });
      const post = await send(buyer, { conversationId: missing, content: 'Hi', receiverId: seller.user.id });
      expect(post.statusCode).toBe(404);
    }
    expect(await list(stranger)).toEqual([]);
    // Nothing was written or read on their behalf.
    expect(await find(seller, id)).toMatchObject({ unreadCount: 1 });
  });

  it('refuses staff (403): private messages are the two parties’ own', async () => {
    const { buyer, seller, id } = await conversation();
    await say(buyer, seller, id, 'Private');
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await registerUser(t.app, { role });
      for (const [method, url, body] of calls(id, buyer.user.id)) {
        const res = await as(t.app, staff)(method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ code: 'FORBIDDEN', message: M.staffNotParty });
      }
      expect(await list(staff)).toEqual([]);
    }
  });

  it('refuses a receiver who is not the other participant (400)', async () => {
    const { buyer, seller, id } = await conversation();
    const stranger = await registerUser(t.app);
    for (const receiverId of [stranger.user.id, buyer.user.id, 'nobody', '']) {
      const res = await send(buyer, { conversationId: id, content: 'Hi', receiverId });
      expect(res.statusCode, receiverId).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: M.wrongReceiver });
    }
    expect((await send(seller, { conversationId: id, content: 'Hi', receiverId: seller.user.id })).statusCode).toBe(
      400,
    );
    expect(await thread(buyer, id)).toEqual([]);
  });

  it('refuses empty, blank, missing, too long and control-character content (400) with a clear message', async () => {
    const { buyer, seller, id } = await conversation();
    const base = { conversationId: id, receiverId: seller.user.id };
    for (const content of ['', '   ', '\n\t \n', undefined, null, 42]) {
      const res = await send(buyer, { ...base, content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: M.empty });
    }
    const long = await send(buyer, { ...base, content: 'x'.repeat(DIRECT_MESSAGE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION', message: M.tooLong, fields: { content: M.tooLong } });
    const nul = await send(buyer, { ...base, content: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(M.invalidCharacters);
    expect(await thread(buyer, id)).toEqual([]);

    // The limit counts what is kept: surrounding spaces are trimmed first.
    const longest = await send(buyer, { ...base, content: `  ${'x'.repeat(DIRECT_MESSAGE_MAX_LENGTH)}  ` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().content).toHaveLength(DIRECT_MESSAGE_MAX_LENGTH);
  });

  it('limits sending per person (429 RATE_LIMITED); other people are not held back', async () => {
    const { buyer, seller, id } = await conversation();
    for (let i = 0; i < DIRECT_MESSAGES_PER_MINUTE; i++) await say(buyer, seller, id, `message ${i}`);
    const limited = await send(buyer, { conversationId: id, content: 'one too many', receiverId: seller.user.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.rateLimited });
    await say(seller, buyer, id, 'The seller can still answer');
    expect(await thread(seller, id)).toHaveLength(DIRECT_MESSAGES_PER_MINUTE + 1);
  });
});

describe('an invited seller', () => {
  it('sees the conversation once their address is verified; until then the buyer is told why nothing is sent', async () => {
    const { buyer } = await parties(t.app);
    const sellerEmail = uniqueEmail('invited');
    const { id } = await createTransaction(t.app, buyer, sellerEmail, { description: 'Hand-made table' });

    expect(await find(buyer, id)).toMatchObject({
      participant2Id: null,
      otherParticipant: { id: null, firstName: null, lastName: null, profileImageUrl: null, email: sellerEmail },
    });
    const early = await send(buyer, { conversationId: id, content: 'Hello?', receiverId: 'anyone' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'SELLER_MISSING', message: M.sellerNotJoined });

    // Registered but not verified: not a party yet.
    const seller = await registerUser(t.app, { email: sellerEmail, role: 'seller', verified: false });
    expect(await list(seller)).toEqual([]);
    const unverified = await as(t.app, seller)('GET', `/api/conversations/${id}/messages`);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: M.verifyEmailFirst });
    expect((await send(seller, { conversationId: id, content: 'Hi', receiverId: buyer.user.id })).statusCode).toBe(403);

    await t.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, seller.user.id));
    expect(await find(seller, id)).toMatchObject({
      participant1Id: buyer.user.id,
      participant2Id: seller.user.id,
      otherParticipant: { id: buyer.user.id },
    });
    expect(await find(buyer, id)).toMatchObject({
      participant2Id: seller.user.id,
      otherParticipant: { id: seller.user.id },
    });
    await say(buyer, seller, id, 'Welcome aboard');
    await say(seller, buyer, id, 'Thanks, happy to make it');
    expect(await find(seller, id)).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Thanks, happy to make it' },
    });
  });
});
