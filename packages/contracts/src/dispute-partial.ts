/**
 * Partial disputes and the four-eyes rule, without Zod (the web's dispute form checks with the same
 * functions the server uses). Amounts are minor units (bigint) unless named decimal.
 */
import {
  CURRENCIES,
  formatMoney,
  isCurrencyCode,
  splitEscrowAmounts,
  toDecimal,
  toMinor,
  decimalsOf,
} from './money.js';
import type { CurrencyCode } from './money.js';

/** The texts of a partial dispute and of the second review; the UI may show them verbatim. */
export const PARTIAL_DISPUTE_MESSAGES = {
  disputedInvalid: 'Enter a valid amount in dispute',
  disputedOutOfRange: (max: string) => `The amount in dispute must be more than 0 and at most ${max}`,
  sellerDisputesWhole: 'Only the buyer can dispute part of the amount; a seller’s dispute covers the whole amount',
  split: (disputed: string, amount: string, released: string) =>
    `Disputed: ${disputed} of ${amount} — ${released} already released to the seller`,
  awaitingSecondReview: 'This decision is waiting for a second review; money moves once it is approved',
  noProposal: 'No decision is waiting for a second review on this dispute',
  ownProposal: 'A second moderator or an admin must approve this decision, not the one who proposed it',
  reviewersOnly: 'Only moderators and admins can review a decision',
  reasonRequired: 'Say why the decision is sent back',
  tooManyEvidence: 'Name at most 20 pieces of evidence',
  evidenceInvalid: 'Evidence not found on this dispute',
  proposed: 'Decision recorded: a second moderator or an admin must approve it before money moves',
  approved: 'Decision approved: the funds have moved',
  sentBack: 'Decision sent back to the moderator',
} as const;

/** At most this many pieces of evidence are named by one decision. */
export const MAX_RELIED_ON_EVIDENCE = 20;

/**
 * The disputed part of a deal and what is released at once. The fee is shared by the rule of a partial
 * refund (splitEscrowAmounts with the disputed amount as the "refund"): the disputed part keeps
 * fee × disputed / amount rounded half-up, the undisputed remainder pays the rest of the fee. So the two
 * parts sum exactly to the escrowed total, and every later outcome treats the disputed part as a deal of
 * its own (amount = disputed, fee = its share) and empties escrow to the cent.
 * A whole dispute (disputed = amount) is the deal itself, nothing released.
 */
export interface DisputedPart {
  /** What stays in dispute: the amount in dispute and its share of the fee. */
  amount: bigint;
  fee: bigint;
  /** Released to the seller at open, and paid to the fee account at open (0 and 0 when whole). */
  released: bigint;
  releasedFee: bigint;
}

export function disputedPartOf(amount: bigint, fee: bigint, disputed: bigint): DisputedPart {
  if (disputed >= amount) return { amount, fee, released: 0n, releasedFee: 0n };
  const split = splitEscrowAmounts(amount, fee, disputed);
  if (!split) throw new RangeError(`the amount in dispute must be between 0 and the amount (got ${disputed})`);
  // buyerGets = disputed + its fee share (what escrow keeps), sellerGets = the remainder, feeKept its fee.
  return { amount: disputed, fee: split.buyerGets - disputed, released: split.sellerGets, releasedFee: split.feeKept };
}

export type DisputedAmountCheck = { ok: true; minor: bigint } | { ok: false; error: string };

/** The one rule for the amount in dispute: a plain decimal in the currency's places, 0 < disputed ≤ amount. */
export function checkDisputedAmount(value: string | number, amount: bigint, currency: string): DisputedAmountCheck {
  const minor = toMinor(value, decimalsOf(currency));
  if (minor === null) return { ok: false, error: PARTIAL_DISPUTE_MESSAGES.disputedInvalid };
  if (minor <= 0n || minor > amount) {
    return {
      ok: false,
      error: PARTIAL_DISPUTE_MESSAGES.disputedOutOfRange(formatMoney(toDecimal(amount, currency), currency)),
    };
  }
  return { ok: true, minor };
}

/**
 * DISPUTE_SECOND_REVIEW_AMOUNT's defaults, decimal in major units: R 50 000 and its rough equivalent in
 * each currency (rounded, like the currencies' own limits). At or above it a decision needs a second review.
 */
export const DEFAULT_SECOND_REVIEW_AMOUNTS: Record<CurrencyCode, string> = {
  ZAR: '50000.00',
  USD: '3000.00',
  EUR: '2500.00',
  GBP: '2000.00',
  CAD: '4000.00',
  AUD: '4500.00',
};

/**
 * Reads `ZAR:50000,USD:3000` (decimal major units per currency; currencies left out keep their default)
 * into minor units per currency. Throws a RangeError naming the bad part.
 */
export function parseSecondReviewAmounts(text: string | undefined): Record<CurrencyCode, bigint> {
  const result = {} as Record<CurrencyCode, bigint>;
  for (const code of Object.keys(CURRENCIES) as CurrencyCode[]) {
    result[code] = toMinor(DEFAULT_SECOND_REVIEW_AMOUNTS[code], CURRENCIES[code].decimalPlaces)!;
  }
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [code, value] = part.split(':').map((p) => p.trim());
    if (!isCurrencyCode(code) || value === undefined) throw new RangeError(`"${part}" is not CODE:amount`);
    const minor = toMinor(value, CURRENCIES[code].decimalPlaces);
    if (minor === null || minor <= 0n) throw new RangeError(`"${part}" needs an amount above 0`);
    result[code] = minor;
  }
  return result;
}
