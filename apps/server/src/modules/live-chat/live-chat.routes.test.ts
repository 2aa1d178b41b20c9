import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_CHAT_HISTORY_LIMIT,
  LIVE_CHAT_MESSAGE_MAX_LENGTH,
  LIVE_CHAT_MESSAGES as M,
  LIVE_CHAT_SENDS_PER_MINUTE,
  type TLiveChatMessage,
  type TLiveChatThread,
} from '@holdfast/contracts';
import { liveChatMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (who: RegisteredUser | null, message: unknown) => as(t.app, who)('POST', '/api/chat/send', { message });
const messagesOf = async (who: RegisteredUser) => {
  const res = await as(t.app, who)('GET', '/api/chat/messages');
  expect(res.statusCode).toBe(200);
  return res.json() as TLiveChatMessage[];
};
const reply = (who: RegisteredUser | null, userId: string, message: unknown) =>
  as(t.app, who)('POST', `/api/chat/threads/${userId}/send`, { message });

describe('customer live chat', () => {
  it("sends into the caller's own thread, trimmed, and reads it back oldest first", async () => {
    const customer = await registerUser(t.app, { firstName: 'Lerato', lastName: 'Mokoena' });
    expect(await messagesOf(customer)).toEqual([]);

    const first = await send(customer, '  Hello, is anyone there?  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      senderId: customer.user.id,
      senderName: 'Lerato Mokoena',
      senderProfileImage: null,
      message: 'Hello, is anyone there?',
      type: 'user',
    });
    expect(Date.parse(first.json().timestamp)).not.toBeNaN();
    await send(customer, 'My payment is stuck');

    const list = await messagesOf(customer);
    expect(list.map((m) => m.message)).toEqual(['Hello, is anyone there?', 'My payment is stuck']);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['id', 'message', 'senderId', 'senderName', 'senderProfileImage', 'timestamp', 'type'].sort(),
    );
  });

  it('shows a customer only their own thread, whatever they send', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await send(alice, 'Alice writes');
    // An id in the body or the query is not how the thread is chosen: the session decides.
    const sneaky = await as(t.app, bob)('POST', '/api/chat/send', { message: 'Bob writes', userId: alice.user.id });
    expect(sneaky.statusCode).toBe(201);
    const viaQuery = await as(t.app, bob)('GET', `/api/chat/messages?userId=${alice.user.id}`);
    expect(viaQuery.json().map((m: TLiveChatMessage) => m.message)).toEqual(['Bob writes']);
    expect((await messagesOf(alice)).map((m) => m.message)).toEqual(['Alice writes']);
  });

  it('refuses empty, blank, missing, non-text and over-long messages with a clear 400', async () => {
    const customer = await registerUser(t.app);
    for (const message of ['', '   ', '\n\t ', undefined, 42, null]) {
      const res = await send(customer, message);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: M.messageRequired });
    }
    const long = await send(customer, 'x'.repeat(LIVE_CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION', message: M.messageTooLong });
    const nul = await send(customer, 'a\u0000b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(M.invalidCharacters);
    // Exactly the limit is fine, and so is the limit with surrounding spaces (trimmed first).
    expect((await send(customer, `  ${'y'.repeat(LIVE_CHAT_MESSAGE_MAX_LENGTH)}  `)).statusCode).toBe(201);
    expect((await messagesOf(customer)).map((m) => m.message.length)).toEqual([LIVE_CHAT_MESSAGE_MAX_LENGTH]);
  });

  it('keeps HTML as text: stored and answered exactly as typed, as JSON', async () => {
    const customer = await registerUser(t.app);
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>';
    const res = await send(customer, html);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toBe(html);
    expect((await messagesOf(customer))[0]!.message).toBe(html);
  });

  it('answers only the latest 200 messages, oldest first', async () => {
    const customer = await registerUser(t.app);
    const base = Date.now() - 1_000_000;
    await t.app.database.db.insert(liveChatMessages).values(
      Array.from({ length: LIVE_CHAT_HISTORY_LIMIT + 5 }, (_, i) => ({
        threadUserId: customer.user.id,
        senderId: customer.user.id,
        message: `m${i}`,
        type: 'user' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = await messagesOf(customer);
    expect(list).toHaveLength(LIVE_CHAT_HISTORY_LIMIT);
    expect(list[0]!.message).toBe('m5');
    expect(list.at(-1)!.message).toBe(`m${LIVE_CHAT_HISTORY_LIMIT + 4}`);
  });

  it('refuses the signed-out on every call (401)', async () => {
    const customer = await registerUser(t.app);
    await send(customer, 'hi');
    expect((await as(t.app, null)('GET', '/api/chat/messages')).statusCode).toBe(401);
    expect((await send(null, 'hi')).statusCode).toBe(401);
    expect((await as(t.app, null)('GET', '/api/chat/threads')).statusCode).toBe(401);
    expect((await as(t.app, null)('GET', `/api/chat/threads/${customer.user.id}/messages`)).statusCode).toBe(401);
    expect((await reply(null, customer.user.id, 'hi')).statusCode).toBe(401);
  });

  it(`limits sending to ${LIVE_CHAT_SENDS_PER_MINUTE} messages a minute per person (429 RATE_LIMITED)`, async () => {
    const chatty = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let i = 0; i < LIVE_CHAT_SENDS_PER_MINUTE; i++) {
      expect((await send(chatty, `message ${i}`)).statusCode).toBe(201);
    }
    const over = await send(chatty, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'RATE_LIMITED', message: M.tooMany });
    expect(await messagesOf(chatty)).toHaveLength(LIVE_CHAT_SENDS_PER_MINUTE);
    // Someone else's budget is their own; reading is not limited.
    expect((await send(other, 'hello')).statusCode).toBe(201);
    expect((await as(t.app, chatty)('GET', '/api/chat/messages')).statusCode).toBe(200);
  });

  it('a repeated send with the same Idempotency-Key posts once', async () => {
    const customer = await registerUser(t.app);
    const headers = { 'idempotency-key': 'live-chat-retry-1' };
    const a = await as(t.app, customer)('POST', '/api/chat/send', { message: 'once' }, headers);
    const b = await as(t.app, customer)('POST', '/api/chat/send', { message: 'once' }, headers);
    expect(a.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect(await messagesOf(customer)).toHaveLength(1);
  });
});

describe('staff answer live chats', () => {
  it("lists threads awaiting a reply first, then the newest; a reply is type support in the customer's thread", async () => {
    const moderator = await registerUser(t.app, { role: 'moderator', firstName: 'Sam', lastName: 'Staff' });
    const admin = await registerUser(t.app, { role: 'admin' });
    const first = await registerUser(t.app, { firstName: 'First', lastName: 'Customer' });
    const second = await registerUser(t.app, { firstName: 'Second', lastName: 'Customer' });
    await send(first, 'I wrote first');
    await send(second, 'I wrote second');

    // Sam answers the first customer: their thread is no longer awaiting.
    const answer = await reply(moderator, first.user.id, '  Hi! How can we help?  ');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      senderId: moderator.user.id,
      senderName: 'Sam',
      message: 'Hi! How can we help?',
      type: 'support',
    });

    const threads = (await as(t.app, admin)('GET', '/api/chat/threads')).json() as TLiveChatThread[];
    const mine = threads.filter((th) => [first.user.id, second.user.id].includes(th.userId));
    expect(mine).toEqual([
      expect.objectContaining({
        userId: second.user.id,
        customerName: 'Second Customer',
        customerEmail: second.email,
        lastMessage: 'I wrote second',
        awaitingReply: true,
      }),
      expect.objectContaining({
        userId: first.user.id,
        customerName: 'First Customer',
        lastMessage: 'Hi! How can we help?',
        awaitingReply: false,
      }),
    ]);
    // Awaiting first, then newest first within each group.
    const awaiting = threads.map((th) => th.awaitingReply);
    expect(awaiting).toEqual([...awaiting].sort((a, b) => Number(b) - Number(a)));
    const answered = threads.filter((th) => !th.awaitingReply).map((th) => th.lastMessageAt);
    expect(answered).toEqual([...answered].sort().reverse());

    // The customer sees the reply in their own thread; the other customer does not.
    const seen = await messagesOf(first);
    expect(seen.map((m) => [m.type, m.message])).toEqual([
      ['user', 'I wrote first'],
      ['support', 'Hi! How can we help?'],
    ]);
    expect((await messagesOf(second)).map((m) => m.message)).toEqual(['I wrote second']);

    // The console opens one thread with its messages.
    const detail = await as(t.app, moderator)('GET', `/api/chat/threads/${first.user.id}/messages`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().thread).toMatchObject({ userId: first.user.id, awaitingReply: false });
    expect(detail.json().messages.map((m: TLiveChatMessage) => m.type)).toEqual(['user', 'support']);

    // The customer writes again: awaiting once more.
    await send(first, 'Thanks, one more question');
    const again = (await as(t.app, moderator)('GET', '/api/chat/threads')).json() as TLiveChatThread[];
    expect(again.find((th) => th.userId === first.user.id)).toMatchObject({ awaitingReply: true });
  });

  it('refuses non-staff on every staff call (403), whatever the thread', async () => {
    const customer = await registerUser(t.app);
    const seller = await registerUser(t.app, { role: 'seller' });
    await send(customer, 'help');
    for (const who of [customer, seller]) {
      const list = await as(t.app, who)('GET', '/api/chat/threads');
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'FORBIDDEN', message: M.staffOnly });
      expect((await as(t.app, who)('GET', `/api/chat/threads/${customer.user.id}/messages`)).statusCode).toBe(403);
      expect((await reply(who, customer.user.id, 'I am support, really')).statusCode).toBe(403);
    }
    // Nothing was posted in the customer's thread.
    expect((await messagesOf(customer)).map((m) => m.type)).toEqual(['user']);
  });

  it('answers 404 for a thread that does not exist (unknown id, or someone who never wrote)', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const quiet = await registerUser(t.app);
    for (const id of ['no-such-user', quiet.user.id]) {
      const open = await as(t.app, moderator)('GET', `/api/chat/threads/${id}/messages`);
      expect(open.statusCode).toBe(404);
      expect(open.json()).toMatchObject({ code: 'NOT_FOUND', message: M.threadNotFound });
      expect((await reply(moderator, id, 'Hello?')).statusCode).toBe(404);
    }
    expect(await messagesOf(quiet)).toEqual([]);
  });

  it('validates staff replies like customer messages, and keeps their HTML as text', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const customer = await registerUser(t.app);
    await send(customer, 'hello');
    expect((await reply(moderator, customer.user.id, '   ')).json()).toMatchObject({
      code: 'VALIDATION',
      message: M.messageRequired,
    });
    const long = await reply(moderator, customer.user.id, 'z'.repeat(LIVE_CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(M.messageTooLong);
    const html = '<a href="javascript:alert(1)">click</a>';
    expect((await reply(moderator, customer.user.id, html)).statusCode).toBe(201);
    expect((await messagesOf(customer)).at(-1)!.message).toBe(html);
  });
});
