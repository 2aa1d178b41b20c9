import { z } from 'zod';
import { ZCurrencyCode } from './currencies.js';
import { ZPhoneNumber, ZTwoFactorCode } from './two-factor.js';

/** POST /api/verification/phone: the number to verify; a 6-digit code goes to it by SMS. */
export const ZPhoneVerificationStartRequest = z.object({ phoneNumber: ZPhoneNumber });
export type TPhoneVerificationStartRequest = z.input<typeof ZPhoneVerificationStartRequest>;

/** POST /api/verification/phone/confirm: the code from the SMS. */
export const ZPhoneVerificationConfirmRequest = z.object({ code: ZTwoFactorCode });
export type TPhoneVerificationConfirmRequest = z.input<typeof ZPhoneVerificationConfirmRequest>;

/** The code went out: to which number (masked) and until when it is valid. */
export const ZPhoneCodeSent = z.object({ sent: z.literal(true), phoneNumber: z.string(), expiresAt: z.string() });
export type TPhoneCodeSent = z.infer<typeof ZPhoneCodeSent>;

const ZTier = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** One tier as the /verification page shows it: what it takes, whether it is done, what it allows. */
export const ZVerificationTierView = z.object({
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  requirement: z.string(),
  done: z.boolean(),
  limits: z.array(
    z.object({
      currency: ZCurrencyCode,
      transactionMax: z.string(),
      /** '0.00': no withdrawals; null: no monthly limit. */
      withdrawalMonthlyMax: z.string().nullable(),
    }),
  ),
});

/** GET /api/verification/status: the caller's tier, every tier's limits, this month's use and the next step. */
export const ZVerificationStatus = z.object({
  tier: ZTier,
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  /** The account's number, masked (verified or waiting for its code); null when none. */
  phoneNumber: z.string().nullable(),
  /** A code is waiting for the number until this time. */
  phoneCodeExpiresAt: z.string().nullable(),
  /** The number receives SMS two-factor codes: it changes only with two-factor. */
  phoneUsedForTwoFactor: z.boolean(),
  kycStatus: z.string(),
  tiers: z.array(ZVerificationTierView),
  /** Withdrawn (pending or paid) this calendar month (UTC), per currency of the account's wallets. */
  usage: z.array(z.object({ currency: ZCurrencyCode, withdrawnThisMonth: z.string() })),
  /** The step to the next tier; null at the highest. */
  nextStep: z
    .object({
      tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      action: z.string(),
      href: z.string(),
      /** Identity verification was sent and waits for review: nothing to do but wait. */
      waiting: z.boolean(),
    })
    .nullable(),
});
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;
