import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, type TMailboxMessage } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let admin: RegisteredUser | undefined;
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

/** Everyone's mail, as an admin reads the development mailbox. */
async function mailTo(email: string): Promise<TMailboxMessage[]> {
  admin ??= await registerUser(t.app, { role: 'admin' });
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { cookie: admin.cookie } });
  return (res.json().messages as TMailboxMessage[]).filter((m) => m.to === email);
}

/** The verification link as a path the app can be asked for. */
function verificationPath(mail: TMailboxMessage): string {
  const link = mail.links.find((l) => l.includes('/api/identity/verify-email'));
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('email verification', () => {
  it('following the emailed link marks the address verified and lands on the dashboard', async () => {
    const { email, cookie } = await registerUser(t.app, { verified: false });
    expect((await me(cookie)).json().emailVerified).toBe(false);

    const [mail] = await mailTo(email);
    expect(mail!.subject).toMatch(/verify/i);
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/api/identity/verify-email?token=`);

    const res = await t.app.inject({ method: 'GET', url: verificationPath(mail!), headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?verified=1');
    expect((await me(cookie)).json().emailVerified).toBe(true);
  });

  it('asks a visitor who is not signed in to sign in first, and verifies nothing until then', async () => {
    const { email, cookie } = await registerUser(t.app, { verified: false });
    const [mail] = await mailTo(email);
    const path = verificationPath(mail!);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    expect((await me(cookie)).json().emailVerified).toBe(false);
  });

  it('never lets another account confirm the address (no pre-registration takeover)', async () => {
    // A squatter registers the victim's address; the victim, signed in elsewhere, clicks the link.
    const squatter = await registerUser(t.app, { verified: false });
    const victim = await registerUser(t.app);
    const [mail] = await mailTo(squatter.email);
    const res = await t.app.inject({ method: 'GET', url: verificationPath(mail!), headers: { cookie: victim.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/another account/);
    expect((await me(squatter.cookie)).json().emailVerified).toBe(false);
  });

  it('a tampered link verifies nothing', async () => {
    const { email, user, cookie } = await registerUser(t.app, { verified: false });
    const [mail] = await mailTo(email);
    const res = await t.app.inject({
      method: 'GET',
      url: verificationPath(mail!).replace('token=', 'token=x'),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/error=/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(false);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a fresh link to a signed-in, unverified person, a few times at most', async () => {
    const { email, cookie } = await registerUser(t.app, { verified: false });
    const resend = () => t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie } });

    const first = await resend();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);

    // The newest link works like the first one.
    const res = await t.app.inject({ method: 'GET', url: verificationPath(mails[0]!), headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect((await me(cookie)).json().emailVerified).toBe(true);

    const already = await resend();
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe(MESSAGES.verification.alreadyVerified);
    await resend();
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.verification.tooManyRequests);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.auth.notSignedIn);
  });
});

describe('POST /api/auth/update-profile', () => {
  const update = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it("changes the person's names and display name", async () => {
    const { user, email, cookie } = await registerUser(t.app);
    const res = await update(cookie, { firstName: ' Lerato ', lastName: 'Dlamini', email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, firstName: 'Lerato', lastName: 'Dlamini', email });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Lerato Dlamini');
    expect((await me(cookie)).json().firstName).toBe('Lerato');
  });

  it('accepts a request without an email', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await update(cookie, { firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses to change the email address this way', async () => {
    const { user, email, cookie } = await registerUser(t.app);
    const res = await update(cookie, { firstName: 'New', lastName: 'Name', email: 'someone-else@example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.profile.emailChangeNotAllowed);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email, firstName: 'Test' });
  });

  it.each([{}, { firstName: '', lastName: 'X' }, { firstName: 'X', lastName: '  ' }, { firstName: 1, lastName: 2 }])(
    'refuses %j',
    async (payload) => {
      const { cookie } = await registerUser(t.app);
      const res = await update(cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.profile.namesRequired);
    },
  );

  it('needs a session', async () => {
    const res = await update(undefined, { firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(401);
  });
});
