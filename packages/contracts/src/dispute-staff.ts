import { z } from 'zod';
import { ZDecisionFigures } from './moderator-stats.js';
import { ZDispute, ZDisputeResolution, ZDisputeType, ZPartyRole } from './disputes.js';
import { pageQuery } from './paging.js';

/** What the staff's own pages (their home, the moderator dashboard's History tab) ask of the disputes. */

/** Each group of GET /api/disputes/waiting lists at most this many cases (its count says how many in all). */
export const WORKLOAD_PREVIEW = 5;

const ZWaitingGroup = z.object({
  count: z.number().int(),
  /** The first few (WORKLOAD_PREVIEW), the most pressing first. */
  cases: z.array(ZDispute),
});
export type TWaitingGroup = z.infer<typeof ZWaitingGroup>;

/**
 * GET /api/disputes/waiting (moderators and admins): what waits for the caller. A moderator's groups are
 * their own work; an admin's are every moderator's (an admin takes no case: `mine` is empty).
 */
export const ZDisputeWorkload = z.object({
  /** The caller's cases in review, most urgent first (a moderator's; empty for an admin). */
  mine: ZWaitingGroup,
  /** Open cases no moderator has taken yet: the queue. */
  unassigned: z.number().int(),
  /**
   * Undecided cases whose clock ran out, the longest overdue first: open ones past the time to be taken,
   * and cases in review past their decision deadline (a moderator: their own; an admin: everyone's, the
   * escalated ones among them).
   */
  pastDeadline: ZWaitingGroup,
  /** Decisions waiting for a second review the caller may give (never a moderator's own), oldest first. */
  secondReview: ZWaitingGroup,
});
export type TDisputeWorkload = z.infer<typeof ZDisputeWorkload>;

export const DISPUTE_HISTORY_SEARCH_MAX_LENGTH = 200;

/**
 * `GET /api/disputes/history?q=&limit=&cursor=`: resolved cases, latest decision first. `q` finds a case
 * by its transaction's description, a party's name or email, or the case id (or its first characters, as
 * the case file shows them: "Case #1a2b3c4d").
 */
export const ZDisputeHistoryQuery = pageQuery('disputeHistory').extend({
  q: z
    .string()
    .trim()
    .max(DISPUTE_HISTORY_SEARCH_MAX_LENGTH, `Search for at most ${DISPUTE_HISTORY_SEARCH_MAX_LENGTH} characters`)
    .optional(),
});
export type TDisputeHistoryQuery = z.infer<typeof ZDisputeHistoryQuery>;

const ZCaseParty = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

/** A resolved case as the history lists it. Amounts are decimal strings in `currency`. */
export const ZResolvedCase = z.object({
  id: z.string(),
  transactionId: z.string(),
  description: z.string(),
  type: ZDisputeType,
  initiatedBy: ZPartyRole,
  currency: z.string(),
  /** The money that was in dispute (the whole amount unless the buyer disputed part of it). */
  disputedAmount: z.string(),
  resolution: ZDisputeResolution.nullable(),
  /** Returned to the buyer of the disputed amount (partial resolutions and accepted offers). */
  refundAmount: z.string().nullable(),
  /** The parties settled it themselves by an accepted offer (no moderator decided). */
  settledByAgreement: z.boolean(),
  buyer: ZCaseParty,
  /** The seller email, with the account's name when an account holds it. */
  seller: ZCaseParty,
  /** The moderator who decided it; null when settled by agreement. */
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string(),
});
export type TResolvedCase = z.infer<typeof ZResolvedCase>;
export const ZResolvedCaseList = z.array(ZResolvedCase);

/**
 * GET /api/disputes/history/figures: a moderator's own decisions (every case they decided), an admin's
 * the platform's (every resolved case, settled by agreement included); all time.
 */
export const ZDecisionRecord = ZDecisionFigures.extend({
  scope: z.enum(['own', 'platform']),
});
export type TDecisionRecord = z.infer<typeof ZDecisionRecord>;
