import { z } from 'zod';
import { hasControlCharacters } from './text.js';
import { MESSAGES } from './messages.js';
import { ZWithdrawalDestination } from './withdrawals.js';

/** The admin's list of withdrawals held by sanctions screening, and the release or rejection of one. */

export const ZSanctionsMatch = z.object({
  /** The name that was screened: the account's, or the bank account holder's. */
  screened: z.string(),
  listId: z.string(),
  entryId: z.string(),
  name: z.string(),
  matchedName: z.string(),
  /** 0 to 1. */
  score: z.number(),
  type: z.string(),
  program: z.string(),
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
});
export type TSanctionsMatch = z.infer<typeof ZSanctionsMatch>;

export const ZHeldWithdrawal = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  accountHolderName: z.string(),
  accountLast4: z.string(),
  /** Where the money would go, as the owner's own view shows it (the account masked). */
  destination: ZWithdrawalDestination,
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  matches: z.array(ZSanctionsMatch),
});
export type THeldWithdrawal = z.infer<typeof ZHeldWithdrawal>;
export const ZHeldWithdrawalList = z.array(ZHeldWithdrawal);

export const WITHDRAWAL_REVIEW_MESSAGES = {
  reasonRequired: 'Give a reason for the audit trail',
  reasonTooLong: 'The reason can be at most 1000 characters',
  notHeld: 'This withdrawal is no longer held for review',
  notFound: 'Withdrawal not found',
  released: 'Withdrawal released: the payout proceeds',
  rejected: 'Withdrawal rejected: the money is back in the person’s wallet',
} as const;

/** The longest reason for a decision (its message says the same number). */
export const WITHDRAWAL_REASON_MAX_LENGTH = 1000;

export const ZWithdrawalReviewRequest = z.object({
  reason: z
    .string({ error: WITHDRAWAL_REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, WITHDRAWAL_REVIEW_MESSAGES.reasonRequired)
    .max(WITHDRAWAL_REASON_MAX_LENGTH, WITHDRAWAL_REVIEW_MESSAGES.reasonTooLong)
    .refine((v) => !hasControlCharacters(v), MESSAGES.generic.invalidCharacters),
});
export type TWithdrawalReviewRequest = z.input<typeof ZWithdrawalReviewRequest>;

export const ZWithdrawalReviewParams = z.object({ id: z.string() });

export const ZWithdrawalReviewResult = z.object({
  id: z.string(),
  status: z.enum(['pending', 'held', 'paid', 'failed']),
  decision: z.enum(['released', 'rejected']),
});
export type TWithdrawalReviewResult = z.infer<typeof ZWithdrawalReviewResult>;
