import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { listen, openSocket } from '../../test/sockets.js';
import { sessions, users } from '../../db/schema/index.js';
import { verifySignedToken } from './session-lookup.js';
import { sessionIdleRule } from './session-activity.js';

/** The session cookie on every request: signed token, expiry, refresh, revocation (Better Auth's rules). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

/** The raw session token inside a `holdfast.session_token=<token>.<signature>` cookie header. */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split('holdfast.session_token=')[1]!.split(';')[0]!);
  return value.slice(0, value.lastIndexOf('.'));
}

function signed(token: string, secret: string) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `holdfast.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The same cookie with the signature's first character changed (a byte of the HMAC, not padding bits). */
function flipFirstSignatureChar(cookie: string) {
  const value = decodeURIComponent(cookie.split('holdfast.session_token=')[1]!.split(';')[0]!);
  const dot = value.lastIndexOf('.');
  const first = value[dot + 1] === 'A' ? 'B' : 'A';
  return `holdfast.session_token=${encodeURIComponent(value.slice(0, dot + 1) + first + value.slice(dot + 2))}`;
}

describe('the session cookie', () => {
  it('signs the person in without setting any cookie while the session is fresh', async () => {
    const { user, cookie } = await registerUser(t.app);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('stops working at once when the session row is deleted (revoked elsewhere)', async () => {
    const { cookie } = await registerUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.token, tokenOf(cookie)));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
    // Not cleared: the browser may hold a newer cookie by the time this answer arrives (see below).
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("is refused on a socket's handshake without clearing the cookie (a reconnecting socket can race a session swap)", async () => {
    const { cookie } = await registerUser(t.app);
    await t.database.db.delete(sessions).where(eq(sessions.token, tokenOf(cookie)));
    const refused = await openSocket(await listen(t.app), '/ws', { cookie }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'refused: 401' });
    expect((refused as { headers: Record<string, unknown> }).headers['set-cookie']).toBeUndefined();
    // The page's own call still hears that the session ended.
    expect((await me(cookie)).json().code).toBe('SESSION_EXPIRED');
  });

  it('is refused once expired and deletes the expired session, leaving the cookie alone', async () => {
    const { cookie } = await registerUser(t.app);
    const token = tokenOf(cookie);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(0);
  });

  it('has an absolute lifetime: expires SESSION_MAX_AGE_SECONDS after sign-in and is never extended', async () => {
    const { cookie } = await registerUser(t.app);
    const token = tokenOf(cookie);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    const maxAgeMs = t.app.config.session.maxAgeMs;
    expect(Math.abs(row!.expiresAt.getTime() - (row!.createdAt.getTime() + maxAgeMs))).toBeLessThan(5_000);
    // Near its end and used again and again, the session keeps its expiry and sets no cookie.
    const nearEnd = new Date(Date.now() + 60_000);
    await t.database.db.update(sessions).set({ expiresAt: nearEnd }).where(eq(sessions.token, token));
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after!.expiresAt.getTime()).toBe(nearEnd.getTime());
  });

  it('answers SESSION_EXPIRED for a genuine cookie whose session ended, UNAUTHENTICATED without one', async () => {
    const { cookie } = await registerUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(cookie)));
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_EXPIRED');
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
  });

  it('never trusts a token whose signature is missing, wrong or made with another secret', async () => {
    const { cookie } = await registerUser(t.app);
    // The genuine cookie works; every forgery of it is refused.
    expect((await me(cookie)).statusCode).toBe(200);
    const token = tokenOf(cookie);
    const forgeries = [
      `holdfast.session_token=${token}`,
      `holdfast.session_token=${token}.${'A'.repeat(43)}=`,
      signed(token, 'some-other-secret-that-is-long-enough-to-pass'),
      flipFirstSignatureChar(cookie),
    ];
    for (const forged of forgeries) expect((await me(forged)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('sees role and verification changes on the next request', async () => {
    const { user, cookie } = await registerUser(t.app, { verified: false });
    expect((await me(cookie)).json()).toMatchObject({ role: 'buyer', emailVerified: false });
    await t.database.db.update(users).set({ role: 'moderator', emailVerified: true }).where(eq(users.id, user.id));
    expect((await me(cookie)).json()).toMatchObject({ role: 'moderator', emailVerified: true });
  });

  it('signs in on routes that do not require it too (GET /api/health with a cookie)', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the idle rule on the server (same setting as the browser dialog)', () => {
  const lastActive = async (cookie: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(cookie)))
    )[0]?.lastActiveAt;
  const setLastActive = (cookie: string, at: Date) =>
    t.database.db
      .update(sessions)
      .set({ lastActiveAt: at })
      .where(eq(sessions.token, tokenOf(cookie)));
  const rule = () => sessionIdleRule(t.app.config.session.idleTimeoutMs);

  it('ends a session unused for longer than the idle timeout: 401 SESSION_EXPIRED, row gone', async () => {
    const { cookie } = await registerUser(t.app);
    const { idleTimeoutMs } = t.app.config.session;
    await setLastActive(cookie, new Date(Date.now() - idleTimeoutMs - rule().touchEveryMs - 1000));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await lastActive(cookie)).toBeUndefined();
    // Ended for good: coming back does not revive it.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('keeps a session used within the idle timeout, and records the use at most once per touch interval', async () => {
    const { cookie } = await registerUser(t.app);
    const { idleTimeoutMs } = t.app.config.session;
    // Used just inside the limit: still signed in, and the use is written down.
    await setLastActive(cookie, new Date(Date.now() - idleTimeoutMs + 1000));
    expect((await me(cookie)).statusCode).toBe(200);
    const touched = await lastActive(cookie);
    expect(Date.now() - touched!.getTime()).toBeLessThan(5_000);
    // Used again at once: no second write.
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await lastActive(cookie))!.getTime()).toBe(touched!.getTime());
  });

  it('GET /api/auth/session answers 200 for everyone and says when a session just ended', async () => {
    const nobody = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual({ user: null, sessionEnded: false });
    const { user, cookie } = await registerUser(t.app);
    const session = (c: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: c } });
    const live = await session(cookie);
    expect(live.json()).toMatchObject({ user: { id: user.id }, sessionEnded: false });
    await setLastActive(cookie, new Date(Date.now() - t.app.config.session.idleTimeoutMs - rule().touchEveryMs - 1000));
    const ended = await session(cookie);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ user: null, sessionEnded: true });
  });

  it('never ends a session sooner than the idle timeout, and by the timeout plus one touch interval', () => {
    const { isIdle, needsTouch, touchEveryMs } = sessionIdleRule(120_000);
    expect(touchEveryMs).toBe(30_000);
    const now = Date.now();
    expect(isIdle(new Date(now - 120_000 - touchEveryMs), now)).toBe(false);
    expect(isIdle(new Date(now - 120_000 - touchEveryMs - 1), now)).toBe(true);
    expect(needsTouch(new Date(now - touchEveryMs + 1), now)).toBe(false);
    expect(needsTouch(new Date(now - touchEveryMs), now)).toBe(true);
    expect(sessionIdleRule(8_000).touchEveryMs).toBe(2_000);
  });
});

describe('verifySignedToken', () => {
  const secret = 'a-secret-of-enough-length-for-the-test-only';
  const sign = (token: string) => createHmac('sha256', secret).update(token).digest('base64');

  it('returns the token for its own signature only', () => {
    expect(verifySignedToken(`tok.${sign('tok')}`, secret)).toBe('tok');
    expect(verifySignedToken(`tok.with.dots.${sign('tok.with.dots')}`, secret)).toBe('tok.with.dots');
    expect(verifySignedToken(`other.${sign('tok')}`, secret)).toBeNull();
    expect(verifySignedToken(`tok.${sign('tok')}`, `${secret}x`)).toBeNull();
    expect(verifySignedToken('tok', secret)).toBeNull();
    expect(verifySignedToken(`.${sign('')}`, secret)).toBeNull();
  });

  it('refuses the URL-safe alphabet and malformed signatures, as better-call does', () => {
    let token = 'a';
    while (!/[+/]/.test(sign(token))) token += 'a';
    const urlSafe = sign(token).replace(/\+/g, '-').replace(/\//g, '_');
    expect(verifySignedToken(`${token}.${urlSafe}`, secret)).toBeNull();
    expect(verifySignedToken(`${token}.${sign(token).slice(0, -1)}`, secret)).toBeNull();
    expect(verifySignedToken(`${token}.${sign(token)}=`, secret)).toBeNull();
  });
});

describe('what the lookup relies on (decision 006)', () => {
  it('accepts the very cookie Better Auth set at sign-in, with the app secret', async () => {
    const user = await registerUser(t.app);
    const value = decodeURIComponent(user.cookie.split('holdfast.session_token=')[1]!.split(';')[0]!);
    expect(verifySignedToken(value, t.app.config.authSecret)).toBe(tokenOf(user.cookie));
  });

  it('was checked against these Better Auth and better-call versions: re-check it before upgrading', () => {
    // session-lookup.ts re-implements better-call's getSignedCookie and Better Auth's refresh rule. A new
    // minor version may change either: re-read both, run this file, then update the versions here.
    const require = createRequire(import.meta.url);
    const minor = (pkg: string) => {
      // Their package.json is not exported: walk up from the resolved entry to the package folder.
      let dir = path.dirname(require.resolve(pkg));
      while (path.basename(dir) !== pkg) dir = path.dirname(dir);
      const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
      return version.split('.').slice(0, 2).join('.');
    };
    expect(minor('better-auth'), 'better-auth changed: re-verify session-lookup.ts (decision 006)').toBe('1.7');
    expect(minor('better-call'), 'better-call changed: re-verify session-lookup.ts (decision 006)').toBe('1.4');
  });
});
