import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { LEGAL_MESSAGES, PASSWORD_CHANGE_MESSAGES } from '@holdfast/contracts';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, signIn, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

/**
 * Terms acceptance (issue 31): registration records the version accepted and when; an account that has
 * not accepted the current version reaches only the session calls and the public pages until it does
 * (the gate in auth.plugin.ts), staff included; a new version is asked for at the next request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TERMS_VERSION: '2025-01' } });
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: uniqueEmail('terms'),
  password: 'Secret-pass-1',
  confirmPassword: 'Secret-pass-1',
  ...overrides,
});
const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The call every gated route answers while the Terms wait. */
async function expectGated(app: TestApp['app'], who: { cookie: string }) {
  for (const url of ['/api/transactions', '/api/wallet/balance', '/api/user/profile-settings']) {
    const res = await as(app, who)('GET', url);
    expect(res.statusCode, url).toBe(403);
    expect(res.json(), url).toEqual({ code: 'TERMS_ACCEPTANCE_REQUIRED', message: LEGAL_MESSAGES.acceptRequired });
  }
}

describe('POST /api/auth/register: the Terms', () => {
  it('records the version accepted and when, with the account', async () => {
    const before = Date.now();
    const res = await register(valid({ acceptTerms: true }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ termsVersion: '2025-01', mustAcceptTerms: false });
    const acceptedAt = new Date(user.termsAcceptedAt).getTime();
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(acceptedAt).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await rowOf(user.id);
    expect(row.termsVersion).toBe('2025-01');
    expect(row.termsAcceptedAt?.toISOString()).toBe(user.termsAcceptedAt);
    // Nothing is gated.
    expect(
      (await as(t.app, { cookie: cookieHeader(res.headers['set-cookie']) })('GET', '/api/transactions')).statusCode,
    ).toBe(200);
  });

  it("takes a request without the field (the spec's register call) as accepting (decision 024)", async () => {
    const res = await register(valid());
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ termsVersion: '2025-01', mustAcceptTerms: false });
  });

  it.each([
    ['false', false],
    ['a string', 'yes'],
    ['null', null],
  ])('refuses acceptTerms %s on its field, and creates nothing', async (_label, acceptTerms) => {
    const before = await userCount();
    const res = await register(valid({ acceptTerms }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: LEGAL_MESSAGES.mustAccept,
      fields: { acceptTerms: LEGAL_MESSAGES.mustAccept },
    });
    expect(await userCount()).toBe(before);
  });
});

describe('an account that has not accepted the current Terms', () => {
  let pending: RegisteredUser;
  beforeAll(async () => {
    pending = await registerUser(t.app);
    await t.database.db
      .update(users)
      .set({ termsVersion: null, termsAcceptedAt: null })
      .where(eq(users.id, pending.user.id));
  });

  it('reaches the session calls and the public pages, and nothing else', async () => {
    await expectGated(t.app, pending);
    const me = await as(t.app, pending)('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ termsVersion: null, termsAcceptedAt: null, mustAcceptTerms: true });
    const session = await as(t.app, pending)('GET', '/api/auth/session');
    expect(session.json().user.mustAcceptTerms).toBe(true);
    for (const url of ['/api/legal/terms', '/api/legal/privacy', '/api/company', '/api/currencies', '/api/config']) {
      expect((await as(t.app, pending)('GET', url)).statusCode, url).toBe(200);
    }
    // Signing in says so too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(login.json().user.mustAcceptTerms).toBe(true);
  });

  it('is refused a version other than the current one, and a call without one', async () => {
    const stale = await as(t.app, pending)('POST', '/api/auth/accept-terms', { version: '2024-12' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'TERMS_VERSION_CHANGED', message: LEGAL_MESSAGES.versionChanged });
    const none = await as(t.app, pending)('POST', '/api/auth/accept-terms', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(LEGAL_MESSAGES.versionRequired);
    expect((await rowOf(pending.user.id)).termsVersion).toBeNull();
    await expectGated(t.app, pending);
  });

  it('accepts the version the Terms page gives, once; everything opens', async () => {
    const { version } = (await as(t.app, pending)('GET', '/api/legal/terms')).json();
    expect(version).toBe('2025-01');
    const res = await as(t.app, pending)('POST', '/api/auth/accept-terms', { version });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: pending.user.id, termsVersion: '2025-01', mustAcceptTerms: false });
    const acceptedAt = res.json().user.termsAcceptedAt;
    expect(acceptedAt).toEqual(expect.any(String));
    expect((await as(t.app, pending)('GET', '/api/transactions')).statusCode).toBe(200);

    // Again: nothing changes, the first acceptance's time stays.
    const again = await as(t.app, pending)('POST', '/api/auth/accept-terms', { version });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.termsAcceptedAt).toBe(acceptedAt);
    // One security event, with the acceptance itself (a repeat records nothing).
    const events = (await as(t.app, pending)('GET', '/api/auth/security-events')).json();
    const accepted = events.filter((e: { action: string }) => e.action === 'account.accept_terms');
    expect(accepted).toEqual([expect.objectContaining({ action: 'account.accept_terms', detail: { version } })]);
  });
});

