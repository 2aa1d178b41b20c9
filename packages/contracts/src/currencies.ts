import { z } from 'zod';
import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  feeFor,
  formatMoney,
  fromMinor,
  isCurrencyCode,
  toMinor,
  type CurrencyCode,
} from './money.js';

export const ZCurrencyCode = z.enum(CURRENCY_CODES);

export const ZCurrencyInfo = z.object({
  code: ZCurrencyCode,
  symbol: z.string(),
  name: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  decimalPlaces: z.number().int(),
  minDeposit: z.string(),
  /** Smallest withdrawal to a bank account. */
  minWithdrawal: z.string(),
});
export type TCurrencyInfo = z.infer<typeof ZCurrencyInfo>;

export const ZCurrenciesResponse = z.object({
  supported: z.array(ZCurrencyInfo),
  summary: z.array(z.object({ code: ZCurrencyCode, symbol: z.string() })),
  default: ZCurrencyCode,
});
export type TCurrenciesResponse = z.infer<typeof ZCurrenciesResponse>;

/** An amount as people type it: a JSON number or a decimal string. Never parsed through a float. */
export const ZAmountInput = z.union([z.string().max(40), z.number()]);

export const ZValidateAmountRequest = z.object({
  amount: ZAmountInput,
  currency: z.string().max(10),
});
export type TValidateAmountRequest = z.infer<typeof ZValidateAmountRequest>;

export const ZValidateAmountResponse = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  formatted: z.object({ amount: z.string(), fee: z.string(), total: z.string() }).nullable(),
});
export type TValidateAmountResponse = z.infer<typeof ZValidateAmountResponse>;

export const AMOUNT_MESSAGES = {
  unsupportedCurrency: 'Unsupported currency',
  invalidAmount: 'Enter a valid amount',
  tooManyDecimals: (places: number) =>
    places === 0 ? 'Amount cannot have decimal places' : `Amount can have at most ${places} decimal places`,
  belowMin: (min: string) => `Amount must be at least ${min}`,
  aboveMax: (max: string) => `Amount cannot exceed ${max}`,
} as const;

export type AmountCheck =
  | { valid: true; currency: CurrencyCode; amountMinor: bigint; feeMinor: bigint; totalMinor: bigint }
  | { valid: false; error: string };

/**
 * The one rule for a transaction amount: a supported currency, a plain decimal with at most the
 * currency's places, within its min and max. Shared by the create form, /validate and the server.
 */
export function checkTransactionAmount(amount: string | number, currency: string): AmountCheck {
  if (!isCurrencyCode(currency)) return { valid: false, error: AMOUNT_MESSAGES.unsupportedCurrency };
  const info = CURRENCIES[currency];
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return { valid: false, error: AMOUNT_MESSAGES.invalidAmount };
  const minor = toMinor(text, info.decimalPlaces);
  if (minor === null) return { valid: false, error: AMOUNT_MESSAGES.tooManyDecimals(info.decimalPlaces) };
  const min = toMinor(info.minAmount, info.decimalPlaces)!;
  const max = toMinor(info.maxAmount, info.decimalPlaces)!;
  if (minor < min) return { valid: false, error: AMOUNT_MESSAGES.belowMin(formatMoney(info.minAmount, currency)) };
  if (minor > max) return { valid: false, error: AMOUNT_MESSAGES.aboveMax(formatMoney(info.maxAmount, currency)) };
  const feeMinor = feeFor(minor);
  return { valid: true, currency, amountMinor: minor, feeMinor, totalMinor: minor + feeMinor };
}

/** The /api/currencies/validate answer for an amount. */
export function validateAmountResponse(amount: string | number, currency: string): TValidateAmountResponse {
  const check = checkTransactionAmount(amount, currency);
  if (!check.valid) return { valid: false, error: check.error, formatted: null };
  const places = CURRENCIES[check.currency].decimalPlaces;
  const show = (minor: bigint) => formatMoney(fromMinor(minor, places), check.currency);
  return {
    valid: true,
    error: null,
    formatted: { amount: show(check.amountMinor), fee: show(check.feeMinor), total: show(check.totalMinor) },
  };
}

export function currenciesResponse(): TCurrenciesResponse {
  const supported = CURRENCY_CODES.map((code) => {
    const { symbol, name, minAmount, maxAmount, decimalPlaces, minDeposit, minWithdrawal } = CURRENCIES[code];
    return { code, symbol, name, minAmount, maxAmount, decimalPlaces, minDeposit, minWithdrawal };
  });
  return {
    supported,
    summary: supported.map(({ code, symbol }) => ({ code, symbol })),
    default: DEFAULT_CURRENCY,
  };
}
