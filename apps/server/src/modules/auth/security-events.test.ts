import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type TSecurityEvent } from '@holdfast/contracts';
import { emailOutbox, sessions } from '../../db/schema/index.js';
import { auditCount, auditOf, refuseAuditWrites } from '../../test/audit.js';
import { cookieHeader, registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { freshTotpCode, totpCode } from '../../test/totp.js';

/**
 * The security events of an account (issue 31): each written with its action (in the same database
 * transaction where the product owns the write, right after Better Auth's where Better Auth does: decision
 * 031), shown to the account's owner alone, with the address and device it came from.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let ipCounter = 10;
const freshIp = () => `203.0.113.${ipCounter++}`;

const post = (cookie: string | null, url: string, body?: object, extra: { ip?: string; ua?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: extra.ip ?? '127.0.0.1',
    headers: { ...(cookie ? { cookie } : {}), ...(extra.ua ? { 'user-agent': extra.ua } : {}) },
  });
const login = (email: string, password: string, extra: { ip?: string; ua?: string; url?: string } = {}) =>
  post(null, extra.url ?? '/api/auth/login', { email, password }, { ip: extra.ip ?? freshIp(), ua: extra.ua });

async function events(cookie: string, query = ''): Promise<{ items: TSecurityEvent[]; next?: string }> {
  const res = await as(t.app, { cookie })('GET', `/api/auth/security-events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json(), next: res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined };
}
const actions = async (cookie: string) => (await events(cookie)).items.map((e) => e.action);

/** The codes each secret's enrolment used (a code is accepted once). */
const usedCodes = new Map<string, string[]>();

async function enrolApp(user: RegisteredUser) {
  const setup = await post(user.cookie, '/api/auth/2fa/setup/app');
  const { secret } = setup.json() as { secret: string };
  const enrolCode = totpCode(secret);
  usedCodes.set(secret, [enrolCode]);
  const verified = await post(user.cookie, '/api/auth/2fa/verify', { code: enrolCode }, { ua: FIREFOX });
  expect(verified.statusCode).toBe(200);
  user.cookie = cookieHeader(verified.headers['set-cookie']);
  return secret;
}

describe('sign-in', () => {
  it('is recorded with its session, address and device; a wrong password and a refused admin door are not', async () => {
    const user = await registerUser(t.app);
    expect(await actions(user.cookie)).toEqual([]); // registering is not a sign-in of its own

    const wrong = await login(user.email, 'Not-the-password-1');
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const door = await login(user.email, user.password, { url: '/api/auth/admin/login' });
    expect(door.statusCode).toBe(403);
    expect(await auditOf(db(), 'user', user.user.id)).toEqual([]);

    const res = await login(user.email, user.password, { ip: '198.51.100.23', ua: FIREFOX });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers['set-cookie']);
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    const { items } = await events(cookie);
    expect(items).toEqual([
      {
        id: expect.any(String),
        action: 'account.sign_in',
        at: expect.any(String),
        ipAddress: '198.51.100.23',
        device: 'Firefox on Windows',
        detail: { sessionId: session!.id, secondFactor: null },
      },
    ]);
    const [row] = await auditOf(db(), 'user', user.user.id);
    expect(row).toMatchObject({ actorUserId: user.user.id, reason: null, userAgent: FIREFOX });
  });

  it('hands out no session when its record cannot be written', async () => {
    const user = await registerUser(t.app);
    const allow = await refuseAuditWrites(db(), 'account.sign_in');
    try {
      const before = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.user.id));
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(500);
      expect(res.headers['set-cookie']).toBeUndefined();
      const after = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.user.id));
      expect(after).toEqual(before);
    } finally {
      await allow();
    }
    expect(await auditOf(db(), 'user', user.user.id)).toEqual([]);
  });
});

describe('two-factor', () => {
  it('records turning it on, a wrong code at sign-in, the sign-in with the right one and turning it off', async () => {
    const user = await registerUser(t.app);
    const secret = await enrolApp(user);

    const first = await login(user.email, user.password, { ip: '198.51.100.40', ua: SAFARI_IPHONE });
    const challenge = cookieHeader(first.headers['set-cookie']);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(await auditOf(db(), 'user', user.user.id)).toHaveLength(1); // the password alone signs nobody in

    const code = freshTotpCode(secret, usedCodes.get(secret)!); // not the enrolment's
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(challenge, '/api/auth/2fa/sign-in', { code: wrongCode }, { ip: '198.51.100.40' });
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    const ok = await post(challenge, '/api/auth/2fa/sign-in', { code }, { ip: '198.51.100.40', ua: SAFARI_IPHONE });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok.headers['set-cookie']);

    // A wrong code to turn it off is a failed second factor; the refused disable itself is not recorded.
    const refused = await post(cookie, '/api/auth/2fa/disable', { code: wrongCode });
    expect(refused.statusCode).toBe(400);
    expect(
      (await events(cookie)).items.map((e) => [e.action, e.detail.during ?? e.detail.secondFactor ?? null]),
    ).toEqual([
      ['account.two_factor_failed', 'disable'],
      ['account.sign_in', 'app'],
      ['account.two_factor_failed', 'sign_in'],
      ['account.two_factor_enable', null],
    ]);
    const off = await post(cookie, '/api/auth/2fa/disable', {
      code: freshTotpCode(secret, [...usedCodes.get(secret)!, code]),
    });
    expect(off.statusCode).toBe(200);

    const { items } = await events(cookie);
    expect(items[0]).toMatchObject({ action: 'account.two_factor_disable', detail: { method: 'app' } });
    expect(items.at(-1)).toMatchObject({ action: 'account.two_factor_enable', detail: { method: 'app' } });
    expect(items.find((e) => e.action === 'account.sign_in')).toMatchObject({
      ipAddress: '198.51.100.40',
      device: 'Safari on iPhone',
    });
    expect(items.find((e) => e.detail.during === 'sign_in')).toMatchObject({ ipAddress: '198.51.100.40' });
  });
});

