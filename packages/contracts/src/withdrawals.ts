import { z } from 'zod';
import { CURRENCIES, CURRENCY_CODES, formatMoney, isCurrencyCode, toMinor, type CurrencyCode } from './money.js';
import { MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';
import {
  compactCode,
  compactDigits,
  formatBsb,
  hasDigits,
  isValidAbaRouting,
  isValidAuBsb,
  isValidBic,
  isValidCaInstitution,
  isValidCaTransit,
  isValidIban,
  isValidZaBranchCode,
} from './bank-details.js';

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
  invalidCaAccountNumber: 'Enter the account number: 7 to 12 digits',
  invalidAuAccountNumber: 'Enter the account number: 6 to 10 digits',
  insufficientFunds: 'Insufficient wallet balance',
  tooMany: 'You have requested many withdrawals in a short time. Please try again later',
  bankNameRequired: 'Enter the name of your bank',
  bankNameTooLong: 'The bank’s name can be at most 100 characters',
  invalidBranchCode: 'Enter the 6-digit branch code',
  invalidIban:
    'Enter a valid IBAN: the country code, two check digits and the account (e.g. GB82 WEST 1234 5698 7654 32)',
  invalidBic: 'Enter a valid BIC/SWIFT code: 8 or 11 letters and digits (e.g. NWBKGB2L)',
  invalidRouting: 'Enter a valid 9-digit ABA routing number',
  routingOrSwift: 'Enter the routing number, or a SWIFT code for an international transfer',
  invalidInstitutionNumber: 'Enter the 3-digit institution number (e.g. 003)',
  invalidTransitNumber: 'Enter the 5-digit transit number of your branch',
  invalidBsb: 'Enter the 6-digit BSB (e.g. 062-000)',
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

/**
 * What a bank needs to pay out, by currency: a South African bank name, branch code and account number;
 * an IBAN (and optionally the BIC/SWIFT code) in the euro area and the UK; a US routing number and account
 * number, or a SWIFT code for an international transfer; a Canadian institution, transit and account
 * number (EFT); an Australian BSB and account number.
 */
export const BANK_FORMS = ['za', 'iban', 'us', 'ca', 'au'] as const;
export type TBankForm = (typeof BANK_FORMS)[number];
export const BANK_FORM_OF: Record<CurrencyCode, TBankForm> = {
  ZAR: 'za',
  EUR: 'iban',
  GBP: 'iban',
  USD: 'us',
  CAD: 'ca',
  AUD: 'au',
};

/** When a payout usually reaches the bank, said on the review step before money leaves. */
export const WITHDRAWAL_ARRIVES = 'Usually within 1–3 business days';

/**
 * Every destination field a withdraw request may carry. `branchCode` is the code of the branch whatever its
 * country calls it: the South African branch code, the Canadian transit number, the Australian BSB.
 */
export const BANK_FIELD_NAMES = [
  'bankName',
  'institutionNumber',
  'branchCode',
  'routingNumber',
  'accountNumber',
  'iban',
  'bic',
] as const;
export type BankField = (typeof BANK_FIELD_NAMES)[number];

/** The destination fields a form shows (in this order) and the server reads, by currency. */
export const BANK_FIELDS: Record<TBankForm, readonly BankField[]> = {
  za: ['bankName', 'branchCode', 'accountNumber'],
  iban: ['iban', 'bic'],
  us: ['routingNumber', 'accountNumber', 'bic'],
  ca: ['institutionNumber', 'branchCode', 'accountNumber'],
  au: ['branchCode', 'accountNumber'],
};

/** How many digits an account number has where the form asks for one, and what a wrong one is told. */
export const ACCOUNT_NUMBER_DIGITS: Record<
  Exclude<TBankForm, 'iban'>,
  { min: number; max: number; message: string }
> = {
  za: { min: 6, max: 34, message: WITHDRAWAL_MESSAGES.invalidAccountNumber },
  us: { min: 6, max: 34, message: WITHDRAWAL_MESSAGES.invalidAccountNumber },
  ca: { min: 7, max: 12, message: WITHDRAWAL_MESSAGES.invalidCaAccountNumber },
  au: { min: 6, max: 10, message: WITHDRAWAL_MESSAGES.invalidAuAccountNumber },
};

/** The branch's code, by form: its check and the message for a wrong one (ZA branch, CA transit, AU BSB). */
const BRANCH_CODE: Partial<Record<TBankForm, { valid: (v: string) => boolean; message: string }>> = {
  za: { valid: isValidZaBranchCode, message: WITHDRAWAL_MESSAGES.invalidBranchCode },
  ca: { valid: isValidCaTransit, message: WITHDRAWAL_MESSAGES.invalidTransitNumber },
  au: { valid: isValidAuBsb, message: WITHDRAWAL_MESSAGES.invalidBsb },
};

const optionalCode = z.string().max(60).optional();
const filled = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/**
 * The fields of the destination that are wrong for the currency's bank form, with the message to show.
 * Numbers may be typed with spaces or hyphens (compactDigits); the web form and the server both ask this.
 */
export function bankDetailsProblems(
  currency: CurrencyCode,
  v: Partial<Record<BankField, string>>,
): { path: BankField; message: string }[] {
  const problems: { path: BankField; message: string }[] = [];
  const add = (path: BankField, message: string) => problems.push({ path, message });
  const form = BANK_FORM_OF[currency];
  if (form === 'za' && !filled(v.bankName)) add('bankName', WITHDRAWAL_MESSAGES.bankNameRequired);
  if (form === 'ca' && !(filled(v.institutionNumber) && isValidCaInstitution(v.institutionNumber))) {
    add('institutionNumber', WITHDRAWAL_MESSAGES.invalidInstitutionNumber);
  }
  const branch = BRANCH_CODE[form];
  if (branch && !(filled(v.branchCode) && branch.valid(v.branchCode))) add('branchCode', branch.message);
  if (form === 'us') {
    if (filled(v.routingNumber) && !isValidAbaRouting(v.routingNumber)) {
      add('routingNumber', WITHDRAWAL_MESSAGES.invalidRouting);
    }
    if (!filled(v.routingNumber) && !filled(v.bic)) add('routingNumber', WITHDRAWAL_MESSAGES.routingOrSwift);
  }
  if (form !== 'iban') {
    const digits = ACCOUNT_NUMBER_DIGITS[form];
    if (!(filled(v.accountNumber) && hasDigits(v.accountNumber, digits.min, digits.max))) {
      add('accountNumber', digits.message);
    }
  }
  if (form === 'iban' && !(filled(v.iban) && isValidIban(v.iban))) add('iban', WITHDRAWAL_MESSAGES.invalidIban);
  if ((form === 'iban' || form === 'us') && filled(v.bic) && !isValidBic(v.bic)) {
    add('bic', WITHDRAWAL_MESSAGES.invalidBic);
  }
  return problems;
}

/**
 * The bank part of a destination as people read it, by currency: "FNB · branch 250655",
 * "institution 003 · transit 12345", "BSB 062-000", "routing 021000021 · SWIFT CHASUS33". The review step
 * shows it for what was typed, the admin's held withdrawals for what was stored.
 */
export function bankLine(
  currency: string,
  d: Partial<Record<'bankName' | 'institutionNumber' | 'branchCode' | 'routingNumber' | 'bic', string | null>>,
): string {
  const form = isCurrencyCode(currency) ? BANK_FORM_OF[currency] : null;
  const digits = (v: string) => compactDigits(v.trim());
  const parts: string[] = [];
  if (d.bankName?.trim()) parts.push(d.bankName.trim());
  if (d.institutionNumber?.trim()) parts.push(`institution ${digits(d.institutionNumber)}`);
  if (d.branchCode?.trim()) {
    const code = digits(d.branchCode);
    parts.push(form === 'au' ? `BSB ${formatBsb(code)}` : form === 'ca' ? `transit ${code}` : `branch ${code}`);
  }
  if (d.routingNumber?.trim()) parts.push(`routing ${digits(d.routingNumber)}`);
  if (d.bic?.trim()) parts.push(`SWIFT ${compactCode(d.bic)}`);
  return parts.join(' · ');
}

/** The account as an answer may show it: only the last four characters. */
export const maskAccount = (last4: string) => `•••• ${last4}`;

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
    /**
     * Digits, as many as the country's banks use (ACCOUNT_NUMBER_DIGITS); spaces and hyphens are dropped.
     * Only the last four are ever stored.
     */
    accountNumber: z.string({ error: WITHDRAWAL_MESSAGES.invalidAccountNumber }).max(60).optional(),
    bankName: z
      .string()
      .trim()
      .max(100, WITHDRAWAL_MESSAGES.bankNameTooLong)
      .refine((v) => !hasControlCharacters(v), MESSAGES.generic.invalidCharacters)
      .optional(),
    /** Canada only: the bank's 3-digit institution number. */
    institutionNumber: optionalCode,
    /** The branch's code: South African branch code, Canadian transit number, Australian BSB. */
    branchCode: optionalCode,
    /** Only the last four characters are ever stored. */
    iban: optionalCode,
    bic: optionalCode,
    routingNumber: optionalCode,
  })
  .superRefine((v, ctx) => {
    const error = withdrawalAmountError(v.amount, v.currency);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['amount'] });
    for (const p of bankDetailsProblems(v.currency, v)) {
      ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
    }
  });
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;

/**
 * Where the money goes, as stored: only what the currency's bank form asks (null otherwise), numbers as
 * digits, the account or IBAN masked to its last four characters.
 */
export const ZWithdrawalDestination = z.object({
  bankName: z.string().nullable(),
  /** Canada: the bank's institution number. */
  institutionNumber: z.string().nullable(),
  /** South Africa: the branch code; Canada: the transit number; Australia: the BSB (6 digits). */
  branchCode: z.string().nullable(),
  bic: z.string().nullable(),
  routingNumber: z.string().nullable(),
  accountType: z.enum(['account', 'iban']),
  accountMasked: z.string(),
});
export type TWithdrawalDestination = z.infer<typeof ZWithdrawalDestination>;

export const ZWithdrawal = z.object({
  id: z.string(),
  /** Decimal string in major units. */
  amount: z.string(),
  currency: z.string(),
  status: ZWithdrawalStatus,
  accountHolderName: z.string(),
  accountLast4: z.string(),
  /** Where the money goes, as the bank needs it; the account or IBAN masked to its last four characters. */
  destination: ZWithdrawalDestination,
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
