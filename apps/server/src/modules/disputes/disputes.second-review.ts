import { eq } from 'drizzle-orm';
import {
  DISPUTE_MESSAGES as M,
  PARTIAL_DISPUTE_MESSAGES as P,
  isCurrencyCode,
  type CurrencyCode,
  type TDisputeResolution,
} from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import { disputes } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { appError, forbidden } from '../../lib/errors.js';
import { notify } from '../notifications/index.js';
import { recordEvent, relationOf, type TransactionRow } from '../transactions/index.js';
import type { DisputeRow } from './disputes.row.js';

/**
 * Four eyes (issue 28): a decision on a disputed part at or above DISPUTE_SECOND_REVIEW_AMOUNT (per
 * currency, config.ts) moves no money when the moderator makes it. It is recorded as a proposal on the
 * case; a second moderator or an admin approves it (the money moves, both names in the history) or sends it
 * back to its moderator with a reason. All under the case's locks (lockCase: transaction, then dispute).
 */

/** Minor units per currency at or above which a decision needs a second review. */
export type SecondReviewAmounts = Record<CurrencyCode, bigint>;

export function needsSecondReview(amounts: SecondReviewAmounts, currency: string, disputed: bigint): boolean {
  return isCurrencyCode(currency) && disputed >= amounts[currency];
}

/** What the case's columns hold while no proposal waits. */
export const NO_PROPOSAL = {
  proposedResolution: null,
  proposedRefund: null,
  proposedNotes: null,
  proposedById: null,
  proposedAt: null,
  proposedEvidenceIds: null,
} as const;

export interface Proposal {
  resolution: TDisputeResolution;
  refund: bigint | null;
  notes: string;
  evidenceIds: string[];
}

/** The proposal waiting on a case, or null. */
export function proposalOf(d: DisputeRow): (Proposal & { byId: string; at: Date }) | null {
  if (d.status === 'resolved' || !d.proposedAt || !d.proposedResolution || !d.proposedById) return null;
  return {
    resolution: d.proposedResolution,
    refund: d.proposedRefund,
    notes: d.proposedNotes ?? '',
    evidenceIds: d.proposedEvidenceIds ?? [],
    byId: d.proposedById,
    at: d.proposedAt,
  };
}

/** Nothing else happens to a case whose decision waits: approve or send it back first. */
export function assertNoProposal(d: DisputeRow) {
  if (proposalOf(d)) throw appError('DISPUTE_AWAITING_REVIEW', P.awaitingSecondReview);
}

/** The moderator's decision, kept for review: the case is theirs (in review), the reviewers are told. */
export async function recordProposal(
  tx: Tx,
  t: TransactionRow,
  d: DisputeRow,
  p: Proposal & { by: SessionUser; now: Date },
) {
  await tx
    .update(disputes)
    .set({
      status: 'in_review',
      moderatorId: p.by.id,
      proposedResolution: p.resolution,
      proposedRefund: p.refund,
      proposedNotes: p.notes,
      proposedById: p.by.id,
      proposedAt: p.now,
      proposedEvidenceIds: p.evidenceIds,
      sentBackReason: null,
      updatedAt: p.now,
    })
    .where(eq(disputes.id, d.id));
  await recordEvent(tx, {
    transactionId: t.id,
    actorId: p.by.id,
    from: t.status,
    to: t.status,
    action: `dispute_decision_proposed:${p.resolution}`,
    at: p.now,
  });
  await notify(tx, { type: 'dispute.second_review_requested', disputeId: d.id }, p.now);
}

/**
 * Who may approve or send back: a moderator or an admin who is neither a party nor the proposer. (The
 * conflict-of-interest rule of issue 28 part 3 applies to reviewers too: the lead adds its check here.)
 */
export function assertMayReview(t: TransactionRow, d: DisputeRow, user: SessionUser): Proposal & { byId: string } {
  if (user.role !== 'moderator' && user.role !== 'admin') throw forbidden(P.reviewersOnly);
  const rel = relationOf(t, user);
  if (rel.isBuyer || rel.isSeller || rel.isUnverifiedSeller) throw forbidden(M.ownTransaction);
  if (d.status === 'resolved') throw appError('DISPUTE_RESOLVED', M.alreadyResolved);
  const proposal = proposalOf(d);
  if (!proposal) throw appError('NO_PROPOSAL', P.noProposal);
  if (proposal.byId === user.id) throw forbidden(P.ownProposal);
  return proposal;
}

/** Sent back: the case returns to its moderator in review, with the reason; no money moved. */
export async function sendBack(
  tx: Tx,
  t: TransactionRow,
  d: DisputeRow,
  c: { by: SessionUser; reason: string; now: Date },
) {
  await tx
    .update(disputes)
    .set({
      ...NO_PROPOSAL,
      status: 'in_review',
      moderatorId: d.proposedById,
      sentBackReason: c.reason,
      updatedAt: c.now,
    })
    .where(eq(disputes.id, d.id));
  await recordEvent(tx, {
    transactionId: t.id,
    actorId: c.by.id,
    from: t.status,
    to: t.status,
    action: 'dispute_decision_sent_back',
    at: c.now,
  });
}
