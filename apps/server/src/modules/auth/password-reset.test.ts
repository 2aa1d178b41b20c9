import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { ACCOUNT_SECURITY_MESSAGES as M, MESSAGES, RESET_PASSWORD_TOKEN_TTL_SECONDS } from '@holdfast/contracts';
import { emailOutbox, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, signIn, uniqueEmail } from '../../test/factories.js';
import { as, insertTransaction } from '../../test/money-factories.js';
import { RESET_REQUESTS_PER_EMAIL } from './password-reset.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Harbour-lantern-93';
let lastAddress = 0;
/** A client address of its own for each caller, so the per-address limit belongs to the test that tests it. */
const freshIp = () => `192.0.2.${++lastAddress}`;

const forgot = (email: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (body: object, opts: { ip?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: body,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
const login = (email: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const signedIn = async (cookie: string) => (await as(t.app, { cookie })('GET', '/api/auth/user')).statusCode === 200;

/** Mail to the address, newest first, once every reset email under way has been handed over. */
async function mailTo(email: string) {
  await t.app.services.passwordReset.settled();
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email.toLowerCase()), like(emailOutbox.subject, '%password%')))
    .orderBy(desc(emailOutbox.createdAt));
}

/** Asks for a reset link for the address and returns the token in the emailed link. */
async function requestToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const [mail] = await mailTo(email);
  const link = new URL(mail!.links[0]!);
  return link.searchParams.get('token')!;
}

