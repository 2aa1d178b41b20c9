import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES as M } from '@holdfast/contracts';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { listen, openSocket, pause, type TestSocket } from '../../test/sockets.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'http://holdfast.test';

let t: TestApp;
let url: string;
let moderator: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  url = await listen(t.app);
  moderator = await registerUser(t.app, { role: 'moderator' });
});
afterAll(() => t.close());

const open = (who: { cookie: string } | null, path = '/ws/support') =>
  openSocket(url, path, { cookie: who?.cookie, origin: ORIGIN });

async function openChat(who: RegisteredUser) {
  const res = await as(t.app, who)('POST', '/api/support/chats', { subject: 'Socket test', priority: 'low' });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function join(socket: TestSocket, chatId: string) {
  socket.send({ type: 'join_chat', chatId });
  return socket.next((m) => (m.type === 'joined' || m.type === 'error') && m.chatId === chatId);
}

describe('/ws/support', () => {
  it('refuses a socket without a session (401) and one from a foreign origin (403)', async () => {
    await expect(open(null)).rejects.toThrow('refused: 401');
    const user = await registerUser(t.app);
    await expect(
      openSocket(url, '/ws/support', { cookie: user.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow('refused: 403');
    await expect(openSocket(url, '/ws/support', { cookie: user.cookie, origin: null })).rejects.toThrow('refused: 403');
  });

  it('the customer joins their own chat and hears staff replies and status changes live', async () => {
    const customer = await registerUser(t.app);
    const chatId = await openChat(customer);
    const socket = await open(customer);
    await socket.next((m) => m.type === 'connected');
    expect(await join(socket, chatId)).toEqual({ type: 'joined', chatId });

    const reply = await as(t.app, moderator)('POST', `/api/support/chats/${chatId}/messages`, { message: 'Hello!' });
    expect(await socket.next((m) => m.type === 'new_message')).toEqual({
      type: 'new_message',
      chatId,
      messageId: reply.json().id,
    });
    await as(t.app, moderator)('PATCH', `/api/support/chats/${chatId}/status`, { status: 'in_progress' });
    expect(await socket.next((m) => m.type === 'status_updated')).toEqual({
      type: 'status_updated',
      chatId,
      status: 'in_progress',
    });
    await socket.close();
  });

  it("joining someone else's chat is refused and yields nothing of theirs", async () => {
    const owner = await registerUser(t.app);
    const intruder = await registerUser(t.app);
    const chatId = await openChat(owner);
    const socket = await open(intruder);
    await socket.next((m) => m.type === 'connected');
    expect(await join(socket, chatId)).toEqual({ type: 'error', chatId, message: M.chatNotFound });
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect(await join(socket, bad)).toMatchObject({ type: 'error', chatId: bad });
    }
    socket.send({ type: 'join_chat' });
    socket.send({ type: 'join_chat', chatId: { $ne: null } });
    await socket.next((m) => m.type === 'error' && m.chatId === '');

    await as(t.app, owner)('POST', `/api/support/chats/${chatId}/messages`, { message: 'My secret' });
    await as(t.app, moderator)('PATCH', `/api/support/chats/${chatId}/status`, { status: 'resolved' });
    await pause(200);
    expect(socket.received.filter((m) => m.type === 'new_message' || m.type === 'status_updated')).toEqual([]);
    expect(JSON.stringify(socket.received)).not.toContain('My secret');
    await socket.close();
  });

  it('staff may join any chat; a chat joined twice delivers each event once', async () => {
    const customer = await registerUser(t.app);
    const chatId = await openChat(customer);
    const socket = await open(moderator);
    await socket.next((m) => m.type === 'connected');
    socket.send({ type: 'join_chat', chatId });
    expect(await join(socket, chatId)).toEqual({ type: 'joined', chatId });
    await as(t.app, customer)('POST', `/api/support/chats/${chatId}/messages`, { message: 'Anyone there?' });
    await socket.next((m) => m.type === 'new_message');
    await pause(150);
    expect(socket.received.filter((m) => m.type === 'new_message')).toHaveLength(1);
    await socket.close();
  });

  it('ignores messages that are not JSON or name an unknown type, and stays open', async () => {
    const user = await registerUser(t.app);
    const socket = await open(user);
    socket.send('{not json');
    socket.send({ type: 'leave_everything' });
    socket.send({ chatId: 'x' });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});

describe('the staff channel on /ws', () => {
  it('tells staff consoles of new chats, messages and status changes; customers hear none of it', async () => {
    const customer = await registerUser(t.app);
    const staff = await open(moderator, '/ws');
    const other = await open(await registerUser(t.app), '/ws');
    await Promise.all([staff, other].map((s) => s.next((m) => m.type === 'connected')));

    const chatId = await openChat(customer);
    await staff.next((m) => m.type === 'support_chat_updated' && m.chatId === chatId);
    const before = staff.received.length;
    await as(t.app, customer)('POST', `/api/support/chats/${chatId}/messages`, { message: 'Hi' });
    await as(t.app, moderator)('PATCH', `/api/support/chats/${chatId}/status`, { status: 'closed' });
    await pause(200);
    expect(staff.received.slice(before)).toEqual([
      { type: 'support_chat_updated', chatId },
      { type: 'support_chat_updated', chatId },
    ]);
    expect(other.received.some((m) => m.type === 'support_chat_updated')).toBe(false);
    await Promise.all([staff.close(), other.close()]);
  });
});
