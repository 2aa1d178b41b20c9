import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { registerUser } from '../../test/factories.js';
import { as, createTransaction, parties } from '../../test/money-factories.js';
import {
  listen,
  openSocket,
  pause,
  type TestSocket,
  testRedisUrl,
  twoInstancesUnavailable,
} from '../../test/sockets.js';
import { createTestApp, createTestDatabase, testEngine, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'http://holdfast.test';
const open = (url: string, cookie: string) => openSocket(url, '/ws', { cookie, origin: ORIGIN });
const connected = (s: TestSocket) => s.next((m) => m.type === 'connected');

describe('private messages over /ws', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it("reaches the receiver's socket (and the sender's), read ticks reach the sender, a third person hears nothing", async () => {
    const { buyer, seller } = await parties(t.app);
    const { id } = await createTransaction(t.app, buyer, seller.email);
    const stranger = await registerUser(t.app);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const [buyerSocket, sellerSocket, strangerSocket, staffSocket] = await Promise.all(
      [buyer, seller, stranger, moderator].map((who) => open(url, who.cookie)),
    );
    await Promise.all([buyerSocket, sellerSocket, strangerSocket, staffSocket].map(connected));

    const sent = await as(t.app, buyer)('POST', '/api/messages', {
      conversationId: id,
      content: 'Is it still available?',
      receiverId: seller.user.id,
    });
    expect(sent.statusCode).toBe(201);
    const event = { type: 'new_message', channel: 'direct', conversationId: id, messageId: sent.json().id };
    // Ids only: the page fetches the message over HTTP, where the rules apply.
    expect(await sellerSocket.next((m) => m.type === 'new_message')).toEqual(event);
    expect(await buyerSocket.next((m) => m.type === 'new_message')).toEqual(event);

    const read = await as(t.app, seller)('PATCH', `/api/conversations/${id}/read`);
    expect(read.json().markedRead).toBe(1);
    expect(await buyerSocket.next((m) => m.type === 'messages_read')).toEqual({
      type: 'messages_read',
      conversationId: id,
    });

    await pause(200);
    for (const outsider of [strangerSocket, staffSocket]) {
      expect(outsider.received.filter((m) => m.type !== 'connected')).toEqual([]);
    }
    // A refused message pushes nothing.
    const refused = await as(t.app, stranger)('POST', '/api/messages', {
      conversationId: id,
      content: 'Let me in',
      receiverId: seller.user.id,
    });
    expect(refused.statusCode).toBe(404);
    await pause(200);
    expect(sellerSocket.received.filter((m) => m.type === 'new_message')).toHaveLength(1);
    await Promise.all([buyerSocket, sellerSocket, strangerSocket, staffSocket].map((s) => s.close()));
  });

  it('a socket that names another person in its auth message still hears only its own events', async () => {
    const { buyer, seller } = await parties(t.app);
    const { id } = await createTransaction(t.app, buyer, seller.email);
    const eavesdropper = await registerUser(t.app);
    const socket = await open(url, eavesdropper.cookie);
    await connected(socket);
    socket.send({ type: 'auth', token: seller.user.id });
    await socket.next((m) => m.type === 'authenticated');
    await as(t.app, buyer)('POST', '/api/messages', { conversationId: id, content: 'Hi', receiverId: seller.user.id });
    await pause(200);
    expect(socket.received.some((m) => m.type === 'new_message')).toBe(false);
    await socket.close();
  });
});

const skipTwoInstances = await twoInstancesUnavailable('messages', testEngine);

describe.skipIf(skipTwoInstances)('private messages across two instances sharing PostgreSQL and Redis', () => {
  it('a message POSTed through instance A reaches the receiver’s socket held by instance B', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ REDIS_URL: testRedisUrl, PUBLIC_URL: ORIGIN });
    const a = await buildApp({ config, database });
    const b = await buildApp({ config, database });
    try {
      await listen(a);
      const urlB = await listen(b);
      // Signed up through A: the sessions live in the shared database, so B knows them too.
      const { buyer, seller } = await parties(a);
      const { id } = await createTransaction(a, buyer, seller.email);
      const sellerSocket = await open(urlB, seller.cookie);
      await connected(sellerSocket);

      const sent = await as(a, buyer)('POST', '/api/messages', {
        conversationId: id,
        content: 'Sent through A',
        receiverId: seller.user.id,
      });
      expect(sent.statusCode).toBe(201);
      expect(await sellerSocket.next((m) => m.type === 'new_message')).toMatchObject({
        conversationId: id,
        messageId: sent.json().id,
      });
      // B answers the refetch the event asks for.
      const thread = await as(b, seller)('GET', `/api/conversations/${id}/messages`);
      expect(thread.json().map((m: { content: string }) => m.content)).toEqual(['Sent through A']);
      await sellerSocket.close();
    } finally {
      await a.close();
      await b.close();
      await database.dispose();
    }
  });
});
