import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { registerUser } from '../test/factories.js';
import { listen, openSocket, pause, testRedisUrl, twoInstancesUnavailable } from '../test/sockets.js';
import { createTestApp, createTestDatabase, testEngine, type TestApp } from '../test/test-app.js';
import { STAFF_CHANNEL, userChannel } from './channels.js';
import { parseClientMessage } from './socket-route.js';

describe('parseClientMessage', () => {
  it('takes JSON objects with a string type and ignores everything else', () => {
    expect(parseClientMessage(Buffer.from('{"type":"join_chat","chatId":"x"}'))).toEqual({
      type: 'join_chat',
      chatId: 'x',
    });
    for (const bad of ['not json', '[1,2]', '{"type":3}', 'null', '"auth"', '{}']) {
      expect(parseClientMessage(Buffer.from(bad))).toBeNull();
    }
  });
});

const ORIGIN = 'http://holdfast.test';
const open = (url: string, cookie?: string) => openSocket(url, '/ws', { cookie, origin: ORIGIN });

describe('/ws on one instance', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WS_HEARTBEAT_SECONDS: '1', PUBLIC_URL: ORIGIN } });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('belongs to the session cookie, never to an id the client sends', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const socket = await open(url, alice.cookie);
    await socket.next((m) => m.type === 'connected');
    // The spec's client announces a user id: it is answered with the session's, and changes nothing.
    socket.send({ type: 'auth', token: bob.user.id });
    expect(await socket.next((m) => m.type === 'authenticated')).toEqual({
      type: 'authenticated',
      userId: alice.user.id,
    });
    await t.app.pubsub.publish(userChannel(bob.user.id), { type: 'new_message', channel: 'direct' });
    await t.app.pubsub.publish(userChannel(alice.user.id), { type: 'new_message', channel: 'live_chat' });
    expect(await socket.next((m) => m.type === 'new_message')).toEqual({ type: 'new_message', channel: 'live_chat' });
    await pause(100);
    expect(socket.received.filter((m) => m.type === 'new_message')).toHaveLength(1);
    await socket.close();
  });

  it('refuses a socket without a session, and one opened from a foreign origin', async () => {
    await expect(open(url)).rejects.toThrow('refused: 401');
    const user = await registerUser(t.app);
    await expect(openSocket(url, '/ws', { cookie: user.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'refused: 403',
    );
    await expect(openSocket(url, '/ws', { cookie: user.cookie, origin: null })).rejects.toThrow('refused: 403');
  });

  it('ignores messages that are not JSON or name an unknown type, and answers ping', async () => {
    const user = await registerUser(t.app);
    const socket = await open(url, user.cookie);
    socket.send('this is not json');
    socket.send({ type: 'no_such_thing' });
    socket.send({ nope: true });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });

  it('gives staff the staff channel, and nobody else', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const buyer = await registerUser(t.app);
    const staff = await open(url, moderator.cookie);
    const customer = await open(url, buyer.cookie);
    await Promise.all([staff, customer].map((s) => s.next((m) => m.type === 'connected')));
    await t.app.pubsub.publish(STAFF_CHANNEL, { type: 'support_chat_updated', chatId: 'c1' });
    await staff.next((m) => m.type === 'support_chat_updated');
    await pause(100);
    expect(customer.received.some((m) => m.type === 'support_chat_updated')).toBe(false);
    await Promise.all([staff.close(), customer.close()]);
  });

  it('drops a socket whose peer stopped answering heartbeats', async () => {
    const user = await registerUser(t.app);
    // A peer that never answers pings, as a phone that lost its network.
    const socket = await openSocket(url, '/ws', { cookie: user.cookie, origin: ORIGIN, answerPings: false });
    const closed = new Promise<void>((resolve) => socket.ws.once('close', () => resolve()));
    await socket.next((m) => m.type === 'connected');
    await closed;
  }, 10_000);
});

const skipTwoInstances = await twoInstancesUnavailable('realtime', testEngine);

describe.skipIf(skipTwoInstances)('two instances sharing PostgreSQL and Redis', () => {
  it('delivers an event published on instance A to a socket held by instance B', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ REDIS_URL: testRedisUrl, PUBLIC_URL: ORIGIN });
    const a = await buildApp({ config, database });
    const b = await buildApp({ config, database });
    try {
      await listen(a);
      const urlB = await listen(b);
      const user = await registerUser(a); // signed in through A, the session lives in the shared database
      const socket = await open(urlB, user.cookie);
      await socket.next((m) => m.type === 'connected');
      await a.pubsub.publish(userChannel(user.user.id), {
        type: 'new_message',
        channel: 'direct',
        conversationId: 'x',
      });
      expect(await socket.next((m) => m.type === 'new_message')).toMatchObject({ conversationId: 'x' });
      await socket.close();
    } finally {
      await a.close();
      await b.close();
      await database.dispose();
    }
  });
});