describe('POST /api/auth/forgot-password', () => {
  it('emails a link to the web page /reset-password?token=…, good for an hour', async () => {
    const user = await registerUser(t.app, { firstName: 'Lindiwe' });
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: M.forgot.sent });
    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Reset your Holdfast password');
    expect(mail!.text).toContain('Hi Lindiwe,');
    expect(mail!.links).toHaveLength(1);
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.app.config.publicUrl}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row!.value).toBe(user.user.id);
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan((RESET_PASSWORD_TOKEN_TTL_SECONDS - 60) * 1000);
    expect(ttl).toBeLessThanOrEqual(RESET_PASSWORD_TOKEN_TTL_SECONDS * 1000);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await registerUser(t.app);
    const nobody = uniqueEmail('nobody');
    const a = await forgot(known.email);
    const b = await forgot(nobody);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['set-cookie']).toBeUndefined();
    expect(await mailTo(nobody)).toHaveLength(0);
    const tokens = await t.database.db.select().from(verifications).where(like(verifications.identifier, 'reset-%'));
    expect(tokens.every((row) => row.value !== '' && row.value !== nobody)).toBe(true);
  });

  it.each([
    ['no email', {}, MESSAGES.register.allRequired],
    ['a blank email', { email: '  ' }, MESSAGES.register.allRequired],
    ['a malformed email', { email: 'not-an-address' }, MESSAGES.register.invalidEmail],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });

  it('limits the requests per email address, known or not, from any address', async () => {
    const known = await registerUser(t.app);
    for (const email of [known.email, uniqueEmail('unknown')]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) expect((await forgot(email)).statusCode).toBe(200);
      const over = await forgot(email);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: 'RATE_LIMITED', message: M.forgot.tooMany });
    }
    expect(await mailTo(known.email)).toHaveLength(RESET_REQUESTS_PER_EMAIL);
  });

  it('limits the requests per client address, across email addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    const over = await forgot(uniqueEmail('spray'), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.forgot.tooMany });
    expect((await forgot(uniqueEmail('spray'))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('replaces the password, signs the account out everywhere, and the old password stops working', async () => {
    const user = await registerUser(t.app);
    const laptop = await signIn(t.app, user.email, user.password);
    const token = await requestToken(user.email);
    const res = await reset({ token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await signedIn(user.cookie)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).toHaveLength(0);
    const old = await login(user.email, user.password);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('WRONG_PASSWORD');
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a bad, an expired and a used token with RESET_TOKEN_INVALID, changing nothing', async () => {
    const user = await registerUser(t.app);
    const invalid = { code: 'RESET_TOKEN_INVALID', message: M.reset.invalidToken };

    const bad = await reset({ token: 'x'.repeat(24), newPassword: NEW_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(invalid);

    const expired = await requestToken(user.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${expired}`));
    const late = await reset({ token: expired, newPassword: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(invalid);
    expect(await signedIn(user.cookie)).toBe(true);
    expect((await login(user.email, user.password)).statusCode).toBe(200);

    const token = await requestToken(user.email);
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await reset({ token, newPassword: 'Another-fresh-pass-71' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("also ends the account's other reset links", async () => {
    const user = await registerUser(t.app);
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(older).not.toBe(newer);
    expect((await reset({ token: newer, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const stale = await reset({ token: older, newPassword: 'Another-fresh-pass-71' });
    expect(stale.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it("holds the new password to registration's rules and keeps the link usable after a refusal", async () => {
    const user = await registerUser(t.app, { firstName: 'Nomvula' });
    const token = await requestToken(user.email);
    const weak = await reset({ token, newPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      code: 'WEAK_PASSWORD',
      message: MESSAGES.register.weakPassword,
      fields: { newPassword: MESSAGES.register.weakPassword },
    });
    const personal = await reset({ token, newPassword: 'nomvula2024' });
    expect(personal.json().code).toBe('WEAK_PASSWORD');
    const short = await reset({ token, newPassword: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION', message: MESSAGES.register.passwordTooShort });
    const none = await reset({ token });
    expect(none.json()).toMatchObject({ code: 'VALIDATION', message: M.reset.required });
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('clears a temporary password: the moderator signs in and is not asked to change it', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, moderator.user.id));
    await t.database.db.delete(sessions).where(eq(sessions.userId, moderator.user.id)); // signed out, lost it
    const token = await requestToken(moderator.email);
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const signedInAgain = await login(moderator.email, NEW_PASSWORD);
    expect(signedInAgain.json().user.mustChangePassword).toBe(false);
    const cookie = cookieHeader(signedInAgain.headers['set-cookie']);
    expect((await as(t.app, { cookie })('GET', '/api/disputes/moderator')).statusCode).toBe(200);
  });

  it("lifts the sign-in lock the owner's own wrong guesses put on the address they reset from", async () => {
    const user = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < t.app.config.login.maxFailures; i++) await login(user.email, 'wrong-guess', ip);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    const token = await requestToken(user.email);
    expect((await reset({ token, newPassword: NEW_PASSWORD }, { ip })).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('forgets the session cookie of a signed-in browser and remembers the browser as a known device', async () => {
    const user = await registerUser(t.app);
    const token = await requestToken(user.email);
    const res = await reset({ token, newPassword: NEW_PASSWORD }, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const setCookie = [res.headers['set-cookie'] ?? []].flat().map(String);
    expect(setCookie.some((c) => /^holdfast\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(setCookie.some((c) => /^holdfast\.device=[^;]+;.*Path=\/api\/auth.*HttpOnly/i.test(c))).toBe(true);
  });
});

describe('the real owner reclaims an address a squatter registered and never verified (decision 012)', () => {
  it('takes the account over: squatter signed out and locked out, address verified, second factor and phone gone', async () => {
    const ownersAddress = uniqueEmail('owner');
    const squatter = await registerUser(t.app, {
      email: ownersAddress,
      firstName: 'Not',
      lastName: 'Theowner',
      password: 'Squatters-own-pass-1',
      verified: false,
    });
    const squatterPhone = await signIn(t.app, ownersAddress, squatter.password);
    await t.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorMethod: 'app', phoneNumber: '+27821234567', phoneVerified: true })
      .where(eq(users.id, squatter.user.id));
    await t.database.db.insert(twoFactors).values({
      id: `tf-${squatter.user.id}`,
      secret: 'squatters-secret',
      backupCodes: '[]',
      userId: squatter.user.id,
    });
    // A buyer sent the owner a deal: while the address is unverified nobody is its seller.
    const buyer = await registerUser(t.app);
    const dealId = await insertTransaction(t.database.db, { buyerId: buyer.user.id, sellerEmail: ownersAddress });
    expect((await as(t.app, squatter)('GET', `/api/transactions/${dealId}`)).statusCode).not.toBe(200);

    // The owner cannot register the address; the reset link goes to their inbox instead.
    const token = await requestToken(ownersAddress);
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);

    // The squatter is out: every session ended, their password is gone, and a new link would go to the owner.
    expect(await signedIn(squatter.cookie)).toBe(false);
    expect(await signedIn(squatterPhone)).toBe(false);
    expect((await login(ownersAddress, squatter.password)).json().code).toBe('WRONG_PASSWORD');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row).toMatchObject({
      emailVerified: true,
      twoFactorEnabled: false,
      twoFactorMethod: null,
      phoneNumber: null,
      phoneVerified: false,
    });
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, row!.id))).toHaveLength(0);

    // The owner signs in to the same account (its id, its history) and is now the deal's seller.
    const owner = await login(ownersAddress, NEW_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ id: squatter.user.id, emailVerified: true });
    const cookie = cookieHeader(owner.headers['set-cookie']);
    expect((await as(t.app, { cookie })('GET', `/api/transactions/${dealId}`)).statusCode).toBe(200);
  });

  it("leaves a verified account's second factor alone: a reset is no way around it", async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorMethod: 'app' })
      .where(eq(users.id, user.user.id));
    await t.database.db
      .insert(twoFactors)
      .values({ id: `tf-${user.user.id}`, secret: 'owners-secret', backupCodes: '[]', userId: user.user.id });
    const token = await requestToken(user.email);
    expect((await reset({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.twoFactorEnabled).toBe(true);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.user.id))).toHaveLength(1);
  });
});
