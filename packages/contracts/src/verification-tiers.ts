/**
 * Verification tiers (issue 30): how much money an account may move depends on how well we know who
 * holds it. The one home of the tiers, their limits per currency and the rule that compares an amount
 * with them; the server enforces it (modules/verification), the web shows it before a form is filled.
 * Zod-free, so the web's forms can use it through `@holdfast/contracts/constants`.
 */
import { CURRENCIES, CURRENCY_CODES, toMinor, type CurrencyCode } from './money.js';

/** 0: email not verified yet · 1: email verified · 2: + phone verified · 3: + identity verified (KYC). */
export type TVerificationTier = 0 | 1 | 2 | 3;
export const VERIFICATION_TIERS = [1, 2, 3] as const;
export const HIGHEST_TIER = 3 as const;

/** What an account is known by: the facts the tier is made of. */
export interface TierFacts {
  emailVerified: boolean;
  phoneVerified: boolean;
  kycStatus: string;
}

/** The tier of an account. Each tier needs the ones below it: a phone without an email is still tier 0. */
export function accountTier(f: TierFacts): TVerificationTier {
  if (!f.emailVerified) return 0;
  if (!f.phoneVerified) return 1;
  return f.kycStatus === 'verified' ? 3 : 2;
}

/** One tier's limits in one currency, decimal strings in major units. */
export interface TierLimit {
  /** The largest single transaction, as buyer (creating it) or seller (accepting it). */
  transactionMax: string;
  /** Withdrawals to a bank account per calendar month (UTC): '0.00' none, null no limit beyond the balance. */
  withdrawalMonthlyMax: string | null;
}

/**
 * The limits, tier by tier and currency by currency. Equivalents of the rand amounts are set here by hand
 * in each currency (round numbers near the rate when they were chosen), never converted with a float rate:
 * a limit someone reads must not move with the exchange market. Tier 3 is the currency's own maximum.
 * Tier 0 (email not verified) may make the same small deals as tier 1, as before tiers existed; nothing
 * leaves the platform before the email is verified.
 */
const TIER_1: Record<CurrencyCode, string> = {
  ZAR: '5000.00',
  USD: '250.00',
  EUR: '250.00',
  GBP: '200.00',
  CAD: '350.00',
  AUD: '400.00',
};
const TIER_2: Record<CurrencyCode, string> = {
  ZAR: '50000.00',
  USD: '2500.00',
  EUR: '2500.00',
  GBP: '2000.00',
  CAD: '3500.00',
  AUD: '4000.00',
};
const TIER_2_WITHDRAWALS: Record<CurrencyCode, string> = {
  ZAR: '10000.00',
  USD: '500.00',
  EUR: '500.00',
  GBP: '400.00',
  CAD: '700.00',
  AUD: '800.00',
};

const build = (pick: (c: CurrencyCode) => TierLimit) =>
  Object.fromEntries(CURRENCY_CODES.map((c) => [c, pick(c)])) as Record<CurrencyCode, TierLimit>;

export const TIER_LIMITS: Record<TVerificationTier, Record<CurrencyCode, TierLimit>> = {
  0: build((c) => ({ transactionMax: TIER_1[c], withdrawalMonthlyMax: '0.00' })),
  1: build((c) => ({ transactionMax: TIER_1[c], withdrawalMonthlyMax: '0.00' })),
  2: build((c) => ({ transactionMax: TIER_2[c], withdrawalMonthlyMax: TIER_2_WITHDRAWALS[c] })),
  3: build((c) => ({ transactionMax: CURRENCIES[c].maxAmount, withdrawalMonthlyMax: null })),
};

const minor = (amount: string, currency: CurrencyCode) => toMinor(amount, CURRENCIES[currency].decimalPlaces)!;

/** The lowest tier whose single-transaction limit covers `amountMinor`; null when none does (above the maximum). */
export function tierForTransaction(amountMinor: bigint, currency: CurrencyCode): TVerificationTier | null {
  for (const tier of [0, 1, 2, 3] as const) {
    if (amountMinor <= minor(TIER_LIMITS[tier][currency].transactionMax, currency)) return tier;
  }
  return null;
}

/**
 * The lowest tier at which a withdrawal of `amountMinor` fits, with `usedMinor` already withdrawn (pending
 * or paid) this calendar month in the same currency. Tier 0 never withdraws.
 */
export function tierForWithdrawal(amountMinor: bigint, usedMinor: bigint, currency: CurrencyCode): TVerificationTier {
  for (const tier of [1, 2] as const) {
    const max = TIER_LIMITS[tier][currency].withdrawalMonthlyMax;
    if (max !== null && amountMinor + usedMinor <= minor(max, currency)) return tier;
  }
  return 3;
}

/** What the next tier asks of the person, and where they do it. */
export const TIER_STEPS: Record<1 | 2 | 3, { title: string; requirement: string; action: string; href: string }> = {
  1: {
    title: 'Email verified',
    requirement: 'Confirm your email address with the link we sent you',
    action: 'Verify your email',
    href: '/dashboard',
  },
  2: {
    title: 'Phone verified',
    requirement: 'Confirm a mobile number with a code we send by SMS',
    action: 'Verify your phone',
    href: '/verification#phone',
  },
  3: {
    title: 'Identity verified',
    requirement: 'Send your legal name, date of birth, address and an identity document for review',
    action: 'Verify your identity',
    href: '/verification/identity',
  },
};

/** The action that reaches `tier`, for the button beside a limit ("Verify your phone"). */
export const stepTo = (tier: TVerificationTier) => (tier === 0 ? null : TIER_STEPS[tier]);

export const VERIFICATION_MESSAGES = {
  transactionAboveTier: (limit: string, tier: TVerificationTier) =>
    `Your account can move up to ${limit} per transaction. ${stepTo(tier)?.action ?? 'Verify your account'} to raise the limit.`,
  noWithdrawals: 'Withdrawals need a verified phone number. Verify your phone to withdraw up to the monthly limit.',
  withdrawalAboveMonthly: (limit: string, left: string, tier: TVerificationTier) =>
    `Your account can withdraw up to ${limit} a month (${left} left this month). ${stepTo(tier)?.action ?? 'Verify your account'} to raise the limit.`,
  phoneTaken: 'This phone number is already verified on another Holdfast account',
  phoneAlreadyVerified: 'This phone number is already verified on your account',
  phoneCodeInvalid: 'That code is not correct. Check the SMS and try again.',
  phoneCodeExpired: 'That code has expired. Send a new code.',
  phoneCodeAttempts: 'Too many wrong codes. Send a new code and try again.',
  phoneNoCode: 'No code is waiting for this account. Send a code first.',
  phoneSendLimit: 'Too many codes sent. Wait an hour before asking for another.',
  phoneUsedForTwoFactor:
    'This number receives your two-factor sign-in codes. Turn SMS two-factor off in Security Settings to change it.',
  phoneCodeSent: 'Verification Code Sent',
  phoneVerified: 'Phone number verified',
} as const;

/** Phone verification codes: six digits, valid for ten minutes, five tries each, five sends an hour. */
export const PHONE_CODE = {
  minutes: 10,
  maxAttempts: 5,
  /** Sends per hour, counted per account and, separately, per number (a number cannot be flooded). */
  sendsPerHour: 5,
} as const;
