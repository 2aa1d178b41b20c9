import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  APPLICATION_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  type TMailboxMessage,
  type TModeratorApplication,
} from '@holdfast/contracts';
import { moderatorApplications, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cookieHeader, registerUser, signIn, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';

let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const application = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Moderator',
  email: uniqueEmail('applicant'),
  phone: '+27 82 000 0000',
  experience: 'Five years of community moderation',
  motivation: 'I like fair outcomes',
  availability: '20 hours a week',
  languages: 'English, Afrikaans',
  ...overrides,
});

const apply = (body: object, who: { cookie: string } | null = null) =>
  as(t.app, who)('POST', '/api/moderator-applications', body);
const review = (id: string, body: object, who: { cookie: string } | null = admin) =>
  as(t.app, who)('PATCH', `/api/admin/moderator-applications/${id}`, body);
const roleOf = async (id: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
const mailTo = async (email: string): Promise<TMailboxMessage[]> => {
  const res = await as(t.app, admin)('GET', '/api/dev/mailbox');
  return (res.json().messages as TMailboxMessage[]).filter((m) => m.to === email);
};

const confirmationMails = async (email: string) =>
  (await mailTo(email)).filter((m) => m.subject === 'Confirm your Holdfast moderator application');

/** The path of the confirmation link emailed to `email`: the one mail not among `seen` (mail ids). */
async function confirmationLink(email: string, seen: string[] = []): Promise<string> {
  const fresh = (await confirmationMails(email)).filter((m) => !seen.includes(m.id));
  expect(fresh, `one new confirmation mail to ${email}`).toHaveLength(1);
  return /\/api\/moderator-applications\/confirm\?token=[\w%-]+/.exec(fresh[0]!.text)![0];
}

/** Applies and, when the address needs it, opens the emailed confirmation link as the applicant would. */
async function applyConfirmed(body: { email?: unknown }, who: { cookie: string } | null = null) {
  const email = String(body.email).trim().toLowerCase();
  const seen = (await confirmationMails(email)).map((m) => m.id);
  const res = await apply(body, who);
  if (res.statusCode === 201 && res.json().confirmationRequired) {
    const opened = await t.app.inject({ method: 'GET', url: await confirmationLink(email, seen) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/moderator-application?confirmed=1');
  }
  return res;
}

describe('POST /api/moderator-applications', () => {
  it('takes an application signed out, pending, with no account', async () => {
    const body = application({ email: '  Ada.Applicant@Example.test ', phone: '' });
    const res = await apply(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ada.applicant@example.test', status: 'pending' });
    const [row] = await t.database.db
      .select()
      .from(moderatorApplications)
      .where(eq(moderatorApplications.id, res.json().id));
    expect(row).toMatchObject({ userId: null, phone: null, firstName: 'Ada', languages: 'English, Afrikaans' });
  });

  it("remembers the signed-in applicant's account", async () => {
    const buyer = await registerUser(t.app);
    const res = await apply(application({ email: buyer.email }), buyer);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(moderatorApplications)
      .where(eq(moderatorApplications.id, res.json().id));
    expect(row!.userId).toBe(buyer.user.id);
  });

  it.each([
    ['an empty body', {}, APPLICATION_MESSAGES.required],
    ['a blank first name', application({ firstName: '  ' }), APPLICATION_MESSAGES.required],
    ['no last name', application({ lastName: undefined }), APPLICATION_MESSAGES.required],
    ['a blank email', application({ email: ' ' }), APPLICATION_MESSAGES.required],
    ['a blank experience', application({ experience: '' }), APPLICATION_MESSAGES.required],
    ['a blank motivation', application({ motivation: ' ' }), APPLICATION_MESSAGES.required],
    ['no availability', application({ availability: undefined }), APPLICATION_MESSAGES.required],
    ['blank languages', application({ languages: '\n' }), APPLICATION_MESSAGES.required],
    ['an address without @', application({ email: 'ada.example.test' }), APPLICATION_MESSAGES.invalidEmail],
    ['a malformed address', application({ email: 'ada@' }), APPLICATION_MESSAGES.invalidEmail],
  ])('refuses %s with the spec text and stores nothing', async (_label, body, message) => {
    const before = await t.database.db.$count(moderatorApplications);
    const res = await apply(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    expect(Object.values(res.json().fields)).toContain(message);
    expect(await t.database.db.$count(moderatorApplications)).toBe(before);
  });

  it('allows one pending application per address (409), case-insensitively', async () => {
    const email = uniqueEmail('twice');
    expect((await applyConfirmed(application({ email }))).statusCode).toBe(201);
    const again = await applyConfirmed(application({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APPLICATION_PENDING', message: APPLICATION_MESSAGES.alreadyPending });
  });

  it('lets two racing applications for one address store one', async () => {
    // A signed-in holder's own verified address is confirmed at once, so the second is refused.
    const holder = await registerUser(t.app);
    const body = application({ email: holder.email });
    const results = await Promise.all([apply(body, holder), apply(body, holder)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("never shows admins an application for somebody else's address until its holder confirms it", async () => {
    const victim = await registerUser(t.app);
    // Signed out, with the victim's verified address: stored, but waiting for the emailed link.
    const forged = await apply(application({ email: victim.email, firstName: 'Mallory' }));
    expect(forged.statusCode).toBe(201);
    expect(forged.json()).toMatchObject({ status: 'pending', confirmationRequired: true });
    const forgedLink = await confirmationLink(victim.email);
    const listed = (
      await as(t.app, admin)('GET', '/api/admin/moderator-applications')
    ).json() as TModeratorApplication[];
    expect(listed.map((a) => a.id)).not.toContain(forged.json().id);
    expect((await review(forged.json().id, { status: 'approved' })).statusCode).toBe(404);
    expect(await roleOf(victim.user.id)).toBe('buyer');
    // Signed in as somebody else, the same: only the address's own holder confirms at once.
    const other = await registerUser(t.app);
    expect((await apply(application({ email: victim.email }), other)).json().confirmationRequired).toBe(true);
    // The forged application keeps nobody from applying: the victim's own is taken and confirmed.
    const own = await apply(application({ email: victim.email }), victim);
    expect(own.statusCode).toBe(201);
    expect(own.json().confirmationRequired).toBe(false);
    // The forged link, opened now, confirms nothing (one pending application per address).
    const opened = await t.app.inject({ method: 'GET', url: forgedLink });
    expect(opened.headers.location).toBe('/moderator-application?confirmed=0');
  });

  it('confirms by the emailed link once; a wrong, used or expired link confirms nothing', async () => {
    const email = uniqueEmail('confirm');
    const applied = await apply(application({ email }));
    const link = await confirmationLink(email);
    const open = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.location;
    expect(await open('/api/moderator-applications/confirm?token=not-a-token')).toBe(
      '/moderator-application?confirmed=0',
    );
    expect(await open('/api/moderator-applications/confirm')).toBe('/moderator-application?confirmed=0');
    expect(await open(link)).toBe('/moderator-application?confirmed=1');
    expect(await open(link)).toBe('/moderator-application?confirmed=0');
    const listed = (
      await as(t.app, admin)('GET', '/api/admin/moderator-applications')
    ).json() as TModeratorApplication[];
    expect(listed.map((a) => a.id)).toContain(applied.json().id);

    const late = uniqueEmail('late');
    const stale = await apply(application({ email: late }));
    await t.database.db
      .update(moderatorApplications)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(moderatorApplications.id, stale.json().id));
    expect(await open(await confirmationLink(late))).toBe('/moderator-application?confirmed=0');
  });

  it('takes a new application once the previous one was reviewed', async () => {
    const email = uniqueEmail('again');
    const first = await applyConfirmed(application({ email }));
    expect((await review(first.json().id, { status: 'rejected', notes: 'Not yet' })).statusCode).toBe(200);
    expect((await applyConfirmed(application({ email }))).statusCode).toBe(201);
  });
});

describe('the admin area refuses everybody but admins', () => {
  const calls: Array<[string, string, object?]> = [
    ['GET', '/api/admin/moderator-applications'],
    ['GET', '/api/admin/moderators'],
    ['GET', '/api/admin/stats'],
    ['PATCH', '/api/admin/moderator-applications/00000000-0000-4000-8000-000000000000', { status: 'approved' }],
    [
      'POST',
      '/api/admin/create-moderator',
      { firstName: 'A', lastName: 'B', email: 'x@example.test', tempPassword: 'Tmp-pass-93kq' },
    ],
  ];

  it.each(calls)('%s %s: 401 signed out, 403 for buyers, sellers and moderators', async (method, url, body) => {
    const res = await as(t.app, null)(method as 'GET', url, body);
    expect(res.statusCode).toBe(401);
    for (const role of ['buyer', 'seller', 'moderator'] as const) {
      const user = await registerUser(t.app, { role });
      const denied = await as(t.app, user)(method as 'GET', url, body);
      expect(denied.statusCode, role).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
      // Not even a validation answer for a bad body.
      if (body) expect((await as(t.app, user)(method as 'GET', url, { nonsense: true })).statusCode).toBe(403);
    }
    expect(await t.database.db.$count(users, eq(users.email, 'x@example.test'))).toBe(0);
  });
});

describe('reviewing applications', () => {
  it('lists every application, newest first, with every status', async () => {
    const older = await applyConfirmed(application());
    const newer = await applyConfirmed(application());
    await review(older.json().id, { status: 'rejected' });
    const res = await as(t.app, admin)('GET', '/api/admin/moderator-applications');
    expect(res.statusCode).toBe(200);
    const list = res.json() as TModeratorApplication[];
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(newer.json().id)).toBeLessThan(ids.indexOf(older.json().id));
    const rejected = list.find((a) => a.id === older.json().id)!;
    expect(rejected).toMatchObject({ status: 'rejected', reviewedBy: { id: admin.user.id } });
    expect(list.find((a) => a.id === newer.json().id)!.status).toBe('pending');
  });

  it("approving makes the applicant's verified account a moderator and records who and when", async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const applied = await applyConfirmed(application({ email: seller.email.toUpperCase() }), seller);
    const res = await review(applied.json().id, { status: 'approved', notes: '  Welcome aboard ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toBe('promoted');
    expect(res.json().application).toMatchObject({
      status: 'approved',
      reviewNotes: 'Welcome aboard',
      reviewedBy: { id: admin.user.id },
    });
    expect(Date.now() - Date.parse(res.json().application.reviewedAt)).toBeLessThan(60_000);
    expect(await roleOf(seller.user.id)).toBe('moderator');
    // The new moderator's own session now has the moderator's powers.
    expect((await as(t.app, seller)('GET', '/api/disputes/moderator')).statusCode).toBe(200);
    const moderators = await as(t.app, admin)('GET', '/api/admin/moderators');
    expect(moderators.json().map((m: { email: string }) => m.email)).toContain(seller.email);
  });

  it('rejecting changes no account', async () => {
    const buyer = await registerUser(t.app);
    const applied = await applyConfirmed(application({ email: buyer.email }), buyer);
    const res = await review(applied.json().id, { status: 'rejected' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: null, application: { status: 'rejected', reviewNotes: null } });
    expect(await roleOf(buyer.user.id)).toBe('buyer');
  });

  it('reviews an application once: a second decision is 409 and changes nothing', async () => {
    const buyer = await registerUser(t.app);
    const applied = await applyConfirmed(application({ email: buyer.email }));
    expect((await review(applied.json().id, { status: 'rejected' })).statusCode).toBe(200);
    const again = await review(applied.json().id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APPLICATION_REVIEWED', message: APPLICATION_MESSAGES.alreadyReviewed });
    expect(await roleOf(buyer.user.id)).toBe('buyer');
  });

  it('two racing decisions: one wins, the other is 409', async () => {
    const applied = await applyConfirmed(application());
    const results = await Promise.all([
      review(applied.json().id, { status: 'approved' }),
      review(applied.json().id, { status: 'rejected' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a bad decision (400) and an unknown application (404)', async () => {
    const applied = await applyConfirmed(application());
    const bad = await review(applied.json().id, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(APPLICATION_MESSAGES.chooseDecision);
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
    expect((await review('not-a-uuid', { status: 'approved' })).statusCode).toBe(400);
  });

  it('never promotes an unverified account: it invites, and promotes once the address is verified', async () => {
    // Somebody registered the address but has not proved they own it (it could be a squatter).
    const holder = await registerUser(t.app, { verified: false });
    const applied = await applyConfirmed(application({ email: holder.email }));
    const res = await review(applied.json().id, { status: 'approved' });
    expect(res.json().account).toBe('invited');
    expect(await roleOf(holder.user.id)).toBe('buyer');

    const invitation = (await mailTo(holder.email)).find((m) => /approved/i.test(m.subject));
    expect(invitation!.text).toContain(`${t.app.config.publicUrl}/register`);

    // The owner follows the verification link (signed in, as the verify route demands).
    const verification = (await mailTo(holder.email)).find((m) => /verify/i.test(m.subject))!;
    const link = new URL(verification.links.find((l) => l.includes('/verify-email'))!);
    const verified = await as(t.app, holder)('GET', `${link.pathname}${link.search}`);
    expect(verified.statusCode).toBe(302);
    expect(await roleOf(holder.user.id)).toBe('moderator');
  });

  it('invites an address with no account; the account registered later becomes a moderator on verification', async () => {
    const email = uniqueEmail('invitee');
    const applied = await applyConfirmed(application({ email }));
    const res = await review(applied.json().id, { status: 'approved' });
    expect(res.json().account).toBe('invited');
    const [invitation] = await mailTo(email);
    expect(invitation).toMatchObject({ subject: 'Your Holdfast moderator application was approved' });

    const registered = await registerUser(t.app, { email, verified: false });
    expect(await roleOf(registered.user.id)).toBe('buyer');
    const verification = (await mailTo(email)).find((m) => /verify/i.test(m.subject))!;
    const link = new URL(verification.links.find((l) => l.includes('/verify-email'))!);
    expect((await as(t.app, registered)('GET', `${link.pathname}${link.search}`)).statusCode).toBe(302);
    expect(await roleOf(registered.user.id)).toBe('moderator');
  });

  it('verifying an address whose application was rejected or is pending promotes nobody', async () => {
    const email = uniqueEmail('rejected');
    const applied = await applyConfirmed(application({ email }));
    await review(applied.json().id, { status: 'rejected' });
    const registered = await registerUser(t.app, { email, verified: false });
    const verification = (await mailTo(email)).find((m) => /verify/i.test(m.subject))!;
    const link = new URL(verification.links.find((l) => l.includes('/verify-email'))!);
    await as(t.app, registered)('GET', `${link.pathname}${link.search}`);
    expect(await roleOf(registered.user.id)).toBe('buyer');
  });

  it('an admin who applies keeps the admin role', async () => {
    const other = await registerUser(t.app, { role: 'admin' });
    const applied = await applyConfirmed(application({ email: other.email }));
    const res = await review(applied.json().id, { status: 'approved' });
    expect(res.json().account).toBeNull();
    expect(await roleOf(other.user.id)).toBe('admin');
  });
});

describe('POST /api/admin/create-moderator', () => {
  const moderator = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Mo',
    lastName: 'Derator',
    email: uniqueEmail('created'),
    phone: '+27 82 111 2222',
    tempPassword: 'Temporary-pass-4821',
    ...overrides,
  });

  it('creates a verified moderator who must replace the temporary password at first sign-in', async () => {
    const body = moderator();
    const res = await as(t.app, admin)('POST', '/api/admin/create-moderator', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: body.email,
      firstName: 'Mo',
      phone: '+27 82 111 2222',
      mustChangePassword: true,
    });
    const list = await as(t.app, admin)('GET', '/api/admin/moderators');
    expect(list.json().find((m: { email: string }) => m.email === body.email)).toBeTruthy();

    // First sign-in: the account is told to change its password, and nothing else works until then.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.tempPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'moderator', emailVerified: true, mustChangePassword: true });
    const cookie = cookieHeader(login.headers['set-cookie']);
    const me = { cookie };
    for (const url of ['/api/disputes/moderator', '/api/transactions', '/api/wallet/balance']) {
      const gated = await as(t.app, me)('GET', url);
      expect(gated.statusCode, url).toBe(403);
      expect(gated.json()).toMatchObject({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: PASSWORD_CHANGE_MESSAGES.mustChange,
      });
    }
    const session = await as(t.app, me)('GET', '/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.mustChangePassword).toBe(true);
    expect((await as(t.app, me)('GET', '/api/auth/user')).statusCode).toBe(200);

    const changed = await as(t.app, me)('POST', '/api/auth/change-password', {
      currentPassword: body.tempPassword,
      newPassword: 'My-own-pass-7731',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    // Then the Terms, which nobody accepted for the account (modules/auth/terms.test.ts).
    const { version } = (await as(t.app, me)('GET', '/api/legal/terms')).json();
    expect((await as(t.app, me)('POST', '/api/auth/accept-terms', { version })).statusCode).toBe(200);
    expect((await as(t.app, me)('GET', '/api/disputes/moderator')).statusCode).toBe(200);

    // The temporary password no longer works; the new one does.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.tempPassword },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, body.email, 'My-own-pass-7731');
  });

  it('refuses a taken address (409), case-insensitively, and creates nothing', async () => {
    const existing = await registerUser(t.app);
    const res = await as(t.app, admin)(
      'POST',
      '/api/admin/create-moderator',
      moderator({ email: existing.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_IN_USE', message: ADMIN_MESSAGES.emailInUse });
    expect(await roleOf(existing.user.id)).toBe('buyer');
  });

  it.each([
    ['an empty body', {}, ADMIN_MESSAGES.required],
    ['a blank first name', moderator({ firstName: ' ' }), ADMIN_MESSAGES.required],
    ['no last name', moderator({ lastName: undefined }), ADMIN_MESSAGES.required],
    ['no email', moderator({ email: '' }), ADMIN_MESSAGES.required],
    ['no temporary password', moderator({ tempPassword: '' }), ADMIN_MESSAGES.required],
    ['a malformed email', moderator({ email: 'nope' }), ADMIN_MESSAGES.invalidEmail],
    ['a short temporary password', moderator({ tempPassword: 'Ab1!' }), ADMIN_MESSAGES.passwordTooShort],
  ])('refuses %s (400) with its text', async (_label, body, message) => {
    const res = await as(t.app, admin)('POST', '/api/admin/create-moderator', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });

  it('refuses a guessable temporary password', async () => {
    const res = await as(t.app, admin)('POST', '/api/admin/create-moderator', moderator({ tempPassword: 'password1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', fields: { tempPassword: ADMIN_MESSAGES.weakPassword } });
  });

  it('a phone is optional', async () => {
    const res = await as(t.app, admin)('POST', '/api/admin/create-moderator', moderator({ phone: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().phone).toBeNull();
  });
});

describe('POST /api/moderator-applications rate limit', () => {
  it('limits applications per address', async () => {
    const limited = await createTestApp({ env: { MODERATOR_APPLICATION_LIMIT_PER_HOUR: '2' } });
    try {
      const post = () =>
        limited.app.inject({ method: 'POST', url: '/api/moderator-applications', payload: application() });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: APPLICATION_MESSAGES.tooMany });
    } finally {
      await limited.close();
    }
  });
});
