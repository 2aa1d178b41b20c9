import { z } from 'zod';
import { CURRENCIES, CURRENCY_CODES, formatMoney, toMinor, type CurrencyCode } from './money.js';
import { MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';

/**
 * Withdrawals: money leaving a wallet for a bank account. The wire shapes and rules shared by the
 * Withdraw dialog and the server. Amounts are decimal strings in major units.
 */

/** `held`: waiting for a compliance review (the money is reserved as for a pending one); then pending or failed. */
export const WITHDRAWAL_STATUSES = ['pending', 'held', 'paid', 'failed'] as const;
export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

/** Texts the Withdraw dialog shows; the server answers with the same ones. */
export const WITHDRAWAL_MESSAGES = {
  requested: 'Withdrawal requested',
  requestFailed: 'Failed to request withdrawal',
  invalidAmount: 'Enter a valid amount',
  unsupportedCurrency: 'Unsupported currency',
  holderRequired: 'Enter the account holder’s name',
  holderTooLong: 'The account holder’s name can be at most 100 characters',
  invalidAccountNumber: 'Enter the account number: 6 to 34 digits',
  insufficientFunds: 'Insufficient wallet balance',
  tooMany: 'You have requested many withdrawals in a short time. Please try again later',
  /** The sandbox bank's answer for an account number ending 0000. */
  sandboxRejected: 'The bank rejected the account number',
} as const;

/** Sandbox payouts to an account number ending in these digits fail (and the money returns). */
export const SANDBOX_FAILING_ACCOUNT_SUFFIX = '0000';

export const withdrawalTooLowMessage = (currency: CurrencyCode) =>
  `Minimum withdrawal is ${formatMoney(CURRENCIES[currency].minWithdrawal, currency)}`;
export const withdrawalTooHighMessage = (currency: CurrencyCode) =>
  `Maximum withdrawal is ${formatMoney(CURRENCIES[currency].maxAmount, currency)}`;

/**
 * Why a withdrawal amount is not acceptable, or null when it is: a positive decimal with at most the
 * currency's places, between the currency's minWithdrawal and maxAmount. The balance is the server's to check.
 */
export function withdrawalAmountError(amount: string | number, currency: CurrencyCode): string | null {
  const info = CURRENCIES[currency];
  const minor = toMinor(amount, info.decimalPlaces);
  if (minor === null || minor <= 0n) return WITHDRAWAL_MESSAGES.invalidAmount;
  if (minor < toMinor(info.minWithdrawal, info.decimalPlaces)!) return withdrawalTooLowMessage(currency);
  if (minor > toMinor(info.maxAmount, info.decimalPlaces)!) return withdrawalTooHighMessage(currency);
  return null;
}

/** An account number as people type it, without its spaces: "1234 5678 90" → "1234567890". */
export const normalizeAccountNumber = (value: string) => value.replace(/\s+/g, '');
const ACCOUNT_NUMBER = /^\d{6,34}$/;
export const isValidAccountNumber = (value: string) => ACCOUNT_NUMBER.test(normalizeAccountNumber(value));

export const ZWithdrawRequest = z
  .object({
    amount: z.union([z.number(), z.string().max(40)], { error: WITHDRAWAL_MESSAGES.invalidAmount }),
    currency: z.enum(CURRENCY_CODES, { error: WITHDRAWAL_MESSAGES.unsupportedCurrency }),
    accountHolderName: z
      .string({ error: WITHDRAWAL_MESSAGES.holderRequired })
      .trim()
      .min(1, WITHDRAWAL_MESSAGES.holderRequired)
      .max(100, WITHDRAWAL_MESSAGES.holderTooLong)
      .refine((v) => !hasControlCharacters(v), MESSAGES.generic.invalidCharacters),
    /** Digits, 6 to 34 of them; spaces are allowed and dropped. Only the last four are ever stored. */
    accountNumber: z
      .string({ error: WITHDRAWAL_MESSAGES.invalidAccountNumber })
      .max(60, WITHDRAWAL_MESSAGES.invalidAccountNumber)
      .refine(isValidAccountNumber, WITHDRAWAL_MESSAGES.invalidAccountNumber),
  })
  .superRefine((v, ctx) => {
    const error = withdrawalAmountError(v.amount, v.currency);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['amount'] });
  });
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  /** Decimal string in major units. */
  amount: z.string(),
  currency: z.string(),
  status: ZWithdrawalStatus,
  accountHolderName: z.string(),
  accountLast4: z.string(),
  createdAt: z.string(),
  /** When the payout was paid or failed; null while pending. */
  settledAt: z.string().nullable(),
  /** Why the payout failed (the money is back in the wallet); null unless failed. */
  failureReason: z.string().nullable(),
  /**
   * While it waits: when it is expected to arrive (pending) or the review to end (held); null otherwise.
   * An estimate from the payout provider's usual time, in business days.
   */
  expectedBy: z.string().nullable(),
  /** A compliance review: held for it, released after it, or rejected by it; null when none was needed. */
  review: z.enum(['held', 'released', 'rejected']).nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const WITHDRAWALS_DEFAULT_LIMIT = 20;
export const ZWithdrawalListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WITHDRAWALS_DEFAULT_LIMIT),
});
export const ZWithdrawalList = z.array(ZWithdrawal);
