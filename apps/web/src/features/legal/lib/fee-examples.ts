import {
  CURRENCIES,
  checkTransactionAmount,
  formatMoney,
  fromMinor,
  splitEscrowAmounts,
  toMinor,
  type CurrencyCode,
} from '@holdfast/contracts';

/** One deal's money, each figure formatted in its currency. */
export interface FeeExample {
  amount: string;
  fee: string;
  total: string;
  /** What the seller receives on release: the amount. */
  sellerGets: string;
}

const show = (minor: bigint, currency: CurrencyCode) =>
  formatMoney(fromMinor(minor, CURRENCIES[currency].decimalPlaces), currency);

/**
 * A deal of `amount` as the server would charge it: the shared amount rule and fee (contracts'
 * checkTransactionAmount and feeFor), never a second calculation. Null when the amount is not allowed.
 */
export function feeExample(amount: string, currency: CurrencyCode): FeeExample | null {
  const check = checkTransactionAmount(amount, currency);
  if (!check.valid) return null;
  return {
    amount: show(check.amountMinor, currency),
    fee: show(check.feeMinor, currency),
    total: show(check.totalMinor, currency),
    sellerGets: show(check.amountMinor, currency),
  };
}

/** The worked examples of /fees: the smallest deal, round amounts, and one whose fee is rounded half-up. */
export const EXAMPLE_AMOUNTS: Record<CurrencyCode, string[]> = {
  ZAR: ['50.00', '850.00', '1000.50', '2345.67'],
  USD: ['5.00', '100.00', '250.50', '1234.56'],
  EUR: ['5.00', '100.00', '250.50', '1234.56'],
  GBP: ['5.00', '100.00', '250.50', '1234.56'],
  CAD: ['5.00', '100.00', '250.50', '1234.56'],
  AUD: ['5.00', '100.00', '250.50', '1234.56'],
};

export const feeExamples = (currency: CurrencyCode): FeeExample[] =>
  EXAMPLE_AMOUNTS[currency].map((a) => feeExample(a, currency)).filter((e): e is FeeExample => e !== null);

/** A dispute decided as a split: who gets what of a deal's total (contracts' splitEscrowAmounts). */
export function splitExample(amount: string, refund: string, currency: CurrencyCode) {
  const deal = checkTransactionAmount(amount, currency);
  const refundMinor = toMinor(refund, CURRENCIES[currency].decimalPlaces);
  if (!deal.valid || refundMinor === null) return null;
  const split = splitEscrowAmounts(deal.amountMinor, deal.feeMinor, refundMinor);
  if (!split) return null;
  return {
    amount: show(deal.amountMinor, currency),
    fee: show(deal.feeMinor, currency),
    total: show(deal.totalMinor, currency),
    refund: show(refundMinor, currency),
    buyerGets: show(split.buyerGets, currency),
    sellerGets: show(split.sellerGets, currency),
    feeKept: show(split.feeKept, currency),
  };
}