describe('passwords', () => {
  it('records a change (with the sessions it ended) and a reset; a refused change records nothing', async () => {
    const user = await registerUser(t.app);
    const other = cookieHeader((await login(user.email, user.password)).headers['set-cookie']);
    expect(other).toBeTruthy();
    const count = await auditCount(db());
    const refused = await post(user.cookie, '/api/auth/change-password', {
      currentPassword: 'Not-the-password-1',
      newPassword: 'A-brand-new-pass-42',
      confirmPassword: 'A-brand-new-pass-42',
    });
    expect(refused.statusCode).toBe(400);
    expect(await auditCount(db())).toBe(count);

    const changed = await post(user.cookie, '/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'A-brand-new-pass-42',
      confirmPassword: 'A-brand-new-pass-42',
    });
    expect(changed.statusCode).toBe(200);
    expect((await events(user.cookie)).items[0]).toMatchObject({
      action: 'account.password_change',
      detail: { sessionsEnded: 1 },
    });

    await post(null, '/api/auth/forgot-password', { email: user.email });
    await t.app.services.passwordReset.settled();
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), like(emailOutbox.subject, '%password%')))
      .orderBy(desc(emailOutbox.createdAt));
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const reset = await post(
      null,
      '/api/auth/reset-password',
      { token, newPassword: 'Yet-another-pass-73' },
      {
        ip: '198.51.100.77',
        ua: FIREFOX,
      },
    );
    expect(reset.statusCode).toBe(200);
    const cookie = cookieHeader((await login(user.email, 'Yet-another-pass-73')).headers['set-cookie']);
    expect((await actions(cookie)).slice(0, 3)).toEqual([
      'account.sign_in',
      'account.password_reset',
      'account.password_change',
    ]);
    expect((await events(cookie)).items[1]).toMatchObject({
      ipAddress: '198.51.100.77',
      device: 'Firefox on Windows',
      detail: { sessionsEnded: 'all', twoFactorRemoved: false },
    });
  });

  it('keeps the old password when the change cannot be recorded (one transaction)', async () => {
    const user = await registerUser(t.app);
    const allow = await refuseAuditWrites(db(), 'account.password_change');
    try {
      const res = await post(user.cookie, '/api/auth/change-password', {
        currentPassword: user.password,
        newPassword: 'A-brand-new-pass-42',
        confirmPassword: 'A-brand-new-pass-42',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect(await actions(user.cookie)).toEqual(['account.sign_in']);
  });
});

describe('sessions', () => {
  it('records signing out one session (with its device) and every other; an unknown id records nothing', async () => {
    const user = await registerUser(t.app);
    await login(user.email, user.password, { ua: SAFARI_IPHONE, ip: '198.51.100.90' });
    await login(user.email, user.password, { ua: FIREFOX });
    const phone = (await as(t.app, user)('GET', '/api/auth/sessions'))
      .json()
      .sessions.find((s: { device: string }) => s.device === 'Safari on iPhone');
    const count = await auditCount(db());
    const missing = await as(t.app, user)('DELETE', '/api/auth/sessions/no-such-session');
    expect(missing.statusCode).toBe(404);
    expect(await auditCount(db())).toBe(count);

    expect((await as(t.app, user)('DELETE', `/api/auth/sessions/${phone.id}`)).statusCode).toBe(200);
    expect((await as(t.app, user)('POST', '/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 1 });
    const { items } = await events(user.cookie);
    expect(items.slice(0, 2)).toMatchObject([
      { action: 'account.sessions_revoke_others', detail: { sessionsEnded: 1 } },
      {
        action: 'account.session_revoke',
        detail: { sessionId: phone.id, sessionDevice: 'Safari on iPhone', sessionIpAddress: '198.51.100.90' },
      },
    ]);
  });
});

describe('GET /api/auth/security-events', () => {
  it("shows the caller's own events only, a page at a time; signed out is 401", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (let i = 0; i < 3; i++) await login(a.email, a.password);
    await login(b.email, b.password);
    expect(await actions(b.cookie)).toEqual(['account.sign_in']);

    const page1 = await events(a.cookie, '?limit=2');
    expect(page1.items).toHaveLength(2);
    expect(page1.next).toBeTruthy();
    const page2 = await events(a.cookie, `?limit=2&cursor=${page1.next}`);
    expect(page2.items).toHaveLength(1);
    expect(page2.next).toBeUndefined();
    const all = [...page1.items, ...page2.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(3);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/security-events' })).statusCode).toBe(401);
    const bad = await as(t.app, a)('GET', '/api/auth/security-events?cursor=nonsense');
    expect(bad.json().code).toBe('INVALID_CURSOR');
    expect((await as(t.app, a)('GET', '/api/auth/security-events?limit=51')).json().code).toBe('VALIDATION');
  });
});
