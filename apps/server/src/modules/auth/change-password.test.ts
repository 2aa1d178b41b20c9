import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PASSWORD_CHANGE_MESSAGES as P } from '@holdfast/contracts';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, signIn } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (who: { cookie: string } | null, body: object) =>
  as(t.app, who)('POST', '/api/auth/change-password', body);

describe('POST /api/auth/change-password', () => {
  it('replaces the password, keeps this session and signs out the others', async () => {
    const user = await registerUser(t.app);
    const elsewhere = { cookie: await signIn(t.app, user.email, user.password) };
    const res = await change(user, { currentPassword: user.password, newPassword: 'Brand-new-pass-5531' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.user.id, mustChangePassword: false });
    expect((await as(t.app, user)('GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await as(t.app, elsewhere)('GET', '/api/auth/user')).statusCode).toBe(401);
    await signIn(t.app, user.email, 'Brand-new-pass-5531');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await registerUser(t.app);
    const res = await change(user, { currentPassword: 'not-my-password', newPassword: 'Brand-new-pass-5531' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { currentPassword: P.wrongCurrent } });
    await signIn(t.app, user.email, user.password);
  });

  it.each([
    ['an empty body', {}, 400, P.required],
    ['no new password', { currentPassword: 'x' }, 400, P.required],
    ['a short new password', { currentPassword: 'x', newPassword: 'Ab1!' }, 400, MESSAGES.register.passwordTooShort],
  ])('refuses %s', async (_label, body, status, message) => {
    const user = await registerUser(t.app);
    const res = await change(user, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('refuses a guessable or unchanged password', async () => {
    const user = await registerUser(t.app);
    const weak = await change(user, { currentPassword: user.password, newPassword: 'password123' });
    expect(weak.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      fields: { newPassword: MESSAGES.register.weakPassword },
    });
    const same = await change(user, { currentPassword: user.password, newPassword: user.password });
    expect(same.json()).toMatchObject({ code: 'VALIDATION', fields: { newPassword: P.sameAsCurrent } });
  });

  it('is for the signed-in only', async () => {
    const res = await change(null, { currentPassword: 'Secret-pass-1', newPassword: 'Brand-new-pass-5531' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the must-change-password gate', () => {
  it('answers 403 PASSWORD_CHANGE_REQUIRED to every API call but the session ones, until the change', async () => {
    const user = await registerUser(t.app);
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.user.id));
    for (const url of ['/api/transactions', '/api/disputes', '/api/wallet/balance', '/api/dev/mailbox']) {
      const res = await as(t.app, user)('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const post = await as(t.app, user)('POST', '/api/moderator-applications', {});
    expect(post.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    for (const url of ['/api/auth/session', '/api/auth/user', '/api/config', '/api/health']) {
      expect((await as(t.app, user)('GET', url)).statusCode, url).toBe(200);
    }
    expect((await as(t.app, user)('GET', '/api/auth/session')).json().user.mustChangePassword).toBe(true);
    // Signing out stays possible.
    const other = { cookie: await signIn(t.app, user.email, user.password) };
    expect((await as(t.app, other)('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await as(t.app, other)('GET', '/api/auth/session')).json().user).toBeNull();
  });

  it('leaves pages and assets alone (the web shows its own page)', async () => {
    const user = await registerUser(t.app);
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.user.id));
    const gated = async (method: 'GET' | 'POST', url: string) => {
      const res = await as(t.app, user)(method, url);
      return res.statusCode === 403 && res.json().code === 'PASSWORD_CHANGE_REQUIRED';
    };
    expect(await gated('GET', '/dashboard')).toBe(false);
    expect(await gated('GET', '/assets/index.js')).toBe(false);
    expect(await gated('GET', '/api/auth/session?x=1')).toBe(false);
    expect(await gated('GET', '/api/identity/verify-email?token=x')).toBe(false);
    expect(await gated('POST', '/api/auth/update-profile')).toBe(true);
    expect(await gated('GET', '/api/admin/stats')).toBe(true);
    expect(await gated('GET', '/ws')).toBe(true);
  });
});
