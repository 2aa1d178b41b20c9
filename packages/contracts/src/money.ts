/**
 * Money rules shared by server and web. Amounts travel as decimal strings and are held as
 * integer minor units (bigint); no floating point ever touches an amount.
 */

export const CURRENCY_CODES = ['ZAR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const DEFAULT_CURRENCY: CurrencyCode = 'ZAR';

export interface CurrencyInfo {
  code: CurrencyCode;
  symbol: string;
  name: string;
  /** Smallest transaction amount, decimal string in major units. */
  minAmount: string;
  /** Largest transaction amount, decimal string in major units. */
  maxAmount: string;
  decimalPlaces: number;
  /** Smallest wallet deposit, decimal string in major units. */
  minDeposit: string;
  /** Smallest withdrawal to a bank account, decimal string in major units (a payout has a cost). */
  minWithdrawal: string;
  /** BCP 47 locale used to format amounts of this currency. */
  locale: string;
}

/** The one table of supported currencies and their limits. */
export const CURRENCIES: Record<CurrencyCode, CurrencyInfo> = {
  ZAR: {
    code: 'ZAR',
    symbol: 'R',
    name: 'South African Rand',
    minAmount: '50.00',
    maxAmount: '1000000.00',
    decimalPlaces: 2,
    minDeposit: '50.00',
    minWithdrawal: '100.00',
    locale: 'en-ZA',
  },
  USD: {
    code: 'USD',
    symbol: '$',
    name: 'US Dollar',
    minAmount: '5.00',
    maxAmount: '100000.00',
    decimalPlaces: 2,
    minDeposit: '5.00',
    minWithdrawal: '10.00',
    locale: 'en-US',
  },
  EUR: {
    code: 'EUR',
    symbol: '€',
    name: 'Euro',
    minAmount: '5.00',
    maxAmount: '100000.00',
    decimalPlaces: 2,
    minDeposit: '5.00',
    minWithdrawal: '10.00',
    locale: 'en-IE',
  },
  GBP: {
    code: 'GBP',
    symbol: '£',
    name: 'British Pound',
    minAmount: '5.00',
    maxAmount: '100000.00',
    decimalPlaces: 2,
    minDeposit: '5.00',
    minWithdrawal: '10.00',
    locale: 'en-GB',
  },
  CAD: {
    code: 'CAD',
    symbol: 'CA$',
    name: 'Canadian Dollar',
    minAmount: '5.00',
    maxAmount: '100000.00',
    decimalPlaces: 2,
    minDeposit: '5.00',
    minWithdrawal: '10.00',
    locale: 'en-CA',
  },
  AUD: {
    code: 'AUD',
    symbol: 'A$',
    name: 'Australian Dollar',
    minAmount: '5.00',
    maxAmount: '100000.00',
    decimalPlaces: 2,
    minDeposit: '5.00',
    minWithdrawal: '10.00',
    locale: 'en-AU',
  },
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** Decimal places of a currency's minor unit; 2 for a code we do not support (shown, never stored). */
export function decimalsOf(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].decimalPlaces : 2;
}

/** Minor units as the wire's decimal string in the currency's places: 12345n, 'ZAR' -> "123.45". */
export function toDecimal(minor: bigint, currency: string): string {
  return fromMinor(minor, decimalsOf(currency));
}

/** Service fee: 3% of the amount, i.e. FEE_BASIS_POINTS / 10 000. The one home of the rate. */
export const FEE_BASIS_POINTS = 300n;
/** The rate as people read it ("3%"), for every text that names the fee. */
export const FEE_RATE_LABEL = `${Number(FEE_BASIS_POINTS) / 100}%`;

/** fee = 3% of amount, rounded half-up to the minor unit. */
export function feeFor(amountMinor: bigint): bigint {
  if (amountMinor < 0n) throw new RangeError('amount must not be negative');
  return (amountMinor * FEE_BASIS_POINTS + 5000n) / 10000n;
}

export function totalFor(amountMinor: bigint): bigint {
  return amountMinor + feeFor(amountMinor);
}

/** Who gets what when escrow is split with a refund R of the amount (DESIGN section 3), in minor units. */
export interface EscrowSplit {
  /** R plus the same share of the fee. */
  buyerGets: bigint;
  /** amount − R. */
  sellerGets: bigint;
  /** The rest of the fee. */
  feeKept: bigint;
}

/**
 * The one home of the partial-refund rule: the buyer gets `refund` plus fee × refund / amount (rounded
 * half-up), the seller gets amount − refund, the fee account keeps the rest. Null unless 0 < refund < amount.
 */
export function splitEscrowAmounts(amount: bigint, fee: bigint, refund: bigint): EscrowSplit | null {
  if (amount <= 0n || fee < 0n || refund <= 0n || refund >= amount) return null;
  const feeShare = (fee * refund * 2n + amount) / (amount * 2n);
  const buyerGets = refund + feeShare;
  const sellerGets = amount - refund;
  return { buyerGets, sellerGets, feeKept: amount + fee - buyerGets - sellerGets };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Parses a decimal amount (string, or a number as typed by a person) into minor units.
 * Returns null when the text is not a plain non-negative decimal with at most `decimals` places.
 */
export function toMinor(value: string | number, decimals: number): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
    if (/e/i.test(text)) return null;
  } else {
    text = value.trim();
  }
  if (!DECIMAL.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > decimals) {
    // Allow trailing zeros beyond the precision ("10.500" for 2 decimals), nothing else.
    if (!/^0*$/.test(fraction.slice(decimals))) return null;
  }
  const padded = fraction.slice(0, decimals).padEnd(decimals, '0');
  return BigInt(whole + padded);
}

/** Minor units to a plain decimal string with the currency's places: 12345n, 2 -> "123.45". */
export function fromMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? '.' + digits.slice(digits.length - decimals) : '';
  return (negative ? '-' : '') + whole + fraction;
}

/** One number format per locale and places: building an Intl.NumberFormat is costly (tens of ms on a slow phone). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format;
}

const NBSP = '\u00a0';

/**
 * Display form of a decimal amount in its own currency, e.g. "R 1 234,50" / "$1,234.50": the currency's
 * symbol, then the number as its locale writes it, every space in it a no-break one. The amount is read into minor units (bigint) and given
 * to Intl.NumberFormat as the exact decimal string, which it formats without converting to a float.
 */
export function formatMoney(amount: string, currency: string): string {
  const info = isCurrencyCode(currency) ? CURRENCIES[currency] : undefined;
  const decimals = decimalsOf(currency);
  const minor = toMinor(amount.replace(/^-/, ''), Math.max(decimals, 2)) ?? 0n;
  const negative = amount.startsWith('-') && minor !== 0n;
  const number = numberFormat(info?.locale ?? 'en-US', decimals).format(fromMinor(minor, decimals) as `${number}`);
  // A no-break space after a spaced symbol (R 1 234,50), as between the digit groups: a line never
  // breaks between the currency and its number.
  const symbol = info ? `${info.symbol}${info.code === 'ZAR' ? NBSP : ''}` : `${currency}${NBSP}`;
  return `${negative ? '-' : ''}${symbol}${number}`;
}
