import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_SECURITY_MESSAGES as M } from '@holdfast/contracts';
import { sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in from a given browser and address; the session's Cookie header. */
async function signInFrom(user: RegisteredUser, userAgent: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieHeader(res.headers['set-cookie']) };
}

const list = async (who: { cookie: string }) => {
  const res = await as(t.app, who)('GET', '/api/auth/sessions');
  expect(res.statusCode).toBe(200);
  return res.json().sessions as Array<{ id: string; device: string; ipAddress: string | null; current: boolean }>;
};
const signedIn = async (who: { cookie: string }) => (await as(t.app, who)('GET', '/api/auth/user')).statusCode === 200;

describe('the session calls are for the signed-in only', () => {
  it.each([
    ['GET', '/api/auth/sessions'],
    ['DELETE', '/api/auth/sessions/some-id'],
    ['POST', '/api/auth/sessions/revoke-others'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await as(t.app, null)(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/auth/sessions', () => {
  it("lists the caller's live sessions with device, address and times; this one first and marked current", async () => {
    const user = await registerUser(t.app);
    const laptop = await signInFrom(user, CHROME_WINDOWS, '198.51.100.7');
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.9');
    const other = await registerUser(t.app);

    const seen = await list(phone);
    expect(seen).toHaveLength(3); // registration, laptop, phone
    expect(seen[0]).toMatchObject({ device: 'Safari on iPhone', ipAddress: '203.0.113.9', current: true });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(seen).toContainEqual(expect.objectContaining({ device: 'Chrome on Windows', ipAddress: '198.51.100.7' }));
    for (const s of seen) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ipAddress', 'lastActiveAt']);
      expect(Date.parse((s as unknown as { lastActiveAt: string }).lastActiveAt)).not.toBeNaN();
    }
    // The ids are the rows' ids, never their tokens (a token in the list would be a session to steal).
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set(rows.map((r) => r.id)));
    const body = JSON.stringify(seen);
    for (const row of rows) expect(body).not.toContain(row.token);
    // From the laptop, the laptop is the current one; nobody else's sessions appear.
    const fromLaptop = await list(laptop);
    expect(fromLaptop.find((s) => s.current)).toMatchObject({ device: 'Chrome on Windows' });
    expect((await list(other)).map((s) => s.id)).not.toContain(seen[0]!.id);
  });

  it('leaves out sessions past their lifetime or idle for longer than the idle rule allows', async () => {
    const user = await registerUser(t.app);
    const expired = await signInFrom(user, CHROME_WINDOWS, '198.51.100.20');
    const idle = await signInFrom(user, SAFARI_IPHONE, '198.51.100.21');
    const before = await list(user);
    const idOf = (ip: string) => before.find((s) => s.ipAddress === ip)!.id;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idOf('198.51.100.20')));
    const idleFor = t.app.config.session.idleTimeoutMs + 60_000;
    await t.database.db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - idleFor) })
      .where(eq(sessions.id, idOf('198.51.100.21')));
    const after = await list(user);
    expect(after.map((s) => s.ipAddress)).toEqual(['127.0.0.1']);
    // And indeed neither of them signs anyone in any more.
    expect(await signedIn(expired)).toBe(false);
    expect(await signedIn(idle)).toBe(false);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('signs out that session: its next request is signed out, this one carries on', async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.30');
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    const res = await as(t.app, user)('DELETE', `/api/auth/sessions/${phoneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const next = await as(t.app, phone)('GET', '/api/auth/user');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('SESSION_EXPIRED');
    expect(await signedIn(user)).toBe(true);
    expect((await list(user)).map((s) => s.id)).not.toContain(phoneId);
  });

  it("answers 404 for another person's session, exactly as for an unknown id, and never revokes it", async () => {
    const mallory = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const victimId = (await list(victim))[0]!.id;
    const theirs = await as(t.app, mallory)('DELETE', `/api/auth/sessions/${victimId}`);
    const unknown = await as(t.app, mallory)('DELETE', '/api/auth/sessions/no-such-session');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: M.sessions.notFound });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    expect(await signedIn(victim)).toBe(true);
    expect((await list(victim)).map((s) => s.id)).toContain(victimId);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  it('keeps the current session and signs out every other one of the caller, and nobody else', async () => {
    const user = await registerUser(t.app);
    const laptop = await signInFrom(user, CHROME_WINDOWS, '198.51.100.40');
    const phone = await signInFrom(user, SAFARI_IPHONE, '198.51.100.41');
    const bystander = await registerUser(t.app);
    const res = await as(t.app, laptop)('POST', '/api/auth/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(user)).toBe(false);
    expect(await signedIn(bystander)).toBe(true);
    const left = await list(laptop);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
    // Nothing else to sign out: a second call changes nothing.
    expect((await as(t.app, laptop)('POST', '/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 0 });
  });
});