describe('POST /api/auth/accept-terms: who may call it', () => {
  it('refuses a signed-out caller (401) and a cross-site one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/accept-terms', payload: { version: '2025-01' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');

    const someone = await registerUser(t.app);
    const cross = await as(t.app, someone)(
      'POST',
      '/api/auth/accept-terms',
      { version: '2025-01' },
      { origin: 'https://evil.example' },
    );
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('CROSS_ORIGIN');
  });

  it("changes only the caller's own account", async () => {
    const [ann, bob] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await t.database.db.update(users).set({ termsVersion: null }).where(eq(users.id, bob.user.id));
    const res = await as(t.app, ann)('POST', '/api/auth/accept-terms', { version: '2025-01', userId: bob.user.id });
    expect(res.json().user.id).toBe(ann.user.id);
    expect((await rowOf(bob.user.id)).termsVersion).toBeNull();
  });
});

describe('a new version of the Terms', () => {
  it('is asked for at the next request, of every account (staff too), and accepted once each', async () => {
    const buyer = await registerUser(t.app);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const admin = await registerUser(t.app, { role: 'admin' });
    expect((await as(t.app, moderator)('GET', '/api/disputes/moderator')).statusCode).toBe(200);

    // The operator publishes new Terms: the same database, the next start.
    const next = await buildApp({ config: testConfig({ TERMS_VERSION: '2025-02' }), database: t.database });
    await next.ready();
    try {
      await expectGated(next, buyer);
      for (const [who, url] of [
        [moderator, '/api/disputes/moderator'],
        [admin, '/api/admin/stats'],
      ] as const) {
        const res = await as(next, who)('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('TERMS_ACCEPTANCE_REQUIRED');
      }
      const me = (await as(next, buyer)('GET', '/api/auth/user')).json();
      expect(me).toMatchObject({ termsVersion: '2025-01', mustAcceptTerms: true });

      // The old version is not enough any more.
      expect((await as(next, buyer)('POST', '/api/auth/accept-terms', { version: '2025-01' })).statusCode).toBe(409);
      for (const who of [buyer, moderator, admin]) {
        const res = await as(next, who)('POST', '/api/auth/accept-terms', { version: '2025-02' });
        expect(res.statusCode).toBe(200);
        expect(res.json().user).toMatchObject({ termsVersion: '2025-02', mustAcceptTerms: false });
      }
      expect((await as(next, buyer)('GET', '/api/transactions')).statusCode).toBe(200);
      expect((await as(next, moderator)('GET', '/api/disputes/moderator')).statusCode).toBe(200);
      expect((await as(next, admin)('GET', '/api/admin/stats')).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });

  it('a moderator created by an admin changes the temporary password first, then accepts the Terms', async () => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const email = uniqueEmail('created');
    const created = await as(t.app, admin)('POST', '/api/admin/create-moderator', {
      firstName: 'Mo',
      lastName: 'Derator',
      email,
      phone: '+27 82 111 2222',
      tempPassword: 'Temporary-pass-4821',
    });
    expect(created.statusCode).toBe(201);
    const me = { cookie: await signIn(t.app, email, 'Temporary-pass-4821') };
    const first = await as(t.app, me)('GET', '/api/disputes/moderator');
    expect(first.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: PASSWORD_CHANGE_MESSAGES.mustChange,
    });
    const changed = await as(t.app, me)('POST', '/api/auth/change-password', {
      currentPassword: 'Temporary-pass-4821',
      newPassword: 'My-own-pass-7731',
    });
    expect(changed.json().user).toMatchObject({ mustChangePassword: false, mustAcceptTerms: true });
    expect((await as(t.app, me)('GET', '/api/disputes/moderator')).json().code).toBe('TERMS_ACCEPTANCE_REQUIRED');
    expect((await as(t.app, me)('POST', '/api/auth/accept-terms', { version: '2025-01' })).statusCode).toBe(200);
    expect((await as(t.app, me)('GET', '/api/disputes/moderator')).statusCode).toBe(200);
  });
});
