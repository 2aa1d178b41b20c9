import type { TPublicKycStatus, TPublicTransaction } from '@holdfast/contracts';

/** Success rate colour (spec section 2): 90 or more green, 70 to 89 yellow, below 70 red. */
export function successRateTone(rate: number): 'green' | 'yellow' | 'red' {
  if (rate >= 90) return 'green';
  if (rate >= 70) return 'yellow';
  return 'red';
}

export const KYC_LABELS: Record<TPublicKycStatus, string> = {
  verified: 'Verified',
  pending: 'Pending',
  rejected: 'Rejected',
  unknown: 'Unknown',
};

/** "Bought from Thandi N." / "Sold to Thandi N." */
export function dealLine(t: Pick<TPublicTransaction, 'role' | 'counterpartyName'>): string {
  return t.role === 'buyer' ? `Bought from ${t.counterpartyName}` : `Sold to ${t.counterpartyName}`;
}

/** "Member since March 2026". */
export function memberSince(createdAt: string, locale = 'en-GB'): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return `Member since ${date.toLocaleDateString(locale, { month: 'long', year: 'numeric' })}`;
}

/** Under the average rating: "12 reviews", "1 review", or "No reviews yet". */
export function reviewsLine(count: number, average: number | null): string {
  if (!count || average === null) return 'No reviews yet';
  return `${count} review${count === 1 ? '' : 's'}`;
}
