import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { emailOutbox, sessions } from '../db/schema/index.js';
import { registerUser, signIn, type RegisteredUser } from '../test/factories.js';
import { as } from '../test/money-factories.js';
import { listen, openSocket, testRedisUrl, twoInstancesUnavailable, type TestSocket } from '../test/sockets.js';
import { createTestApp, createTestDatabase, testEngine, type TestApp } from '../test/test-app.js';
import { userChannel } from './channels.js';
import { SESSION_ENDED_CLOSE_CODE } from './session-ends.js';

/** An ended session's sockets close at once (issue 26): /ws and /ws/support, on every instance. */
const ORIGIN = 'http://holdfast.test';
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  url = await listen(t.app);
});
afterAll(() => t.close());

/** Both sockets of one session, connected, with a promise of each one's close code. */
async function sockets(base: string, cookie: string) {
  const opened: Array<{ socket: TestSocket; closed: Promise<number> }> = [];
  for (const path of ['/ws', '/ws/support']) {
    const socket = await openSocket(base, path, { cookie, origin: ORIGIN });
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    await socket.next((m) => m.type === 'connected');
    opened.push({ socket, closed });
  }
  return {
    closed: () => Promise.all(opened.map((o) => o.closed)),
    open: () => opened.every((o) => o.socket.ws.readyState === o.socket.ws.OPEN),
    close: () => Promise.all(opened.map((o) => o.socket.close())),
    user: opened[0]!.socket,
    support: opened[1]!.socket,
  };
}

/** A second session of the same account (another browser). */
const secondSession = async (user: RegisteredUser) => ({ cookie: await signIn(t.app, user.email, user.password) });
const sessionIdOf = async (user: RegisteredUser, cookie: string) =>
  (await as(t.app, { cookie })('GET', '/api/auth/sessions'))
    .json()
    .sessions.find((s: { current: boolean }) => s.current).id as string;

describe('sockets of an ended session close at once', () => {
  it('revoke-others closes every socket of the other sessions, and they hear nothing more', async () => {
    const user = await registerUser(t.app);
    const first = await sockets(url, user.cookie);
    const other = await secondSession(user);
    const kept = await sockets(url, other.cookie);
    expect((await as(t.app, other)('POST', '/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 1 });
    expect(await first.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    // The session that asked keeps its sockets, and still hears its events.
    await t.app.pubsub.publish(userChannel(user.user.id), { type: 'new_message', channel: 'direct' });
    await kept.user.next((m) => m.type === 'new_message');
    expect(kept.open()).toBe(true);
    expect(first.user.received.filter((m) => m.type === 'new_message')).toHaveLength(0);
    await kept.close();
  });

  it('revoking one session closes only its sockets', async () => {
    const user = await registerUser(t.app);
    const other = await secondSession(user);
    const target = await sockets(url, other.cookie);
    const mine = await sockets(url, user.cookie);
    const id = await sessionIdOf(user, other.cookie);
    expect((await as(t.app, user)('DELETE', `/api/auth/sessions/${id}`)).statusCode).toBe(200);
    expect(await target.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(mine.open()).toBe(true);
    await mine.close();
  });

  it('signing out closes the sockets of that session', async () => {
    const user = await registerUser(t.app);
    const open = await sockets(url, user.cookie);
    expect((await as(t.app, user)('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await open.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
  });

  it('a password change closes the other sessions’ sockets and keeps its own', async () => {
    const user = await registerUser(t.app);
    const other = await secondSession(user);
    const elsewhere = await sockets(url, other.cookie);
    const here = await sockets(url, user.cookie);
    const changed = await as(t.app, user)('POST', '/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'Lantern-Quiet-Harbor-77',
      confirmPassword: 'Lantern-Quiet-Harbor-77',
    });
    expect(changed.statusCode).toBe(200);
    expect(await elsewhere.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(here.open()).toBe(true);
    await here.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const user = await registerUser(t.app);
    const open = await sockets(url, user.cookie);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } }))
        .statusCode,
    ).toBe(200);
    await t.app.services.passwordReset.settled();
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email.toLowerCase()), like(emailOutbox.subject, '%password%')))
      .orderBy(desc(emailOutbox.createdAt));
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Harbor-Lantern-Quiet-52', confirmPassword: 'Harbor-Lantern-Quiet-52' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await open.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
  });

  it('a session that ended without a word (idle, lifetime) is found out by the next auth or join_chat', async () => {
    const user = await registerUser(t.app);
    const open = await sockets(url, user.cookie);
    const id = await sessionIdOf(user, user.cookie);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    open.user.send({ type: 'auth', token: user.user.id });
    open.support.send({ type: 'join_chat', chatId: '00000000-0000-4000-8000-000000000000' });
    expect(await open.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(open.user.received.some((m) => m.type === 'authenticated')).toBe(false);
  });
});

const skipTwoInstances = await twoInstancesUnavailable('session ends', testEngine);

describe.skipIf(skipTwoInstances)('two instances sharing PostgreSQL and Redis', () => {
  it('a session revoked through instance A closes its socket held by instance B', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ REDIS_URL: testRedisUrl, PUBLIC_URL: ORIGIN });
    const a = await buildApp({ config, database });
    const b = await buildApp({ config, database });
    try {
      await listen(a);
      const urlB = await listen(b);
      const user = await registerUser(a);
      const other = { cookie: await signIn(a, user.email, user.password) };
      const onB = await sockets(urlB, user.cookie);
      expect((await as(a, other)('POST', '/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 1 });
      expect(await onB.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    } finally {
      await a.close();
      await b.close();
      await database.dispose();
    }
  });
});
