import { CURRENCIES, decimalsOf, fromMinor, isCurrencyCode, toMinor } from '@holdfast/contracts';

export type WalletCoverage =
  | { kind: 'covers'; balance: string; after: string }
  | { kind: 'top-up'; balance: string; topUp: string }
  | { kind: 'none' };

/**
 * Whether the wallet can pay a total: it covers it (and what is left after), or it holds at least half of
 * it and a top-up by the shortfall (never below the currency's minimum deposit) makes it cover, or neither.
 */
export function walletCoverage(balance: string | undefined, total: string, currency: string): WalletCoverage {
  if (balance === undefined) return { kind: 'none' };
  const places = decimalsOf(currency);
  const have = toMinor(balance, places) ?? 0n;
  const need = toMinor(total, places) ?? 0n;
  if (need <= 0n) return { kind: 'none' };
  if (have >= need) return { kind: 'covers', balance, after: fromMinor(have - need, places) };
  if (have * 2n < need) return { kind: 'none' };
  const minDeposit = isCurrencyCode(currency) ? (toMinor(CURRENCIES[currency].minDeposit, places) ?? 0n) : 0n;
  const shortfall = need - have;
  return { kind: 'top-up', balance, topUp: fromMinor(shortfall > minDeposit ? shortfall : minDeposit, places) };
}
