import { formatMoney } from '@holdfast/contracts/constants';

const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  refund: 'Refund',
  release: 'Payout',
  payment: 'Payment',
  resolution: 'Dispute resolution',
  withdrawal: 'Withdrawal',
  adjustment: 'Adjustment',
};

export function activityTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** Signed amount in its own currency: '+$50.00' for a credit, '-R 103,00' for a debit. */
export function signedAmount(amount: string, currency: string): string {
  const negative = amount.trim().startsWith('-');
  const formatted = formatMoney(amount.trim().replace(/^[-+]/, ''), currency);
  return `${negative ? '-' : '+'}${formatted}`;
}

export function isCredit(amount: string): boolean {
  return !amount.trim().startsWith('-');
}
