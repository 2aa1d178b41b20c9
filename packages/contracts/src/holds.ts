import { z } from 'zod';
import type { TWithdrawal } from './withdrawals.js';

/**
 * Every hold explained (issue 30): wherever money waits, the person reads why, what is needed of them and
 * when it should end, in plain words. The wallet page and the bell both use these texts. A compliance
 * hold never says what matched: only that a routine check is under way.
 */
export const ZHoldNotice = z.object({
  /** waiting: nothing is wrong, it takes time; action: the person can do something; done: it ended badly, money back. */
  tone: z.enum(['waiting', 'action', 'done']),
  title: z.string(),
  /** Why the money waits. */
  reason: z.string(),
  /** What the person must do (or that nothing is needed). */
  needed: z.string(),
  /** When it should end, or what happened to the money. */
  expected: z.string(),
});
export type THoldNotice = z.infer<typeof ZHoldNotice>;

export const HOLD_TEXTS = {
  held: {
    title: 'Held for a routine compliance check',
    reason:
      'Before money leaves Holdfast we run routine compliance checks, as the law asks of payment services. This withdrawal needs a person on our team to complete the check.',
    needed: 'Nothing for now. We may contact you by email if we need more information.',
    expected: 'Usually within 1 business day. The money stays reserved for this withdrawal meanwhile.',
  },
  pendingTitle: 'On its way to your bank',
  pendingReason: 'The payout is with our payout provider and your bank.',
  pendingNeeded: 'Nothing: you do not need to do anything.',
  failedTitle: 'Withdrawal failed: the money is back in your wallet',
  failedNeeded: 'Check the account details and try again, or contact support if it fails again.',
  /** The failure reason a person reads after a compliance review rejected the withdrawal. */
  rejectedReason: 'The withdrawal could not be completed after our compliance review.',
  rejectedNeeded: 'Contact support if you have questions; we cannot share the details of the review.',
  moneyBack: 'The full amount is back in your wallet, available to use.',
} as const;

/**
 * "Tue, 6 Jan, 14:00": the date of an estimate, in the reader's own time zone; written where that zone is
 * not known (the bell's text is made on the server), in `timeZone`, which it then names ("14:00 UTC").
 */
export function expectedByText(iso: string, locale?: string, timeZone?: string): string {
  const at = new Date(iso);
  const text = at.toLocaleString(locale ?? 'en-ZA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  return timeZone ? `${text} ${timeZone}` : text;
}

/** What the person reads about a withdrawal that waits or failed; null once it was paid (nothing waits). */
export function withdrawalNotice(
  w: Pick<TWithdrawal, 'status' | 'failureReason' | 'expectedBy' | 'review' | 'accountLast4'>,
  locale?: string,
  timeZone?: string,
): THoldNotice | null {
  const by = w.expectedBy ? ` Expected by ${expectedByText(w.expectedBy, locale, timeZone)}.` : '';
  switch (w.status) {
    case 'held':
      return { tone: 'waiting', ...HOLD_TEXTS.held, expected: `${HOLD_TEXTS.held.expected}${by}` };
    case 'pending':
      return {
        tone: 'waiting',
        title: HOLD_TEXTS.pendingTitle,
        reason: `${HOLD_TEXTS.pendingReason} It goes to your account ending ${w.accountLast4}.`,
        needed: HOLD_TEXTS.pendingNeeded,
        expected: by.trim() || 'Usually within 1–3 business days.',
      };
    case 'failed': {
      const rejected = w.review === 'rejected';
      return {
        tone: 'done',
        title: HOLD_TEXTS.failedTitle,
        reason: w.failureReason ?? 'Your bank or our payout provider did not accept the payout.',
        needed: rejected ? HOLD_TEXTS.rejectedNeeded : HOLD_TEXTS.failedNeeded,
        expected: HOLD_TEXTS.moneyBack,
      };
    }
    default:
      return null;
  }
}
