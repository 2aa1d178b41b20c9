import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE, VERIFICATION_MESSAGES as M } from '@holdfast/contracts';
import { auditEvents, phoneVerificationCodes, smsOutbox, users } from '../../db/schema/index.js';
import { adjustableClock, MINUTE } from '../../lib/clock.js';
import { registerUser, uniquePhoneNumber, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const clock = adjustableClock(new Date('2030-03-10T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const start = (who: RegisteredUser | null, phoneNumber: string) =>
  as(t.app, who)('POST', '/api/verification/phone', { phoneNumber });
const confirm = (who: RegisteredUser | null, code: string) =>
  as(t.app, who)('POST', '/api/verification/phone/confirm', { code });
const status = async (who: RegisteredUser) => (await as(t.app, who)('GET', '/api/verification/status')).json();
const me = async (who: RegisteredUser) => (await as(t.app, who)('GET', '/api/auth/user')).json();

async function latestCode(to: string) {
  const [row] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row?.text.match(/\b(\d{6})\b/)?.[1];
}

/** A code that is not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone verification', () => {
  it('needs a signed-in person and a number with its country code', async () => {
    expect((await start(null, '+27821234567')).statusCode).toBe(401);
    expect((await confirm(null, '123456')).statusCode).toBe(401);
    const person = await registerUser(t.app);
    for (const bad of ['0821234567', 'call me', '']) {
      const res = await start(person, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await confirm(person, '12345')).json().code).toBe('VALIDATION');
  });

  it('sends a code by SMS, stores only its hash, and verifies the number with it (tier 2, a security event)', async () => {
    const person = await registerUser(t.app);
    const number = uniquePhoneNumber();
    const sent = await start(person, `${number.slice(0, 3)} ${number.slice(3, 5)} ${number.slice(5)}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent: true, phoneNumber: `${number.slice(0, 3)} ••• ••• ${number.slice(-3)}` });
    const code = (await latestCode(number))!;
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.database.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, person.user.id));
    expect(stored!.codeHash).not.toContain(code);
    expect(await status(person)).toMatchObject({ tier: 1, phoneVerified: false, nextStep: { tier: 2 } });
    expect(await me(person)).toMatchObject({ phoneNumber: number, phoneVerified: false });

    const done = await confirm(person, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      tier: 2,
      phoneVerified: true,
      nextStep: { tier: 3, href: '/verification/identity' },
    });
    expect(await me(person)).toMatchObject({ phoneNumber: number, phoneVerified: true, kycStatus: 'unverified' });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, person.user.id));
    expect(events.map((e) => e.action)).toContain('account.phone_verified');
    // The code is spent.
    expect((await confirm(person, code)).json().code).toBe('PHONE_CODE_EXPIRED');
    // The same number again: already verified.
    expect((await start(person, number)).json()).toMatchObject({ code: 'PHONE_ALREADY_VERIFIED' });
  });

  it('refuses a wrong code, counts the tries and locks the code after five', async () => {
    const person = await registerUser(t.app);
    const number = uniquePhoneNumber();
    await start(person, number);
    const code = (await latestCode(number))!;
    for (let i = 1; i < PHONE_CODE.maxAttempts; i++) {
      const res = await confirm(person, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PHONE_CODE_INVALID', message: M.phoneCodeInvalid });
    }
    const last = await confirm(person, wrong(code));
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('PHONE_CODE_ATTEMPTS');
    // Even the right code no longer works; a new code does.
    expect((await confirm(person, code)).json().code).toBe('PHONE_CODE_ATTEMPTS');
    expect((await me(person)).phoneVerified).toBe(false);
    await start(person, number);
    expect((await confirm(person, (await latestCode(number))!)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const person = await registerUser(t.app);
    const number = uniquePhoneNumber();
    await start(person, number);
    const code = (await latestCode(number))!;
    clock.advance(PHONE_CODE.minutes * MINUTE + 1);
    const res = await confirm(person, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PHONE_CODE_EXPIRED', message: M.phoneCodeExpired });
    expect((await me(person)).phoneVerified).toBe(false);
  });

  it('refuses a number another account has verified, at sending and at confirming', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const number = uniquePhoneNumber();
    // Both ask for a code before either confirms; the first to confirm keeps the number.
    await start(other, number);
    const otherCode = (await latestCode(number))!;
    await start(owner, number);
    expect((await confirm(owner, (await latestCode(number))!)).statusCode).toBe(200);
    const late = await confirm(other, otherCode);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PHONE_NUMBER_TAKEN', message: M.phoneTaken });
    const again = await start(other, number);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PHONE_NUMBER_TAKEN');
    expect((await me(other)).phoneVerified).toBe(false);
  });

  it('refuses SMS two-factor enrolment on a number another account has verified', async () => {
    const owner = await registerUser(t.app, { tier: 2 });
    const [row] = await t.database.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, owner.user.id));
    const other = await registerUser(t.app);
    const res = await as(t.app, other)('POST', '/api/auth/2fa/setup/sms', { phoneNumber: row!.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PHONE_NUMBER_TAKEN');
  });

  it('changing the number resets phoneVerified (and the tier) until the new one is confirmed', async () => {
    const person = await registerUser(t.app, { tier: 2 });
    expect((await status(person)).tier).toBe(2);
    const next = uniquePhoneNumber();
    expect((await start(person, next)).statusCode).toBe(200);
    expect(await me(person)).toMatchObject({ phoneNumber: next, phoneVerified: false });
    expect((await status(person)).tier).toBe(1);
    await confirm(person, (await latestCode(next))!);
    expect((await status(person)).tier).toBe(2);
  });

  it('keeps the number that receives SMS two-factor codes until two-factor is turned off', async () => {
    const person = await registerUser(t.app, { tier: 2 });
    await t.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorMethod: 'sms' })
      .where(eq(users.id, person.user.id));
    const res = await start(person, uniquePhoneNumber());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PHONE_USED_FOR_TWO_FACTOR');
    expect((await status(person)).phoneUsedForTwoFactor).toBe(true);
  });

  it('limits the codes sent to one number, whichever accounts ask', async () => {
    const number = uniquePhoneNumber();
    for (let i = 0; i < PHONE_CODE.sendsPerHour; i++) {
      expect((await start(await registerUser(t.app), number)).statusCode).toBe(200);
    }
    const refused = await start(await registerUser(t.app), number);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.phoneSendLimit });
    // An hour later the number may receive codes again.
    clock.advance(61 * MINUTE);
    expect((await start(await registerUser(t.app), number)).statusCode).toBe(200);
  });

  it('limits the codes sent for one account', async () => {
    const person = await registerUser(t.app);
    for (let i = 0; i < PHONE_CODE.sendsPerHour; i++) {
      expect((await start(person, uniquePhoneNumber())).statusCode).toBe(200);
    }
    const refused = await start(person, uniquePhoneNumber());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});
