import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, signIn, uniqueEmail } from '../../test/factories.js';
import { accounts, sessions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  // The product's own password hashing (Better Auth's scrypt), not the tests' cheaper one.
  t = await createTestApp({ providers: { passwordHashing: undefined } });
});
afterAll(() => t.close());

const login = (payload: unknown, url = '/api/auth/login', remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the address', async () => {
    const { user, email, password } = await registerUser(t.app, { role: 'seller' });
    const res = await login({ email: `  ${email.toUpperCase()} `, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: 'seller', emailVerified: true });
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect(cookie).toMatch(/^holdfast\.session_token=/);
    expect((await me(cookie)).json().id).toBe(user.id);
    // Stored by the product's hashing: Better Auth's own scrypt reads it.
    const [account] = await t.app.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(await verifyPassword({ hash: account!.password!, password })).toBe(true);
  });

  it('tells an unknown address from a wrong password, as the spec asks', async () => {
    const { email } = await registerUser(t.app);
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'whatever' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: MESSAGES.login.userNotFound });
    expect(unknown.headers['set-cookie']).toBeUndefined();

    const wrong = await login({ email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'WRONG_PASSWORD', message: MESSAGES.login.wrongPassword });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('takes as long for an unknown address as for a wrong password: a hash verification each', async () => {
    const { email } = await registerUser(t.app);
    const timed = async (payload: object, remoteAddress: string) => {
      const started = performance.now();
      const res = await login(payload, '/api/auth/login', remoteAddress);
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    // The fastest of three each (a busy machine only adds time): the unknown address does the same
    // password hash verification the wrong password does, so it is never much faster.
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await timed({ email, password: `not-the-password-${i}` }, `198.51.100.${i + 1}`));
      unknown.push(await timed({ email: uniqueEmail('nobody'), password: 'whatever' }, `198.51.100.${i + 11}`));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.5);
  });

  it.each([
    [{}, MESSAGES.login.required],
    [{ email: '', password: '' }, MESSAGES.login.required],
    [{ email: 'a@b.co' }, MESSAGES.login.required],
    [{ email: 'a@b.co', password: 12345678 }, MESSAGES.login.required],
    [{ email: 'not-an-email', password: 'secret1' }, MESSAGES.login.invalidEmail],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.login.required);
  });
});

describe('GET /api/auth/user', () => {
  it('is 401 without a session or with a forged one', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(MESSAGES.auth.notSignedIn);
    const forged = await me('holdfast.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session so the old cookie no longer works', async () => {
    const { user, cookie } = await registerUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/holdfast\.session_token=;.*Max-Age=0/i);

    expect((await me(cookie)).statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('answers ok when nobody is signed in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('ends only the session it is called with', async () => {
    const { email, password, cookie } = await registerUser(t.app);
    const other = await signIn(t.app, email, password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/admin/login', () => {
  it('signs an admin in', async () => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const res = await login({ email: admin.email, password: admin.password }, '/api/auth/admin/login');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    expect((await me(cookieHeader(res.headers['set-cookie']))).json().role).toBe('admin');
  });

  it.each(['buyer', 'seller', 'moderator'] as const)('refuses a %s and leaves no session behind', async (role) => {
    const person = await registerUser(t.app, { role });
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id));
    const res = await login({ email: person.email, password: person.password }, '/api/auth/admin/login');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.auth.adminOnly);
    expect(res.headers['set-cookie']).toBeUndefined();
    const after = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id));
    expect(after).toHaveLength(before.length);
  });

  it('uses the sign-in messages for wrong credentials', async () => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const wrong = await login({ email: admin.email, password: 'nope-nope' }, '/api/auth/admin/login');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.login.wrongPassword);
    const unknown = await login({ email: uniqueEmail('ghost'), password: 'nope-nope' }, '/api/auth/admin/login');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MESSAGES.login.userNotFound);
  });
});

describe('in production', () => {
  it('sets a Secure, HTTP-only, SameSite=Lax session cookie that still signs the person in', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
        KYC_ENCRYPTION_KEY: 'xrZ4b0Wq3m8Yt1Lc6Vn9Pd2Hs5Jf7Gk0Ua3Ei8Ro1Ty=',
        PAYMENTS_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      },
    });
    try {
      const { cookie, user } = await registerUser(prod.app);
      expect(cookie).toMatch(/^__Secure-holdfast\.session_token=/);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'Secret-pass-1' },
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const who = await prod.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(who.json().id).toBe(user.id);
    } finally {
      await prod.close();
    }
  });
});
