import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHAT_EVENTS } from '@holdfast/contracts';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { listen, openSocket, pause, type TestSocket } from '../../test/sockets.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'http://holdfast.test';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  url = await listen(t.app);
});
afterAll(() => t.close());

/** A /ws socket of `who`, opened as their browser would (session cookie, our origin), ready to hear. */
async function socketOf(who: RegisteredUser): Promise<TestSocket> {
  const socket = await openSocket(url, '/ws', { cookie: who.cookie, origin: ORIGIN });
  await socket.next((m) => m.type === 'connected');
  return socket;
}

const isLiveChatNews = (m: { type: string; channel?: unknown }) =>
  m.type === LIVE_CHAT_EVENTS.customer.type && m.channel === LIVE_CHAT_EVENTS.customer.channel;
const isStaffNews = (m: { type: string }) => m.type === LIVE_CHAT_EVENTS.staff;

describe('live chat over /ws', () => {
  it("a staff reply reaches the customer's socket, and no other customer's", async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const customer = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    await as(t.app, customer)('POST', '/api/chat/send', { message: 'Anyone there?' });
    const [mine, theirs] = await Promise.all([socketOf(customer), socketOf(bystander)]);

    const res = await as(t.app, moderator)('POST', `/api/chat/threads/${customer.user.id}/send`, { message: 'Yes!' });
    expect(res.statusCode).toBe(201);
    // The event carries no text: the page refetches what it may see.
    expect(await mine.next(isLiveChatNews)).toEqual({ type: 'new_message', channel: 'live_chat' });
    await pause(150);
    expect(theirs.received.some((m) => isLiveChatNews(m) || isStaffNews(m))).toBe(false);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("a customer's message reaches every staff socket (and the customer's own other tabs), not other customers", async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const admin = await registerUser(t.app, { role: 'admin' });
    const customer = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const sockets = await Promise.all([moderator, admin, customer, bystander].map(socketOf));
    const [mod, adm, own, other] = sockets;

    await as(t.app, customer)('POST', '/api/chat/send', { message: 'Help with my escrow' });
    for (const staff of [mod!, adm!]) {
      expect(await staff.next(isStaffNews)).toEqual({ type: 'live_chat_message', threadUserId: customer.user.id });
    }
    await own!.next(isLiveChatNews);
    await pause(150);
    expect(other!.received.some((m) => isLiveChatNews(m) || isStaffNews(m))).toBe(false);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it("a socket whose auth message names another user's id still hears only its own session's events", async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const victim = await registerUser(t.app);
    const snoop = await registerUser(t.app);
    await as(t.app, victim)('POST', '/api/chat/send', { message: 'private question' });

    const socket = await socketOf(snoop);
    // The spec's client sends its user id as the token; here it names someone else's.
    socket.send({ type: 'auth', token: victim.user.id });
    expect(await socket.next((m) => m.type === 'authenticated')).toEqual({
      type: 'authenticated',
      userId: snoop.user.id,
    });
    await as(t.app, moderator)('POST', `/api/chat/threads/${victim.user.id}/send`, { message: 'answer for victim' });
    await as(t.app, victim)('POST', '/api/chat/send', { message: 'follow-up' });
    await pause(200);
    expect(socket.received.some((m) => isLiveChatNews(m) || isStaffNews(m))).toBe(false);

    // Its own thread's news does arrive.
    await as(t.app, snoop)('POST', '/api/chat/send', { message: 'my own question' });
    await as(t.app, moderator)('POST', `/api/chat/threads/${snoop.user.id}/send`, { message: 'answer for snoop' });
    await socket.next(isLiveChatNews);
    // And over HTTP the snoop still reads only their own thread.
    const list = await as(t.app, snoop)('GET', '/api/chat/messages');
    expect(list.json().map((m: { message: string }) => m.message)).toEqual(['my own question', 'answer for snoop']);
    await socket.close();
  });
});
