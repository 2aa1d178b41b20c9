import type { THoldNotice } from './holds.js';
import { IDENTITY_REVIEW_EXPECTED_HOURS } from './identity-constants.js';
import { CURRENCIES, formatMoney, fromMinor, toMinor, type CurrencyCode } from './money.js';
import { TIER_LIMITS, TIER_STEPS, accountTier, type TierFacts } from './verification-tiers.js';

/**
 * Every hold explained (issue 30) for the holds an account's verification tier makes: no withdrawals
 * before the phone, the monthly withdrawal limit, the limit per transaction. Why, what the person does
 * next and how long that takes, in the words the wallet page's notice and the bell both use.
 */

/** Which limit refused: a deal's amount (creating or accepting it) or a withdrawal. */
export const TIER_LIMIT_KINDS = ['transaction', 'withdrawal'] as const;
export type TTierLimitKind = (typeof TIER_LIMIT_KINDS)[number];

/** How long a manual identity review usually takes, in the words people read ("2 working days"). */
export const IDENTITY_REVIEW_TIME = `${Math.round(IDENTITY_REVIEW_EXPECTED_HOURS / 24)} working days`;

export const TIER_HOLD_TEXTS = {
  phoneNeeded: 'Add a mobile number and enter the code we text to it.',
  emailThenPhone: 'Verify your email address first, then a mobile number.',
  phoneTime: 'It takes about a minute.',
  identityNeeded: 'Send your legal name, date of birth, address and an identity document for review.',
  identityRejected: 'Your identity verification was rejected: read why and send your documents again.',
  identityWaiting: 'Nothing for now. We tell you in the bell and by email when they are decided.',
  identityInReview: `Identity check in progress: usually within ${IDENTITY_REVIEW_TIME}`,
  identityReviewTime: `An identity review usually takes up to ${IDENTITY_REVIEW_TIME} once you send your documents.`,
} as const;

export interface TierHold {
  notice: THoldNotice;
  /** Where the next step is taken, or (identity in review) followed. */
  href: string;
  /** The button to it ("Verify your phone"); null while there is nothing to do but wait. */
  action: string | null;
}

/** The first day of next month (UTC), when a monthly limit starts again, as people read dates ("1 February"). */
export function nextMonthStartText(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** The step after the account's tier (the email, the phone, then identity) and whether it only waits. */
function nextStep(f: TierFacts): Pick<TierHold, 'href' | 'action'> {
  const tier = accountTier(f);
  const step = TIER_STEPS[Math.min(tier + 1, 3) as 1 | 2 | 3];
  return { href: step.href, action: tier === 2 && f.kycStatus === 'pending' ? null : step.action };
}

const limitText = (amount: string | null, currency: CurrencyCode) => formatMoney(amount ?? '0', currency);

/** What the phone step asks (the email first, when that is not verified either). */
const phoneStep = (f: TierFacts) => (f.emailVerified ? TIER_HOLD_TEXTS.phoneNeeded : TIER_HOLD_TEXTS.emailThenPhone);

/** A deal above the account's limit per transaction; null at tier 3 (no limit but the currency's maximum). */
export function transactionLimitHold(f: TierFacts, currency: CurrencyCode): TierHold | null {
  const tier = accountTier(f);
  if (tier >= 3) return null;
  const now = limitText(TIER_LIMITS[tier][currency].transactionMax, currency);
  if (tier < 2) {
    const then = limitText(TIER_LIMITS[2][currency].transactionMax, currency);
    return {
      ...nextStep(f),
      notice: {
        tone: 'action',
        title: `Deals above ${now} need phone verification`,
        reason: `Your account can move up to ${now} per transaction, as buyer or seller, until a phone number is verified.`,
        needed: phoneStep(f),
        expected: `${TIER_HOLD_TEXTS.phoneTime} Then your limit is ${then} per transaction.`,
      },
    };
  }
  const then = `Then your limit is ${limitText(TIER_LIMITS[3][currency].transactionMax, currency)} per transaction.`;
  const reason = `Your account can move up to ${now} per transaction until your identity is verified.`;
  if (f.kycStatus === 'pending') {
    return {
      ...nextStep(f),
      notice: {
        tone: 'waiting',
        title: `Deals above ${now} wait for your identity check`,
        reason: `${reason} Your identity documents are with our team.`,
        needed: TIER_HOLD_TEXTS.identityWaiting,
        expected: `Usually within ${IDENTITY_REVIEW_TIME}. ${then}`,
      },
    };
  }
  return {
    ...nextStep(f),
    notice: {
      tone: 'action',
      title: `Deals above ${now} need identity verification`,
      reason,
      needed: f.kycStatus === 'rejected' ? TIER_HOLD_TEXTS.identityRejected : TIER_HOLD_TEXTS.identityNeeded,
      expected: `${TIER_HOLD_TEXTS.identityReviewTime} ${then}`,
    },
  };
}

/**
 * Withdrawals the tier holds back: none before the phone is verified, and at tier 2 the monthly limit,
 * `withdrawnMinor` of it used this month (used up or not: a withdrawal above what is left is refused
 * too). Null at tier 3.
 */
export function withdrawalLimitHold(
  f: TierFacts,
  currency: CurrencyCode,
  withdrawnMinor: bigint,
  now: Date,
): TierHold | null {
  const tier = accountTier(f);
  if (tier >= 3) return null;
  if (tier < 2) {
    return {
      ...nextStep(f),
      notice: {
        tone: 'action',
        title: 'Withdrawals need phone verification',
        reason: 'We confirm a phone number before money leaves Holdfast, so nobody else can empty your wallet.',
        needed: phoneStep(f),
        expected: `${TIER_HOLD_TEXTS.phoneTime} Then you can withdraw up to ${limitText(TIER_LIMITS[2][currency].withdrawalMonthlyMax, currency)} a month.`,
      },
    };
  }
  const places = CURRENCIES[currency].decimalPlaces;
  const max = TIER_LIMITS[2][currency].withdrawalMonthlyMax ?? '0';
  const limit = limitText(max, currency);
  const leftMinor = (toMinor(max, places) ?? 0n) - withdrawnMinor;
  const left = leftMinor > 0n ? formatMoney(fromMinor(leftMinor, places), currency) : null;
  const why = left
    ? `A phone-verified account can withdraw up to ${limit} a month; ${left} of it is left this month.`
    : `You have withdrawn ${limit} this month, the limit of a phone-verified account.`;
  const restart = nextMonthStartText(now);
  if (f.kycStatus === 'pending') {
    return {
      ...nextStep(f),
      notice: {
        tone: 'waiting',
        title: TIER_HOLD_TEXTS.identityInReview,
        reason: `${why} Your identity documents are with our team; once they are verified, the monthly limit is lifted.`,
        needed: TIER_HOLD_TEXTS.identityWaiting,
        expected: `Usually within ${IDENTITY_REVIEW_TIME}. The monthly limit also starts again on ${restart}.`,
      },
    };
  }
  const meanwhile = left ? `withdraw up to ${left} this month` : 'wait for next month';
  return {
    ...nextStep(f),
    notice: {
      tone: 'action',
      title: left ? 'Above your monthly withdrawal limit' : 'Monthly withdrawal limit reached',
      reason: why,
      needed:
        f.kycStatus === 'rejected'
          ? `${TIER_HOLD_TEXTS.identityRejected} Or ${meanwhile}.`
          : `Verify your identity to lift the monthly limit, or ${meanwhile}.`,
      expected: `${TIER_HOLD_TEXTS.identityReviewTime} Otherwise the limit starts again on ${restart}.`,
    },
  };
}
