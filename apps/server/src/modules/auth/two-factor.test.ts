import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_CODE_ALPHABET, TWO_FACTOR_MESSAGES as M } from '@holdfast/contracts';
import { emailOutbox, smsOutbox, twoFactors, users } from '../../db/schema/index.js';
import { cookieHeader, registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { totpCode } from '../../test/totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (who: { cookie: string } | null, url: string, body?: object) => as(t.app, who)('POST', url, body);
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const login = (email: string, password: string, url = '/api/auth/login') =>
  t.app.inject({ method: 'POST', url, payload: { email, password } });

/** Enrols `user` with an authenticator app; returns the secret and the backup codes shown once. */
async function enrolApp(user: RegisteredUser) {
  const setup = await post(user, '/api/auth/2fa/setup/app');
  expect(setup.statusCode).toBe(200);
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  const verified = await post(user, '/api/auth/2fa/verify', { code: totpCode(secret) });
  expect(verified.statusCode).toBe(200);
  // Better Auth replaced the session as two-factor turned on.
  user.cookie = cookieHeader(verified.headers['set-cookie']);
  return { secret, backupCodes };
}

/** The first step of sign-in: the challenge cookie, for an account with two-factor on. */
async function challenge(email: string, password: string, url?: string) {
  const res = await login(email, password, url);
  expect(res.statusCode).toBe(200);
  return { body: res.json(), cookie: cookieHeader(res.headers['set-cookie']) };
}

async function latestSms(to: string) {
  const [row] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row?.text.match(/\b(\d{6})\b/)?.[1];
}

describe('two-factor enrolment with an authenticator app', () => {
  it('needs a signed-in person', async () => {
    for (const url of ['/api/auth/2fa/setup/app', '/api/auth/2fa/verify', '/api/auth/2fa/disable']) {
      const res = await post(null, url, { code: '123456' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('gives a QR code, its secret and ten backup codes, and turns on only with a correct code', async () => {
    const user = await registerUser(t.app);
    const setup = await post(user, '/api/auth/2fa/setup/app');
    const body = setup.json();
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(body.otpauthUrl).toContain('otpauth://totp/Holdfast:');
    expect(body.backupCodes).toHaveLength(10);
    // Nothing to misread when typed from paper: no 0/O, 1/I/l, no lower case.
    const one = `[${BACKUP_CODE_ALPHABET}]{5}`;
    for (const code of body.backupCodes as string[]) expect(code).toMatch(new RegExp(`^${one}-${one}$`));
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[0O1IlL]/);
    expect((await me(user.cookie)).json().twoFactorEnabled).toBe(false);

    // Stored: the secret encrypted, the backup codes as hashes; no code is readable from the database.
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.user.id));
    expect(row!.verified).toBe(false);
    expect(row!.secret).not.toContain(body.secret);
    for (const code of body.backupCodes as string[]) expect(row!.backupCodes).not.toContain(code);

    const short = await post(user, '/api/auth/2fa/verify', { code: '12345' });
    expect(short.json()).toMatchObject({ code: 'VALIDATION', message: M.codeLength });
    const wrongCode = totpCode(body.secret) === '000000' ? '111111' : '000000';
    const wrong = await post(user, '/api/auth/2fa/verify', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', message: M.invalidCode });
    expect((await me(user.cookie)).json().twoFactorEnabled).toBe(false);

    const ok = await post(user, '/api/auth/2fa/verify', { code: totpCode(body.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'app' });
    const cookie = cookieHeader(ok.headers['set-cookie']);
    expect((await me(cookie)).json()).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'app' });

    const again = await post({ cookie }, '/api/auth/2fa/setup/app');
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');

    // The account holder hears of it, so a change they did not make does not go unnoticed.
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail.map((m) => m.subject)).toContain('Two-factor authentication turned on');
  });

  it('replaces the session, and a late call with the old cookie does not clear the new one', async () => {
    const user = await registerUser(t.app);
    const oldCookie = user.cookie;
    await enrolApp(user);
    expect(user.cookie).not.toBe(oldCookie);
    // A call the page sent just before the swap, answered after it: refused, and no Set-Cookie, which
    // would otherwise reach the browser after the new cookie and sign the person out (seen in CI).
    const late = await me(oldCookie);
    expect(late.statusCode).toBe(401);
    expect(late.headers['set-cookie']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: oldCookie } });
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await me(user.cookie)).json()).toMatchObject({ id: user.user.id, twoFactorEnabled: true });
  });

  it('refuses a verify step with no setup under way', async () => {
    const user = await registerUser(t.app);
    const res = await post(user, '/api/auth/2fa/verify', { code: '123456' });
    expect(res.json().code).toBe('TWO_FACTOR_SETUP_MISSING');
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, accepts a code once, and backup codes once each', async () => {
    const user = await registerUser(t.app);
    const { secret, backupCodes } = await enrolApp(user);

    const first = await challenge(user.email, user.password);
    expect(first.body).toEqual({ twoFactorRequired: true, method: 'app', phoneNumber: null });
    // No session yet: the challenge cookie signs nobody in.
    expect((await me(first.cookie)).statusCode).toBe(401);

    const wrongCode = totpCode(secret, 1) === '000000' ? '111111' : '000000';
    const wrong = await post(first, '/api/auth/2fa/sign-in', { code: wrongCode });
    expect(wrong.json()).toEqual({ code: 'INVALID_TWO_FACTOR_CODE', message: M.invalidCode });

    const code = totpCode(secret, 1); // the enrolment used the current step's code
    const ok = await post(first, '/api/auth/2fa/sign-in', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.user.id);
    expect((await me(cookieHeader(ok.headers['set-cookie']))).statusCode).toBe(200);

    // Somebody who saw the code cannot use it again, even with the password.
    const second = await challenge(user.email, user.password);
    const replay = await post(second, '/api/auth/2fa/sign-in', { code });
    expect(replay.json()).toEqual({ code: 'TWO_FACTOR_CODE_USED', message: M.codeUsed });

    const backup = await post(second, '/api/auth/2fa/sign-in', { code: backupCodes[0] });
    expect(backup.statusCode).toBe(200);
    const third = await challenge(user.email, user.password);
    const reusedBackup = await post(third, '/api/auth/2fa/sign-in', { code: backupCodes[0] });
    expect(reusedBackup.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    // Typed without the hyphen, another backup code still works.
    const compact = await post(third, '/api/auth/2fa/sign-in', { code: backupCodes[1]!.replace('-', '') });
    expect(compact.statusCode).toBe(200);
  });

  it('lets one of two concurrent uses of the same code through', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enrolApp(user);
    const a = await challenge(user.email, user.password);
    const b = await challenge(user.email, user.password);
    const code = totpCode(secret, 1);
    const results = await Promise.all([a, b].map((c) => post(c, '/api/auth/2fa/sign-in', { code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses the second step without a genuine challenge, and after five wrong codes', async () => {
    const none = await post(null, '/api/auth/2fa/sign-in', { code: '123456' });
    expect(none.json()).toEqual({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED', message: M.challengeExpired });
    const forged = await post({ cookie: 'holdfast.two_factor=2fa-abc.forged' }, '/api/auth/2fa/sign-in', {
      code: '123456',
    });
    expect(forged.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const user = await registerUser(t.app);
    const { secret } = await enrolApp(user);
    const c = await challenge(user.email, user.password);
    const valid = new Set([totpCode(secret, -1), totpCode(secret), totpCode(secret, 1), totpCode(secret, 2)]);
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter(
      (x) => !valid.has(x),
    );
    for (const code of wrongCodes.slice(0, 5)) {
      expect((await post(c, '/api/auth/2fa/sign-in', { code })).json().code).toBe('INVALID_TWO_FACTOR_CODE');
    }
    const locked = await post(c, '/api/auth/2fa/sign-in', { code: totpCode(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(M.tooManyAttempts);
  });

  it('never locks the owner out: wrong codes from other addresses leave the owner a correct code', async () => {
    const user = await registerUser(t.app);
    const { secret } = await enrolApp(user);
    const valid = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, step)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919)).filter((x) => !valid.has(x));
    const from = (ip: string) => ({
      login: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
          remoteAddress: ip,
        }),
      code: (cookie: string, code: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/2fa/sign-in',
          payload: { code },
          headers: { cookie },
          remoteAddress: ip,
        }),
    });
    // An attacker who knows the password: ten wrong codes over two challenges from two other addresses.
    for (const [i, ip] of ['203.0.113.7', '203.0.113.8'].entries()) {
      const attacker = from(ip);
      const cookie = cookieHeader((await attacker.login()).headers['set-cookie']);
      for (const code of wrong.slice(i * 5, i * 5 + 5)) {
        expect((await attacker.code(cookie, code)).json().code).toBe('INVALID_TWO_FACTOR_CODE');
      }
    }
    // The attacker's own address is held to its limit: a sixth challenge's code is refused unchecked.
    const attacker = from('203.0.113.7');
    const again = cookieHeader((await attacker.login()).headers['set-cookie']);
    expect((await attacker.code(again, wrong[10]!)).statusCode).toBe(429);

    const owner = from('198.51.100.20');
    const cookie = cookieHeader((await owner.login()).headers['set-cookie']);
    const signedIn = await owner.code(cookie, totpCode(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.user.id);
  });

  it('asks an admin for the code at /admin/login, and still refuses other roles there', async () => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const { secret } = await enrolApp(admin);
    const c = await challenge(admin.email, admin.password, '/api/auth/admin/login');
    expect(c.body).toMatchObject({ twoFactorRequired: true, method: 'app' });
    const ok = await post(c, '/api/auth/2fa/sign-in', { code: totpCode(secret, 1) });
    expect(ok.json().user.role).toBe('admin');

    const buyer = await registerUser(t.app);
    await enrolApp(buyer);
    const refused = await login(buyer.email, buyer.password, '/api/auth/admin/login');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});

describe('turning two-factor off', () => {
  it('needs a valid code, then sign-in takes the password alone', async () => {
    const user = await registerUser(t.app);
    const { secret, backupCodes } = await enrolApp(user);
    const wrong = await post(user, '/api/auth/2fa/disable', { code: '12345a' });
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', message: M.codeLength });
    const bad = await post(user, '/api/auth/2fa/disable', { code: backupCodes[0]!.split('').reverse().join('') });
    expect(bad.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await me(user.cookie)).json().twoFactorEnabled).toBe(true);

    const off = await post(user, '/api/auth/2fa/disable', { code: totpCode(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ twoFactorEnabled: false, twoFactorMethod: null });
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.user.id))).toEqual([]);
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail.map((m) => m.subject)).toContain('Two-factor authentication turned off');
    const res = await login(user.email, user.password);
    expect(res.json().user.id).toBe(user.user.id);
    expect((await post(user, '/api/auth/2fa/disable', { code: '123456' })).json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});

describe('two-factor by SMS', () => {
  it('needs a number with its country code', async () => {
    const user = await registerUser(t.app);
    for (const phoneNumber of ['', '0821234567', '+0 12', 'call me']) {
      const res = await post(user, '/api/auth/2fa/setup/sms', { phoneNumber });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.phoneRequired);
    }
  });

  it('enrols with the texted code, asks for a texted code at sign-in, and turns off with one', async () => {
    const user = await registerUser(t.app);
    const setup = await post(user, '/api/auth/2fa/setup/sms', { phoneNumber: '+27 82 123 4567' });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ sent: true, phoneNumber: '+27 ••• ••• 567' });
    expect(setup.json().backupCodes).toHaveLength(10);
    const code = await latestSms('+27821234567');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post(user, '/api/auth/2fa/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({
      twoFactorEnabled: true,
      twoFactorMethod: 'sms',
      phoneNumber: '+27821234567',
      phoneVerified: true,
    });
    user.cookie = cookieHeader(verified.headers['set-cookie']);

    const c = await challenge(user.email, user.password);
    expect(c.body).toEqual({ twoFactorRequired: true, method: 'sms', phoneNumber: '+27 ••• ••• 567' });
    const signInCode = await latestSms('+27821234567');
    expect(signInCode).not.toBe(code);
    // The development outbox shows the code to whoever is halfway through this sign-in, and nobody else.
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms', headers: { cookie: c.cookie } });
    expect(outbox.json().messages[0]).toMatchObject({ to: '+27821234567' });
    expect(outbox.json().messages[0].text).toContain(signInCode);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/sms' })).statusCode).toBe(401);
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', '/api/dev/sms')).json().messages).toEqual([]);
    expect((await post(c, '/api/auth/2fa/sign-in', { code: signInCode })).statusCode).toBe(200);

    const sent = await post(user, '/api/auth/2fa/send-sms');
    expect(sent.json()).toEqual({ sent: true, phoneNumber: '+27 ••• ••• 567' });
    const off = await post(user, '/api/auth/2fa/disable', { code: await latestSms('+27821234567') });
    expect(off.json().user.twoFactorEnabled).toBe(false);
  });

  it('sends no SMS for an account without an SMS number', async () => {
    const user = await registerUser(t.app);
    const res = await post(user, '/api/auth/2fa/send-sms');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.noPhone);
  });
});

