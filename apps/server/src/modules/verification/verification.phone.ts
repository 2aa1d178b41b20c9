import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import {
  PHONE_CODE,
  VERIFICATION_MESSAGES as M,
  TWO_FACTOR_MESSAGES,
  maskPhoneNumber,
  type TPhoneCodeSent,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { phoneCodeSends, phoneVerificationCodes, users } from '../../db/schema/index.js';
import type { AuditOrigin } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { HOUR, MINUTE } from '../../lib/clock.js';
import { appError, tooManyRequests, unauthenticated } from '../../lib/errors.js';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms/index.js';
import { assertPhoneFree, keyedHash, markingPhoneVerified, recordSecurityEvent, smsCodeText } from '../auth/index.js';

export interface PhoneVerificationDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  /** AUTH_SECRET: keys the code hashes. */
  secret: string;
}

const hashCode = (secret: string, userId: string, code: string) => keyedHash(secret, `phone:${userId}`, code);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Phone verification on its own (issue 30): a number with its country code, a 6-digit code by SMS, the
 * code typed back → the account's phoneVerified. The code is stored as a keyed hash, expires after ten
 * minutes and allows five tries; sends are limited per account and per number; a number another account
 * has verified is refused (auth/phone-number.ts, the rule SMS two-factor follows too).
 */
export function createPhoneVerification({ db, clock, sms, secret }: PhoneVerificationDeps) {
  async function accountOf(userId: string) {
    const [row] = await db
      .select({ phoneNumber: users.phoneNumber, phoneVerified: users.phoneVerified, method: users.twoFactorMethod })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw unauthenticated();
    return row;
  }

  /** Sends within the last hour, by this account or to this number; older rows are pruned on the way. */
  async function assertSendAllowed(userId: string, phoneNumber: string, now: Date) {
    const since = new Date(now.getTime() - HOUR);
    await db.delete(phoneCodeSends).where(lt(phoneCodeSends.sentAt, since));
    const [byAccount] = await db
      .select({ n: count() })
      .from(phoneCodeSends)
      .where(and(eq(phoneCodeSends.userId, userId), gte(phoneCodeSends.sentAt, since)));
    const [toNumber] = await db
      .select({ n: count() })
      .from(phoneCodeSends)
      .where(and(eq(phoneCodeSends.phoneNumber, phoneNumber), gte(phoneCodeSends.sentAt, since)));
    if ((byAccount?.n ?? 0) >= PHONE_CODE.sendsPerHour || (toNumber?.n ?? 0) >= PHONE_CODE.sendsPerHour) {
      throw tooManyRequests(M.phoneSendLimit);
    }
  }

  /**
   * Sends a code to `phoneNumber` for this account. A number other than the account's current one
   * replaces it, unverified, at once (the tier drops until the new code is typed); the number that
   * receives SMS two-factor codes is changed only by turning two-factor off and on.
   */
  async function start(userId: string, phoneNumber: string): Promise<TPhoneCodeSent> {
    const account = await accountOf(userId);
    if (account.phoneNumber === phoneNumber && account.phoneVerified) {
      throw appError('PHONE_ALREADY_VERIFIED', M.phoneAlreadyVerified);
    }
    if (account.method === 'sms' && account.phoneNumber !== phoneNumber) {
      throw appError('PHONE_USED_FOR_TWO_FACTOR', M.phoneUsedForTwoFactor);
    }
    await assertPhoneFree(db, userId, phoneNumber);
    const now = clock.now();
    await assertSendAllowed(userId, phoneNumber, now);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + PHONE_CODE.minutes * MINUTE);
    const codeRow = { phoneNumber, codeHash: hashCode(secret, userId, code), expiresAt, attempts: 0, createdAt: now };
    await db.transaction(async (tx) => {
      if (account.phoneNumber !== phoneNumber) {
        await tx.update(users).set({ phoneNumber, phoneVerified: false, updatedAt: now }).where(eq(users.id, userId));
      }
      await tx
        .insert(phoneVerificationCodes)
        .values({ userId, ...codeRow })
        .onConflictDoUpdate({ target: phoneVerificationCodes.userId, set: codeRow });
      await tx.insert(phoneCodeSends).values({ userId, phoneNumber, sentAt: now });
    });
    try {
      await sms.send({ to: phoneNumber, text: smsCodeText(code, PHONE_CODE.minutes), userId });
    } catch (error) {
      if (error instanceof SmsDeliveryError) throw appError('SMS_UNAVAILABLE', TWO_FACTOR_MESSAGES.sendSmsFailed);
      throw error;
    }
    return { sent: true, phoneNumber: maskPhoneNumber(phoneNumber), expiresAt: expiresAt.toISOString() };
  }

  /** Checks the typed code: right and in time → the number is verified (a security event of the account). */
  async function confirm(userId: string, code: string, origin: AuditOrigin): Promise<void> {
    const now = clock.now();
    const outcome = await markingPhoneVerified(() =>
      db.transaction(async (tx) => {
        const [pending] = await tx
          .select()
          .from(phoneVerificationCodes)
          .where(eq(phoneVerificationCodes.userId, userId))
          .for('update');
        if (!pending) return 'none' as const;
        if (pending.expiresAt <= now) return 'expired' as const;
        if (pending.attempts >= PHONE_CODE.maxAttempts) return 'attempts' as const;
        if (!sameHash(pending.codeHash, hashCode(secret, userId, code))) {
          await tx
            .update(phoneVerificationCodes)
            .set({ attempts: pending.attempts + 1 })
            .where(eq(phoneVerificationCodes.userId, userId));
          return pending.attempts + 1 >= PHONE_CODE.maxAttempts ? ('attempts' as const) : ('wrong' as const);
        }
        await assertPhoneFree(tx, userId, pending.phoneNumber);
        await tx
          .update(users)
          .set({ phoneNumber: pending.phoneNumber, phoneVerified: true, updatedAt: now })
          .where(eq(users.id, userId));
        await tx.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, userId));
        await recordSecurityEvent(tx, userId, 'account.phone_verified', origin, {
          phoneNumber: maskPhoneNumber(pending.phoneNumber),
        });
        return 'verified' as const;
      }),
    );
    switch (outcome) {
      case 'verified':
        return;
      case 'none':
        throw appError('PHONE_CODE_EXPIRED', M.phoneNoCode);
      case 'expired':
        throw appError('PHONE_CODE_EXPIRED', M.phoneCodeExpired);
      case 'attempts':
        throw appError('PHONE_CODE_ATTEMPTS', M.phoneCodeAttempts);
      case 'wrong':
        throw appError('PHONE_CODE_INVALID', M.phoneCodeInvalid);
    }
  }

  /** The code waiting for the account, if any and still valid: until when. */
  async function pendingUntil(userId: string): Promise<Date | null> {
    const [row] = await db
      .select({ expiresAt: phoneVerificationCodes.expiresAt, attempts: phoneVerificationCodes.attempts })
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, userId));
    if (!row || row.expiresAt <= clock.now() || row.attempts >= PHONE_CODE.maxAttempts) return null;
    return row.expiresAt;
  }

  return { start, confirm, pendingUntil };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
