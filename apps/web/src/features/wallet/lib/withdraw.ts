import {
  CURRENCIES,
  isCurrencyCode,
  toMinor,
  WITHDRAWAL_MESSAGES,
  type CurrencyCode,
  type TWalletActivity,
  type TWalletBalance,
} from '@holdfast/contracts';

export interface Withdrawable {
  currency: CurrencyCode;
  /** Decimal string. */
  balance: string;
}

/** The currencies a person can withdraw from: supported ones with money in them, the wallet currency first. */
export function withdrawableBalances(
  wallet: Pick<TWalletBalance, 'balance' | 'currency' | 'balances'> | undefined,
): Withdrawable[] {
  if (!wallet) return [];
  const held = wallet.balances.filter(
    (b): b is Withdrawable =>
      isCurrencyCode(b.currency) && (toMinor(b.balance, CURRENCIES[b.currency].decimalPlaces) ?? 0n) > 0n,
  );
  return held.sort((a, b) => (a.currency === wallet.currency ? -1 : b.currency === wallet.currency ? 1 : 0));
}

/** 'Insufficient wallet balance' when a valid amount is more than what is available, else null. */
export function exceedsBalance(amount: string | number, currency: CurrencyCode, available: string): string | null {
  const places = CURRENCIES[currency].decimalPlaces;
  const wanted = toMinor(typeof amount === 'number' ? String(amount) : amount, places);
  const have = toMinor(available, places) ?? 0n;
  return wanted !== null && wanted > have ? WITHDRAWAL_MESSAGES.insufficientFunds : null;
}

/** True while a withdrawal in the list still waits for its payout (the list then refreshes itself). */
export function hasPendingWithdrawal(activity: readonly TWalletActivity[] | undefined): boolean {
  return !!activity?.some((a) => a.type === 'withdrawal' && a.status === 'pending');
}