describe('staff need a second factor (REQUIRE_STAFF_2FA)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
  });
  afterAll(() => strict.close());

  it('refuses moderator and admin calls until two-factor is on, but lets them enrol', async () => {
    const moderator = await registerUser(strict.app, { role: 'moderator' });
    const admin = await registerUser(strict.app, { role: 'admin' });
    const buyer = await registerUser(strict.app);
    const call = (who: RegisteredUser, url: string) => as(strict.app, who)('GET', url);

    for (const [who, url] of [
      [moderator, '/api/disputes/moderator'],
      [admin, '/api/admin/stats'],
    ] as const) {
      const res = await call(who, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'STAFF_TWO_FACTOR_REQUIRED', message: M.staffRequired });
      expect((await call(who, '/api/auth/user')).statusCode).toBe(200);
    }
    // Buyers are not staff: nothing changes for them.
    expect((await call(buyer, '/api/transactions')).statusCode).toBe(200);

    const setup = await as(strict.app, moderator)('POST', '/api/auth/2fa/setup/app');
    const verified = await as(strict.app, moderator)('POST', '/api/auth/2fa/verify', {
      code: totpCode(setup.json().secret),
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieHeader(verified.headers['set-cookie']);
    expect((await call({ ...moderator, cookie }, '/api/disputes/moderator')).statusCode).toBe(200);
  });

  it("covers the development mailbox (everyone's links for an admin); the texts show only the caller's own", async () => {
    const admin = await registerUser(strict.app, { role: 'admin' });
    const other = await registerUser(strict.app);
    const mailbox = await as(strict.app, admin)('GET', '/api/dev/mailbox');
    expect(mailbox.statusCode).toBe(403);
    expect(mailbox.json().code).toBe('STAFF_TWO_FACTOR_REQUIRED');
    // Someone else's text (a code) stays theirs until the admin has a second factor.
    await as(strict.app, other)('POST', '/api/auth/2fa/setup/sms', { phoneNumber: '+27 82 555 0101' });
    expect((await as(strict.app, other)('GET', '/api/dev/sms')).json().messages).toHaveLength(1);
    const texts = await as(strict.app, admin)('GET', '/api/dev/sms');
    expect(texts.statusCode).toBe(200);
    expect(texts.json().messages).toEqual([]);
  });

  it('is off by default outside production', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    expect((await as(t.app, moderator)('GET', '/api/disputes/moderator')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, moderator.user.id));
    expect(row!.twoFactorEnabled).toBe(false);
  });
});
