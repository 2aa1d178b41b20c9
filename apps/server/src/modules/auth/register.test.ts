import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, uniqueEmail } from '../../test/factories.js';
import { accounts, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: uniqueEmail('reg'),
  password: 'Secret-pass-1',
  confirmPassword: 'Secret-pass-1',
  ...overrides,
});
const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /api/auth/register', () => {
  it('creates a buyer, signs them in and sends the verification link', async () => {
    const email = uniqueEmail('New.Person');
    const res = await register(valid({ email }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Thandi',
      lastName: 'Nkosi',
      role: 'buyer',
      emailVerified: false,
      walletBalance: '0.00',
      walletCurrency: 'ZAR',
      twoFactorEnabled: false,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/holdfast\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Thandi Nkosi');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const mailbox = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    const mail = mailbox.json().messages.find((m: { to: string }) => m.to === email.toLowerCase());
    expect(mail.text).toContain(`${t.app.config.publicUrl}/api/identity/verify-email?token=`);
    expect(mail.text).toContain('callbackURL=%2Fdashboard');
  });

  it('registers a seller when asked', async () => {
    const res = await register(valid({ role: 'seller' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('seller');
  });

  it.each([
    ['an empty body', {}, MESSAGES.register.allRequired],
    ['a missing last name', valid({ lastName: undefined }), MESSAGES.register.allRequired],
    ['a blank first name', valid({ firstName: '   ' }), MESSAGES.register.allRequired],
    ['a wrong-typed field', valid({ firstName: 42 }), MESSAGES.register.allRequired],
    ['a missing confirmation', valid({ confirmPassword: '' }), MESSAGES.register.allRequired],
    ['different passwords', valid({ confirmPassword: 'secret2' }), MESSAGES.register.passwordsDoNotMatch],
    ['a short password', valid({ password: 'abc', confirmPassword: 'abc' }), MESSAGES.register.passwordTooShort],
    ['a malformed email', valid({ email: 'not-an-email' }), MESSAGES.register.invalidEmail],
    [
      'an over-long password',
      valid({ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }),
      MESSAGES.register.weakPassword,
    ],
    ['a JSON array', [], MESSAGES.register.allRequired],
  ])('refuses %s with the spec text and writes nothing', async (_label, payload, message) => {
    const before = await userCount();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['123456', '123456'],
    ['six spaces', '      '],
    ['a common password', 'password1'],
    ['a keyboard walk', 'qwerty123'],
    ['a repeat', 'aaaaaaaaaa'],
    ["the person's own name", 'Thandi1'],
    ["the product's name", 'holdfast1'],
  ])('refuses %s: WEAK_PASSWORD with the spec text on the password field, and writes nothing', async (_l, password) => {
    const before = await userCount();
    const res = await register(valid({ password, confirmPassword: password }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: MESSAGES.register.weakPassword,
      fields: { password: MESSAGES.register.weakPassword },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a weak password before saying whether the address is taken', async () => {
    const { user } = await registerUser(t.app);
    const res = await register(valid({ email: user.email, password: '123456', confirmPassword: '123456' }));
    expect(res.json().code).toBe('WEAK_PASSWORD');
  });

  it('refuses a request with no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.register.allRequired);
  });

  it.each(['moderator', 'admin', 'superuser'])('refuses to let anyone register as %s', async (role) => {
    const before = await userCount();
    const res = await register(valid({ role }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.register.roleNotAllowed);
    expect(await userCount()).toBe(before);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await registerUser(t.app);
    const before = await userCount();
    const res = await register(valid({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_IN_USE', message: MESSAGES.register.emailInUse });
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON and oversized bodies with a clear 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.generic.invalidJson);

    const big = await register(valid({ firstName: 'x'.repeat(4096) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.generic.tooLarge);
  });

  it('refuses names with control characters, as descriptions, and writes nothing', async () => {
    const email = uniqueEmail('nul');
    const res = await register(valid({ email, firstName: 'Evil\u0000Name' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: MESSAGES.generic.invalidCharacters });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();

    const ok = await register(valid({ email }));
    const cookie = cookieHeader(ok.headers['set-cookie']);
    const rename = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload: { firstName: 'Bell\u0007', lastName: 'Ringer' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(MESSAGES.generic.invalidCharacters);
  });

  it('keeps a signed-in person’s answers out of every cache; public answers are unaffected', async () => {
    const ok = await register(valid({ email: uniqueEmail('cache') }));
    expect(ok.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieHeader(ok.headers['set-cookie']) },
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const currencies = await t.app.inject({ method: 'GET', url: '/api/currencies' });
    expect(currencies.headers['cache-control']).toBeUndefined();
  });

  it('stores the password only as a hash', async () => {
    const { user, password } = await registerUser(t.app);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account!.providerId).toBe('credential');
    expect(account!.password).toBeTruthy();
    expect(account!.password).not.toContain(password);
  });

  it("does not expose Better Auth's own sign-up endpoint", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { name: 'X', email: uniqueEmail('x'), password: 'secret12', role: 'admin' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('registerUser factory', () => {
  it('gives appointed roles and a verified address by default', async () => {
    const mod = await registerUser(t.app, { role: 'moderator' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: mod.cookie } });
    expect(me.json()).toMatchObject({ role: 'moderator', emailVerified: true });

    const unverified = await registerUser(t.app, { verified: false });
    expect(unverified.user.emailVerified).toBe(false);
  });
});
