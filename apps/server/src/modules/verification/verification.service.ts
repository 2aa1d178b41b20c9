import { eq } from 'drizzle-orm';
import {
  CURRENCIES,
  CURRENCY_CODES,
  TIER_LIMITS,
  TIER_STEPS,
  VERIFICATION_TIERS,
  accountTier,
  fromMinor,
  maskPhoneNumber,
  type CurrencyCode,
  type TVerificationStatus,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { unauthenticated } from '../../lib/errors.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import { createPhoneVerification } from './verification.phone.js';
import { withdrawnThisMonth } from './verification.tiers.js';

/** Verification of accounts (issue 30): the tiers an account reaches and the phone step of them. */
export function createVerificationService(deps: { db: Db; clock: Clock; sms: SmsProvider; secret: string }) {
  const { db, clock } = deps;
  const phone = createPhoneVerification(deps);

  /** GET /api/verification/status: where the account stands, what each tier allows and what to do next. */
  async function status(userId: string): Promise<TVerificationStatus> {
    const [row] = await db
      .select({
        emailVerified: users.emailVerified,
        phoneVerified: users.phoneVerified,
        phoneNumber: users.phoneNumber,
        kycStatus: users.kycStatus,
        twoFactorMethod: users.twoFactorMethod,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw unauthenticated();
    const tier = accountTier(row);
    const [used, codeUntil] = await Promise.all([
      withdrawnThisMonth(db, userId, clock.now()),
      phone.pendingUntil(userId),
    ]);
    const done = { 1: row.emailVerified, 2: tier >= 2, 3: tier >= 3 } as const;
    const next = VERIFICATION_TIERS.find((t) => !done[t]);
    return {
      tier,
      emailVerified: row.emailVerified,
      phoneVerified: row.phoneVerified,
      phoneNumber: row.phoneNumber ? maskPhoneNumber(row.phoneNumber) : null,
      phoneCodeExpiresAt: codeUntil?.toISOString() ?? null,
      phoneUsedForTwoFactor: row.twoFactorEnabled && row.twoFactorMethod === 'sms',
      kycStatus: row.kycStatus,
      tiers: VERIFICATION_TIERS.map((t) => ({
        tier: t,
        title: TIER_STEPS[t].title,
        requirement: TIER_STEPS[t].requirement,
        done: done[t],
        limits: CURRENCY_CODES.map((currency) => ({ currency, ...TIER_LIMITS[t][currency] })),
      })),
      usage: CURRENCY_CODES.filter((c) => used.has(c)).map((currency: CurrencyCode) => ({
        currency,
        withdrawnThisMonth: fromMinor(used.get(currency)!, CURRENCIES[currency].decimalPlaces),
      })),
      nextStep: next
        ? {
            tier: next,
            action: TIER_STEPS[next].action,
            href: TIER_STEPS[next].href,
            waiting: next === 3 && row.kycStatus === 'pending',
          }
        : null,
    };
  }

  return { status, startPhone: phone.start, confirmPhone: phone.confirm };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
