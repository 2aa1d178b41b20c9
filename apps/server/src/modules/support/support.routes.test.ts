import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES as M,
  SUPPORT_SUBJECT_MAX_LENGTH,
  type TSupportConsoleChat,
  type TSupportMessage,
} from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
let moderator: RegisteredUser;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await registerUser(t.app, { role: 'moderator', firstName: 'Mina' });
  admin = await registerUser(t.app, { role: 'admin', firstName: 'Ada' });
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

async function openChat(who: RegisteredUser, body: object = { subject: 'Where is my refund?', priority: 'high' }) {
  const res = await as(t.app, who)('POST', '/api/support/chats', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; subject: string; priority: string; status: string; createdAt: string };
}

const write = (who: RegisteredUser | null, chatId: string, message: unknown) =>
  as(t.app, who)('POST', `/api/support/chats/${chatId}/messages`, { message });
const setStatus = (who: RegisteredUser | null, chatId: string, status: string) =>
  as(t.app, who)('PATCH', `/api/support/chats/${chatId}/status`, { status });
const readMessages = (who: RegisteredUser | null, chatId: string) =>
  as(t.app, who)('GET', `/api/support/chats/${chatId}/messages`);

describe('signed out', () => {
  it('every support call answers 401, whatever the body', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    const anon = as(t.app, null);
    const calls = [
      anon('GET', '/api/support/chats'),
      anon('POST', '/api/support/chats', { subject: 'Hi' }),
      anon('POST', '/api/support/chats', {}),
      anon('GET', `/api/support/chats/${chat.id}/messages`),
      anon('POST', `/api/support/chats/${chat.id}/messages`, { message: 'Hi' }),
      anon('POST', `/api/support/chats/${chat.id}/messages`, { message: '' }),
      anon('PATCH', `/api/support/chats/${chat.id}/status`, { status: 'closed' }),
      anon('GET', '/api/support/console/chats'),
      anon('GET', '/api/support/console/chats?status=nonsense'),
      anon('GET', `/api/support/console/chats/${chat.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/support/chats and GET /api/support/chats', () => {
  it('opens a chat with a trimmed subject; the server sets status open; the list is the caller’s own, newest first', async () => {
    const customer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const first = await openChat(customer, { subject: '  Card was charged twice  ', priority: 'urgent' });
    expect(first).toMatchObject({ subject: 'Card was charged twice', priority: 'urgent', status: 'open' });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    // A client cannot choose the status; priority defaults to medium.
    const second = await openChat(customer, { subject: 'Second question', status: 'closed' });
    expect(second).toMatchObject({ priority: 'medium', status: 'open' });
    await openChat(other, { subject: 'Not yours' });

    const res = await as(t.app, customer)('GET', '/api/support/chats');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      'createdAt',
      'id',
      'priority',
      'status',
      'subject',
      'updatedAt',
    ]);
  });

  it('refuses a missing, blank or too long subject and an unknown priority (400)', async () => {
    const customer = await registerUser(t.app);
    const post = as(t.app, customer);
    const cases: Array<[object, string]> = [
      [{}, M.subjectRequired],
      [{ subject: '   ' }, M.subjectRequired],
      [{ subject: 'x'.repeat(SUPPORT_SUBJECT_MAX_LENGTH + 1) }, M.subjectTooLong],
      [{ subject: 'Bad\u0000byte' }, M.invalidCharacters],
    ];
    for (const [body, message] of cases) {
      const res = await post('POST', '/api/support/chats', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    }
    const priority = await post('POST', '/api/support/chats', { subject: 'Hi', priority: 'critical' });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().fields).toHaveProperty('priority');
    expect((await openChat(customer, { subject: 'x'.repeat(SUPPORT_SUBJECT_MAX_LENGTH) })).subject).toHaveLength(
      SUPPORT_SUBJECT_MAX_LENGTH,
    );
  });
});

describe('messages', () => {
  it('the customer writes (not from support), staff answer (from support), both read the thread oldest first', async () => {
    const customer = await registerUser(t.app, { firstName: 'Thandi' });
    const chat = await openChat(customer);
    const mine = await write(customer, chat.id, '  My refund has not arrived.  ');
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      chatId: chat.id,
      senderId: customer.user.id,
      message: 'My refund has not arrived.',
      isFromSupport: false,
      sender: { firstName: 'Thandi' },
    });
    const reply = await write(moderator, chat.id, 'Looking into it now.');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      isFromSupport: true,
      senderId: moderator.user.id,
      sender: { firstName: 'Mina' },
    });
    const adminReply = await write(admin, chat.id, 'Refund sent.');
    expect(adminReply.json().isFromSupport).toBe(true);

    for (const reader of [customer, moderator, admin]) {
      const res = await readMessages(reader, chat.id);
      expect(res.statusCode).toBe(200);
      const list = res.json() as TSupportMessage[];
      expect(list.map((m) => [m.message, m.isFromSupport, m.sender.firstName])).toEqual([
        ['My refund has not arrived.', false, 'Thandi'],
        ['Looking into it now.', true, 'Mina'],
        ['Refund sent.', true, 'Ada'],
      ]);
      expect(Object.keys(list[0]!).sort()).toEqual([
        'chatId',
        'createdAt',
        'id',
        'isFromSupport',
        'message',
        'sender',
        'senderId',
      ]);
    }
  });

  it('a stranger can neither read nor write another customer’s chat, nor tell it exists (404)', async () => {
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app, { role: 'seller' });
    const chat = await openChat(customer);
    await write(customer, chat.id, 'Private details');
    for (const id of [chat.id, MISSING, 'not-a-uuid']) {
      const read = await readMessages(stranger, id);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'NOT_FOUND', message: M.chatNotFound });
      const post = await write(stranger, id, 'Let me in');
      expect(post.statusCode).toBe(404);
      expect(post.json().message).toBe(M.chatNotFound);
    }
    expect((await readMessages(customer, chat.id)).json()).toHaveLength(1);
  });

  it('refuses an empty or too long message with a clear 400; exactly the limit is accepted', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    for (const [message, text] of [
      ['', M.messageRequired],
      ['   \n\t ', M.messageRequired],
      [undefined, M.messageRequired],
      ['x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1), M.messageTooLong],
      ['nul \u0000 byte', M.invalidCharacters],
    ] as const) {
      const res = await write(customer, chat.id, message);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: text, fields: { message: text } });
    }
    expect(M.messageTooLong).toContain(String(SUPPORT_MESSAGE_MAX_LENGTH));
    const longest = await write(customer, chat.id, 'y'.repeat(SUPPORT_MESSAGE_MAX_LENGTH));
    expect(longest.statusCode).toBe(201);
    expect((await readMessages(customer, chat.id)).json()).toHaveLength(1);
  });

  it('keeps HTML as text: stored and answered exactly as written', async () => {
    const customer = await registerUser(t.app);
    const html = '<img src=x onerror="alert(1)"><script>alert("x")</script> & <b>bold</b>';
    const chat = await openChat(customer, { subject: '<h1>Subject</h1>' });
    expect(chat.subject).toBe('<h1>Subject</h1>');
    expect((await write(customer, chat.id, html)).json().message).toBe(html);
    const res = await readMessages(moderator, chat.id);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()[0].message).toBe(html);
  });
});

describe('PATCH /api/support/chats/:id/status', () => {
  it('staff move a chat forward only; backwards and the same status are 409 with a clear message', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    const progress = await setStatus(moderator, chat.id, 'in_progress');
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ id: chat.id, status: 'in_progress' });

    const back = await setStatus(moderator, chat.id, 'open');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      code: 'SUPPORT_STATUS_NOT_FORWARD',
      message: M.statusBackwards('in_progress', 'open'),
    });
    expect(back.json().message).toContain('cannot go from in progress back to open');
    const same = await setStatus(admin, chat.id, 'in_progress');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('The chat is already in progress');

    expect((await setStatus(admin, chat.id, 'resolved')).json().status).toBe('resolved');
    expect((await setStatus(moderator, chat.id, 'closed')).json().status).toBe('closed');
    expect((await setStatus(moderator, chat.id, 'resolved')).statusCode).toBe(409);
    const mine = await as(t.app, customer)('GET', '/api/support/chats');
    expect(mine.json()[0].status).toBe('closed');
  });

  it('skipping forward is allowed (open → closed)', async () => {
    const chat = await openChat(await registerUser(t.app));
    expect((await setStatus(moderator, chat.id, 'closed')).json().status).toBe('closed');
  });

  it('a customer cannot change the status, even of their own chat (403); a stranger neither', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    for (const who of [customer, await registerUser(t.app, { role: 'seller' })]) {
      const res = await setStatus(who, chat.id, 'closed');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: M.staffOnly });
    }
    expect((await as(t.app, customer)('GET', '/api/support/chats')).json()[0].status).toBe('open');
  });

  it('an unknown chat is 404 and an unknown status 400', async () => {
    expect((await setStatus(moderator, MISSING, 'closed')).statusCode).toBe(404);
    const chat = await openChat(await registerUser(t.app));
    const bad = await setStatus(moderator, chat.id, 'reopened');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('a closed chat refuses new messages from anyone (409), and keeps its history readable', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    await write(customer, chat.id, 'Before closing');
    await setStatus(moderator, chat.id, 'closed');
    for (const who of [customer, moderator]) {
      const res = await write(who, chat.id, 'After closing');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'SUPPORT_CHAT_CLOSED', message: M.chatClosed });
    }
    expect((await readMessages(customer, chat.id)).json().map((m: TSupportMessage) => m.message)).toEqual([
      'Before closing',
    ]);
  });

  it('a resolved chat still takes messages', async () => {
    const customer = await registerUser(t.app);
    const chat = await openChat(customer);
    await setStatus(moderator, chat.id, 'resolved');
    expect((await write(customer, chat.id, 'One more thing')).statusCode).toBe(201);
  });
});

describe('GET /api/support/console/chats', () => {
  it('staff see every chat with its customer, counts and last message, most urgent then oldest first', async () => {
    const alice = await registerUser(t.app, { firstName: 'Alice', lastName: 'Zulu' });
    const bob = await registerUser(t.app, { firstName: 'Bob', lastName: 'Young' });
    const low = await openChat(alice, { subject: 'console low', priority: 'low' });
    const urgentOld = await openChat(bob, { subject: 'console urgent old', priority: 'urgent' });
    const medium = await openChat(alice, { subject: 'console medium' });
    const urgentNew = await openChat(alice, { subject: 'console urgent new', priority: 'urgent' });
    await write(bob, urgentOld.id, 'Help');
    await write(moderator, urgentOld.id, 'On it');

    const res = await as(t.app, moderator)('GET', '/api/support/console/chats');
    expect(res.statusCode).toBe(200);
    const ours = (res.json() as TSupportConsoleChat[]).filter((c) => c.subject.startsWith('console '));
    expect(ours.map((c) => c.id)).toEqual([urgentOld.id, urgentNew.id, medium.id, low.id]);
    expect(ours[0]).toMatchObject({
      customer: { id: bob.user.id, firstName: 'Bob', lastName: 'Young', email: bob.email },
      messageCount: 2,
      lastMessageFromSupport: true,
      status: 'open',
      priority: 'urgent',
    });
    expect(new Date(ours[0]!.lastMessageAt!).getTime()).toBeGreaterThanOrEqual(new Date(urgentOld.createdAt).getTime());
    expect(ours[1]).toMatchObject({ messageCount: 0, lastMessageAt: null, lastMessageFromSupport: null });
    // The whole list is in priority order, whoever's chats they are.
    const ranks = { urgent: 0, high: 1, medium: 2, low: 3 } as const;
    const all = res.json() as TSupportConsoleChat[];
    expect(all.map((c) => ranks[c.priority])).toEqual([...all.map((c) => ranks[c.priority])].sort());
  });

  it('filters by status and priority; an empty value means any', async () => {
    const customer = await registerUser(t.app);
    const closed = await openChat(customer, { subject: 'filter closed', priority: 'low' });
    await setStatus(moderator, closed.id, 'closed');
    const get = (q: string) => as(t.app, admin)('GET', `/api/support/console/chats${q}`);
    const byStatus = (await get('?status=closed')).json() as TSupportConsoleChat[];
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((c) => c.status === 'closed')).toBe(true);
    expect(byStatus.map((c) => c.id)).toContain(closed.id);
    const both = (await get('?status=closed&priority=low')).json() as TSupportConsoleChat[];
    expect(both.every((c) => c.status === 'closed' && c.priority === 'low')).toBe(true);
    expect((await get('?status=open&priority=low')).json().map((c: TSupportConsoleChat) => c.id)).not.toContain(
      closed.id,
    );
    expect((await get('?status=&priority=')).json().map((c: TSupportConsoleChat) => c.id)).toContain(closed.id);
    expect((await get('?status=reopened')).statusCode).toBe(400);
  });

  it('answers one chat as the list does; unknown ids 404', async () => {
    const customer = await registerUser(t.app, { firstName: 'Zola' });
    const chat = await openChat(customer);
    await write(customer, chat.id, 'First');
    const res = await as(t.app, moderator)('GET', `/api/support/console/chats/${chat.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: chat.id,
      customer: { firstName: 'Zola', email: customer.email },
      messageCount: 1,
      lastMessageFromSupport: false,
    });
    for (const id of [MISSING, 'nope']) {
      expect((await as(t.app, admin)('GET', `/api/support/console/chats/${id}`)).statusCode).toBe(404);
    }
  });

  it('is for staff only (403)', async () => {
    const chat = await openChat(await registerUser(t.app));
    for (const role of ['buyer', 'seller'] as const) {
      const who = await registerUser(t.app, { role });
      for (const url of ['/api/support/console/chats', `/api/support/console/chats/${chat.id}`]) {
        const res = await as(t.app, who)('GET', url);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(M.consoleStaffOnly);
      }
    }
  });
});

describe('rate limits (per user)', () => {
  it('the eleventh chat within an hour is 429 RATE_LIMITED; another person is not affected', async () => {
    const busy = await registerUser(t.app);
    for (let i = 0; i < 10; i++) await openChat(busy, { subject: `Question ${i}` });
    const res = await as(t.app, busy)('POST', '/api/support/chats', { subject: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: M.tooManyChats });
    await openChat(await registerUser(t.app), { subject: 'Someone else' });
  });

  it('the thirty-first message within a minute is 429 RATE_LIMITED', async () => {
    const chatty = await registerUser(t.app);
    const chat = await openChat(chatty);
    for (let i = 0; i < 30; i++) expect((await write(chatty, chat.id, `Message ${i}`)).statusCode).toBe(201);
    const res = await write(chatty, chat.id, 'Too fast');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: M.tooManyMessages });
    expect((await readMessages(chatty, chat.id)).json()).toHaveLength(30);
  });
});
