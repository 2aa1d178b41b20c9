import { z } from 'zod';
import { CURRENCIES, CURRENCY_CODES, toMinor, type CurrencyCode } from './money.js';

/**
 * Card payments and wallet deposits: the wire shapes shared by the payment page and the server.
 * Amounts are decimal strings in major units (e.g. "103.00"); the server holds minor units.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const ZPaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export const ZPaymentIntentStatus = z.enum(PAYMENT_INTENT_STATUSES);
export type TPaymentIntentStatus = z.infer<typeof ZPaymentIntentStatus>;

export const PAYMENT_PURPOSES = ['transaction', 'deposit'] as const;
export const ZPaymentPurpose = z.enum(PAYMENT_PURPOSES);
export type TPaymentPurpose = z.infer<typeof ZPaymentPurpose>;

/** Texts the payment and deposit screens show; the server returns the same ones. */
export const PAYMENT_MESSAGES = {
  paymentFailed: 'Payment Failed',
  paymentError: 'Payment Error',
  initFailed: 'Failed to initialize payment',
  depositFailed: 'Failed to create deposit',
  invalidDepositAmount: 'Invalid Amount: Please enter a valid deposit amount',
  paymentSuccessful: 'Payment Successful: Your transaction has been funded successfully!',
  depositSuccessful: 'Deposit Successful: Your wallet has been credited successfully!',
  paymentNotFound: 'Payment not found',
  paymentCanceled: 'This payment was canceled. Please start a new payment.',
  sandboxOnly: 'Card confirmation here is only available with the sandbox payment provider',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiry: "Your card's expiration date is invalid. Use MM/YY.",
  expiredCard: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid. It must be 3 or 4 digits.",
  unsupportedCurrency: 'Unsupported currency',
} as const;

/**
 * Minimum shown as `{symbol}{min}` exactly like the specification's text, with the decimal
 * minimum written without trailing zeros when it is whole: "R50", "$5", "€5" (and "$5.50" if a
 * minimum ever had cents). The maximum uses the same form.
 */
export function displayLimit(amount: string, currency: CurrencyCode): string {
  const trimmed = amount.replace(/\.0+$/, '');
  return `${CURRENCIES[currency].symbol}${trimmed}`;
}

export const depositTooLowMessage = (currency: CurrencyCode) =>
  `Amount Too Low: Minimum deposit is ${displayLimit(CURRENCIES[currency].minDeposit, currency)}`;
export const depositTooHighMessage = (currency: CurrencyCode) =>
  `Amount Too High: Maximum deposit is ${displayLimit(CURRENCIES[currency].maxAmount, currency)}`;

/**
 * Why a deposit amount is not acceptable, or null when it is. Same rule in the form and on the
 * server: a positive decimal with at most the currency's places, between minDeposit and maxAmount.
 */
export function depositAmountError(amount: string | number, currency: CurrencyCode): string | null {
  const info = CURRENCIES[currency];
  const minor = toMinor(amount, info.decimalPlaces);
  if (minor === null || minor <= 0n) return PAYMENT_MESSAGES.invalidDepositAmount;
  if (minor < toMinor(info.minDeposit, info.decimalPlaces)!) return depositTooLowMessage(currency);
  if (minor > toMinor(info.maxAmount, info.decimalPlaces)!) return depositTooHighMessage(currency);
  return null;
}

export const ZDepositRequest = z
  .object({
    amount: z.union([z.number(), z.string().max(40)], { error: PAYMENT_MESSAGES.invalidDepositAmount }),
    currency: z.enum(CURRENCY_CODES, { error: PAYMENT_MESSAGES.unsupportedCurrency }),
  })
  .superRefine((v, ctx) => {
    const error = depositAmountError(v.amount, v.currency);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['amount'] });
  });
export type TDepositRequest = z.input<typeof ZDepositRequest>;

/** What the page needs to show the card form: create-payment-intent and wallet/deposit answer this. */
export const ZPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentId: z.string(),
  provider: ZPaymentProvider,
  /** Decimal string in major units: the transaction total (amount + fee) or the deposit amount. */
  amount: z.string(),
  currency: z.enum(CURRENCY_CODES),
});
export type TPaymentIntentResponse = z.infer<typeof ZPaymentIntentResponse>;

/** Test cards the sandbox provider understands (spaces optional). */
export const SANDBOX_TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** True when MM/YY names the current month or a later one (cards are valid to the end of the month). */
export function isExpiryInFuture(expiry: string, now = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return year > nowYear || (year === nowYear && month >= nowMonth);
}

export const ZSandboxConfirmRequest = z.object({
  clientSecret: z.string().min(1, PAYMENT_MESSAGES.paymentNotFound).max(200),
  cardNumber: z.string({ error: PAYMENT_MESSAGES.incorrectNumber }).max(40),
  expiry: z
    .string({ error: PAYMENT_MESSAGES.invalidExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, PAYMENT_MESSAGES.invalidExpiry)
    .refine((v) => isExpiryInFuture(v), PAYMENT_MESSAGES.expiredCard),
  cvc: z
    .string({ error: PAYMENT_MESSAGES.invalidCvc })
    .trim()
    .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.invalidCvc),
});
export type TSandboxConfirmRequest = z.infer<typeof ZSandboxConfirmRequest>;

export const ZPaymentResult = z.object({
  status: z.literal('succeeded'),
  paymentId: z.string(),
  purpose: ZPaymentPurpose,
  transactionId: z.string().nullable(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

export const ZPayment = z.object({
  id: z.string(),
  status: ZPaymentIntentStatus,
  purpose: ZPaymentPurpose,
  transactionId: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  failureMessage: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZPaymentIdParams = z.object({ paymentId: z.string().min(1).max(64) });
export const ZPaymentTransactionParams = z.object({ id: z.string().min(1).max(64) });
