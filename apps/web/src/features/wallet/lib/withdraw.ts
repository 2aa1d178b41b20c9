import {
  BANK_FIELD_NAMES,
  BANK_FIELDS,
  BANK_FORM_OF,
  bankLine,
  compactCode,
  compactDigits,
  CURRENCIES,
  formatMoney,
  maskAccount,
  WITHDRAWAL_ARRIVES,
  type TWithdrawRequest,
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

/** The request as sent: the amount trimmed and only the bank fields the currency asks for. */
export function withdrawBody(values: TWithdrawRequest & { currency: CurrencyCode }): TWithdrawRequest {
  const body: TWithdrawRequest = { ...values, amount: String(values.amount).trim() };
  for (const field of BANK_FIELD_NAMES) delete body[field];
  for (const field of BANK_FIELDS[BANK_FORM_OF[values.currency]]) {
    const value = values[field]?.trim();
    if (value) body[field] = value;
  }
  return body;
}

/** The review step's rows: what leaves, to whom and where (the account masked), the fee and when it arrives. */
export function withdrawReviewRows(body: TWithdrawRequest & { currency: CurrencyCode }) {
  const amount = formatMoney(String(body.amount), body.currency);
  const last4 = (v: string) => maskAccount(v.slice(-4));
  const bank = bankLine(body.currency, body);
  return [
    { label: 'Amount', value: amount, strong: true },
    { label: 'To', value: body.accountHolderName },
    ...(bank ? [{ label: 'Bank', value: bank }] : []),
    body.iban
      ? { label: 'IBAN', value: last4(compactCode(body.iban)) }
      : { label: 'Account', value: last4(compactDigits(body.accountNumber ?? '')) },
    { label: 'Fee', value: 'None' },
    { label: 'You receive', value: amount },
    { label: 'Arrives', value: WITHDRAWAL_ARRIVES },
  ];
}
