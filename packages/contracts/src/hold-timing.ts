/**
 * When a waiting withdrawal should be done, for the person's "expected by" (every hold explained): an
 * estimate from each payout provider's usual time, and the review time staff aim for. Business days skip
 * Saturdays and Sundays (UTC); public holidays are not known here, so the estimate can be a day early.
 * Here, below the server's modules, because the wallet's answers and the bell's notifications both say it.
 */
export const HOLD_REVIEW_BUSINESS_DAYS = 1;
/** Stripe's standard payouts usually arrive in 2 business days; the sandbox settles at its first check. */
const PAYOUT_BUSINESS_DAYS: Record<string, number> = { stripe: 2 };
const SANDBOX_PAYOUT_MS = 60_000;

export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

export interface WaitingWithdrawal {
  status: string;
  provider: string;
  createdAt: Date;
}

/** When the hold should end (held) or the money arrive (pending, counted from `since`: the release, if any). */
export function withdrawalExpectedBy(w: WaitingWithdrawal, since: Date = w.createdAt): Date | null {
  if (w.status === 'held') return addBusinessDays(w.createdAt, HOLD_REVIEW_BUSINESS_DAYS);
  if (w.status !== 'pending') return null;
  const days = PAYOUT_BUSINESS_DAYS[w.provider];
  return days === undefined ? new Date(since.getTime() + SANDBOX_PAYOUT_MS) : addBusinessDays(since, days);
}
