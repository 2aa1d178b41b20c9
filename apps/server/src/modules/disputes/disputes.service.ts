import { and, eq } from 'drizzle-orm';
import {
  DISPUTE_MESSAGES as M,
  MILESTONE_MESSAGES,
  DEFAULT_DISPUTE_PRIORITY,
  type TRejectProposalRequest,
  TRANSACTION_MESSAGES,
  decimalsOf,
  formatMoney,
  toDecimal,
  toMinor,
  type TCreateDisputeRequest,
  type TCreateOfferRequest,
  type TDispute,
  type TDisputeListQuery,
  type TPageQuery,
  type TDisputeCase,
  type TDisputeResolution,
  type TPartyRole,
  type TResolveDisputeRequest,
  type TSettlementOffer,
  type TCreateDisputeNoteRequest,
  type TDisputeNote,
  type TDisputeHistoryQuery,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import { disputeOffers, disputes, transactions } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import {
  assertDisputable,
  assertMilestoneAction,
  isStaged,
  listMilestones,
  milestoneOf,
  openMilestoneDispute,
  resolveMilestoneDispute,
  findTransactionView,
  lockTransaction,
  openDispute,
  recordEvent,
  relationOf,
  resolveDispute,
  type TransactionRow,
} from '../transactions/index.js';
import {
  disputeStats,
  findDispute,
  findDisputeView,
  listActiveDisputes,
  listOffers,
  listPartyDisputes,
  lockDispute,
  offerView,
  timelineOf,
  type DisputeRow,
} from './disputes.queries.js';
import { buildCaseFile, caseReaderOf } from './disputes.case-file.js';
import { transactionTimeline } from './disputes.timeline.js';
import { moderatorStats } from './disputes.moderator-stats.js';
import { decisionRecord, listResolvedCases } from './disputes.history.js';
import { disputeWorkload, type Worker } from './disputes.waiting.js';
import { addDisputeNote } from './disputes.notes.js';
import { startDecisionClock, startOpeningClocks, type DisputeClocks } from './disputes.clocks.js';
import { lockActingModerator } from './disputes.requeue.js';
import { assertNoConflictOfInterest } from './disputes.conflict.js';
import { recordContribution } from './disputes.response.js';
import { assertEvidenceOfCase } from './disputes.decision-evidence.js';
import { parseDisputedAmount, partOf } from './disputes.partial.js';
import {
  NO_PROPOSAL,
  assertMayReview,
  assertNoProposal,
  needsSecondReview,
  recordProposal,
  sendBack,
  type SecondReviewAmounts,
} from './disputes.second-review.js';

const isModerator = (user: SessionUser) => user.role === 'moderator';

/**
 * The milestone a dispute on a deal paid in stages names (400 without one, 404 for one not of the deal),
 * refused as its rules refuse a dispute (decision 033), with the deal's milestones read under its lock.
 */
async function disputedMilestone(tx: Tx, t: TransactionRow, milestoneId: string | undefined, now: Date) {
  if (!milestoneId) {
    throw badRequest(MILESTONE_MESSAGES.milestoneRequired, { milestoneId: MILESTONE_MESSAGES.milestoneRequired });
  }
  const milestones = await listMilestones(tx, t.id);
  const m = milestoneOf(milestones, milestoneId);
  assertMilestoneAction('dispute', t, m, now);
  return { milestones, m };
}

/** The caller's side of the transaction, or the right refusal: strangers learn nothing (404). */
function partyRole(t: TransactionRow, user: SessionUser, denied: string, hidden: string): TPartyRole {
  const rel = relationOf(t, user);
  if (rel.isBuyer) return 'buyer';
  if (rel.isSeller) return 'seller';
  if (rel.isUnverifiedSeller) throw new AppError('EMAIL_NOT_VERIFIED', TRANSACTION_MESSAGES.verifyEmailFirst);
  if (rel.viewerRole) throw forbidden(denied);
  throw notFound(hidden);
}

/**
 * A refund of the money in dispute in minor units: 0 < refund < the disputed amount (`t.amount`: the whole
 * amount unless the buyer disputed part of it), in the currency's decimals.
 */
function parseRefund(value: string | number | undefined, t: { amount: bigint; currency: string }): bigint {
  if (value === undefined || value === '') throw badRequest(M.refundRequired, { refundAmount: M.refundRequired });
  const minor = toMinor(value, decimalsOf(t.currency));
  if (minor === null) throw badRequest(M.refundInvalid, { refundAmount: M.refundInvalid });
  if (minor <= 0n || minor >= t.amount) {
    const message = M.refundOutOfRange(formatMoney(toDecimal(t.amount, t.currency), t.currency));
    throw badRequest(message, { refundAmount: message });
  }
  return minor;
}

const ALREADY_RESOLVED = () => appError('DISPUTE_RESOLVED', M.alreadyResolved);

/** A decision's terms as the audit trail keeps them: the outcome and the refund in the deal's currency. */
const decisionTerms = (
  t: TransactionRow,
  p: { resolution: TDisputeResolution; refund: bigint | null },
): Record<string, unknown> => ({
  transactionId: t.id,
  resolution: p.resolution,
  refund: p.refund === null ? null : toDecimal(p.refund, t.currency),
  currency: t.currency,
});

/**
 * Disputes: a party opens one on a funded transaction (its money stays in escrow), a moderator takes and
 * decides it, or the parties settle it with an accepted offer. Every outcome moves the money through the
 * ledger in the same database transaction as the state change, under the transaction row's lock, so a
 * moderator's decision and an accepted offer racing each other settle once.
 */
export function createDisputesService({
  db,
  clock,
  clocks,
  secondReviewAmounts,
}: {
  db: Db;
  clock: Clock;
  clocks: DisputeClocks;
  /** DISPUTE_SECOND_REVIEW_AMOUNT: decisions on this much in dispute or more need a second reviewer. */
  secondReviewAmounts: SecondReviewAmounts;
}) {
  /** Locks the dispute's transaction, then the dispute (always in that order). */
  async function lockCase(tx: Tx, disputeId: string): Promise<{ t: TransactionRow; d: DisputeRow }> {
    const found = await findDispute(tx, disputeId);
    if (!found) throw notFound(M.notFound);
    const t = await lockTransaction(tx, found.transactionId);
    const d = await lockDispute(tx, disputeId);
    if (!t || !d) throw notFound(M.notFound);
    return { t, d };
  }

  /**
   * The dispute as the caller sees it after a change, read inside the change's database transaction, where
   * `answer` stores it as the Idempotency-Key answer: both commit with the change.
   */
  async function changedView(tx: Tx, id: string, answer?: StoreAnswer<TDispute>): Promise<TDispute> {
    const found = await findDisputeView(tx, id);
    if (!found) throw notFound(M.notFound);
    await answer?.(tx, found);
    return found;
  }

  async function create(
    user: SessionUser,
    input: TCreateDisputeRequest,
    answer?: StoreAnswer<TDispute>,
  ): Promise<TDispute> {
    return db.transaction(async (tx) => {
      const t = await lockTransaction(tx, input.transactionId);
      if (!t) throw notFound(TRANSACTION_MESSAGES.notFound);
      const role = partyRole(t, user, M.onlyParties, TRANSACTION_MESSAGES.notFound);
      // A deal paid in stages is disputed milestone by milestone (decision 033): the case is of that
      // milestone's amount and fee, and the deal's other milestones go on.
      const staged = isStaged(t) ? await disputedMilestone(tx, t, input.milestoneId, clock.now()) : null;
      if (!staged) assertDisputable(t);
      const base = staged ? { amount: staged.m.amount, fee: staged.m.fee, currency: t.currency } : t;
      const disputed = parseDisputedAmount(input.disputedAmount, base, role);
      const part = partOf({ disputedAmount: disputed }, base);
      const [row] = await tx
        .insert(disputes)
        .values({
          transactionId: t.id,
          buyerId: t.buyerId,
          sellerEmail: t.sellerEmail,
          initiatedBy: role,
          initiatorId: user.id,
          type: input.type as DisputeRow['type'],
          description: input.description.trim(),
          priority: input.priority ?? DEFAULT_DISPUTE_PRIORITY,
          disputedAmount: disputed,
          releasedAtOpen: part.released,
          ...(staged ? { milestoneId: staged.m.id, milestoneAmount: staged.m.amount, milestoneFee: staged.m.fee } : {}),
        })
        .returning({ id: disputes.id });
      if (staged) {
        await openMilestoneDispute(tx, t, staged.milestones, staged.m, {
          actorId: user.id,
          now: clock.now(),
          disputeId: row.id,
          disputed,
        });
      } else {
        await openDispute(tx, t, { actorId: user.id, now: clock.now(), disputeId: row.id, disputed });
      }
      await startOpeningClocks(tx, row.id, clocks, clock.now());
      return changedView(tx, row.id, answer);
    });
  }

  function requireModerator(user: SessionUser) {
    if (!isModerator(user)) throw forbidden(M.moderatorsOnly);
  }

  /** Moderators and admins: their own pages (what waits, the history of decided cases). */
  function requireStaff(user: SessionUser): Worker {
    if (user.role !== 'moderator' && user.role !== 'admin') throw forbidden(M.staffOnly);
    return { id: user.id, role: user.role };
  }

  /** A moderator never decides a case on their own transaction. */
  function assertNotParty(t: TransactionRow, user: SessionUser) {
    const rel = relationOf(t, user);
    if (rel.isBuyer || rel.isSeller || rel.isUnverifiedSeller) throw forbidden(M.ownTransaction);
  }

  async function assign(
    user: SessionUser,
    id: string,
    moderatorId: string,
    answer?: StoreAnswer<TDispute>,
  ): Promise<TDispute> {
    requireModerator(user);
    if (moderatorId !== user.id) throw forbidden(M.assignToSelf);
    return db.transaction(async (tx) => {
      await lockActingModerator(tx, user, M.moderatorsOnly);
      const { t, d } = await lockCase(tx, id);
      assertNotParty(t, user);
      if (d.status === 'resolved') throw ALREADY_RESOLVED();
      if (d.status !== 'open') throw appError('DISPUTE_NOT_OPEN', M.notOpen);
      await assertNoConflictOfInterest(tx, d, user.id, clock.now());
      await startDecisionClock(tx, d.id, clocks, clock.now());
      await tx
        .update(disputes)
        .set({ status: 'in_review', moderatorId: user.id, updatedAt: clock.now() })
        .where(eq(disputes.id, d.id));
      await recordEvent(tx, {
        transactionId: t.id,
        actorId: user.id,
        from: t.status,
        to: t.status,
        action: 'dispute_assigned',
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'dispute.assign',
        subject: { type: 'dispute', id: d.id },
        detail: { transactionId: t.id },
        at: clock.now(),
      });
      return changedView(tx, id, answer);
    });
  }

  /**
   * Ends the case with its outcome: the transaction's transition moves the escrowed money and ends the deal
   * (resolveDispute), then the case is resolved and its open offers close. Runs inside the caller's locked
   * database transaction.
   */
  async function settle(
    tx: Tx,
    t: TransactionRow,
    d: DisputeRow,
    outcome: {
      resolution: TDisputeResolution;
      notes: string;
      refund: bigint | null;
      by: { id: string } | null;
      /** The evidence the decision relied on; the second reviewer who approved it, when one was needed. */
      evidenceIds?: string[];
      approvedById?: string;
      /** When it settles; the product's clock's now unless the caller orders it after its own history row. */
      now?: Date;
    },
  ) {
    const now = outcome.now ?? clock.now();
    const decided = {
      moderatorId: outcome.by?.id ?? null,
      now,
      disputeId: d.id,
      resolution: outcome.resolution,
      refund: outcome.refund,
      part: partOf(d, t),
    };
    if (d.milestoneId) {
      const milestones = await listMilestones(tx, t.id);
      const m = milestones.find((x) => x.id === d.milestoneId);
      if (!m) throw notFound(MILESTONE_MESSAGES.notFound);
      await resolveMilestoneDispute(tx, t, milestones, m, decided);
    } else {
      await resolveDispute(tx, t, decided);
    }
    await tx
      .update(disputes)
      .set({
        status: 'resolved',
        resolution: outcome.resolution,
        resolutionNotes: outcome.notes,
        refundAmount: outcome.refund,
        resolvedById: outcome.by?.id ?? null,
        resolvedAt: now,
        updatedAt: now,
        reliedOnEvidenceIds: outcome.evidenceIds ?? [],
        approvedById: outcome.approvedById ?? null,
        ...NO_PROPOSAL,
      })
      .where(eq(disputes.id, d.id));
    await tx
      .update(disputeOffers)
      .set({ status: 'closed', respondedAt: now })
      .where(and(eq(disputeOffers.disputeId, d.id), eq(disputeOffers.status, 'open')));
  }

  async function resolve(
    user: SessionUser,
    id: string,
    input: TResolveDisputeRequest,
    answer?: StoreAnswer<TDispute>,
  ): Promise<TDispute> {
    requireModerator(user);
    return db.transaction(async (tx) => {
      await lockActingModerator(tx, user, M.moderatorsOnly);
      const { t, d } = await lockCase(tx, id);
      assertNotParty(t, user);
      if (d.status === 'resolved') throw ALREADY_RESOLVED();
      assertNoProposal(d);
      if (d.status === 'in_review' && d.moderatorId !== user.id) throw forbidden(M.assignedToAnother);
      // Deciding an unassigned case takes it: the same conflict-of-interest rule as assigning it.
      if (d.status === 'open') await assertNoConflictOfInterest(tx, d, user.id, clock.now());
      const resolution = input.resolution as TDisputeResolution;
      const part = partOf(d, t);
      const refund =
        resolution === 'partial_resolution'
          ? parseRefund(input.refundAmount, { amount: part.amount, currency: t.currency })
          : null;
      const evidenceIds = await assertEvidenceOfCase(tx, d.id, input.evidenceIds ?? []);
      const decision = { resolution, notes: input.resolutionNotes.trim(), refund, evidenceIds };
      const secondReview = needsSecondReview(secondReviewAmounts, t.currency, part.amount);
      if (secondReview) {
        await recordProposal(tx, t, d, { ...decision, by: user, now: clock.now() });
      } else {
        await settle(tx, t, d, { ...decision, by: user });
      }
      // Above the second-review amount no money moved: the decision waits as a proposal.
      await recordAudit(tx, {
        actorId: user.id,
        action: secondReview ? 'dispute.propose' : 'dispute.resolve',
        subject: { type: 'dispute', id: d.id },
        reason: decision.notes,
        detail: { ...decisionTerms(t, decision), evidenceIds },
        at: clock.now(),
      });
      return changedView(tx, id, answer);
    });
  }

  /** A party proposes a split; it replaces their side's or the other side's open offer. */
  async function makeOffer(
    user: SessionUser,
    id: string,
    input: TCreateOfferRequest,
    answer?: StoreAnswer<TSettlementOffer>,
  ): Promise<TSettlementOffer> {
    return db.transaction(async (tx) => {
      const { t, d } = await lockCase(tx, id);
      const role = partyRole(t, user, M.onlyPartiesOffer, M.notFound);
      if (d.status === 'resolved') throw ALREADY_RESOLVED();
      const part = partOf(d, t);
      const refund = parseRefund(input.refundAmount, { amount: part.amount, currency: t.currency });
      const now = clock.now();
      await tx
        .update(disputeOffers)
        .set({ status: 'superseded', respondedAt: now })
        .where(and(eq(disputeOffers.disputeId, d.id), eq(disputeOffers.status, 'open')));
      const [offer] = await tx
        .insert(disputeOffers)
        .values({
          disputeId: d.id,
          proposerId: user.id,
          proposerRole: role,
          refundAmount: refund,
          message: input.message.trim(),
        })
        .returning();
      await recordContribution(tx, t, d, {
        actorId: user.id,
        role,
        action: 'offer_made',
        event: { type: 'dispute.offer_made', disputeId: d.id, offerId: offer.id },
        now,
      });
      const view = offerView(offer, { currency: t.currency, ...part });
      await answer?.(tx, view);
      return view;
    });
  }

  /** The other party accepts (settles like a partial resolution) or rejects the open offer. */
  async function answerOffer(
    user: SessionUser,
    id: string,
    offerId: string,
    decision: 'accept' | 'reject',
    answer?: StoreAnswer<TDispute>,
  ): Promise<TDispute> {
    return db.transaction(async (tx) => {
      const { t, d } = await lockCase(tx, id);
      const role = partyRole(t, user, M.onlyPartiesOffer, M.notFound);
      if (d.status === 'resolved') throw ALREADY_RESOLVED();
      const [offer] = await tx.select().from(disputeOffers).where(eq(disputeOffers.id, offerId)).for('update');
      if (!offer || offer.disputeId !== d.id) throw notFound(M.offerNotFound);
      if (offer.status !== 'open') throw appError('OFFER_CLOSED', M.offerClosed);
      if (offer.proposerRole === role) throw forbidden(M.ownOffer);
      if (decision === 'reject') {
        await tx
          .update(disputeOffers)
          .set({ status: 'rejected', respondedAt: clock.now() })
          .where(eq(disputeOffers.id, offer.id));
        await recordEvent(tx, {
          transactionId: t.id,
          actorId: user.id,
          from: t.status,
          to: t.status,
          action: 'offer_rejected',
        });
        return changedView(tx, id, answer);
      }
      await settle(tx, t, d, {
        resolution: 'partial_resolution',
        notes: `Settled by agreement: the ${offer.proposerRole}'s offer, accepted by the ${role}. ${offer.message}`,
        refund: offer.refundAmount,
        by: null,
      });
      await tx.update(disputeOffers).set({ status: 'accepted' }).where(eq(disputeOffers.id, offer.id));
      return changedView(tx, id, answer);
    });
  }

  /** The whole case, for a moderator or a party (strangers and other roles: 404). */
  async function getCase(user: SessionUser, id: string): Promise<TDisputeCase> {
    const d = await findDisputeView(db, id);
    if (!d) throw notFound(M.notFound);
    const transaction = await findTransactionView(db, d.transactionId, user, clock.now());
    // The parties, moderators and admins (staff read the file with its internal notes).
    const reader = caseReaderOf(transaction?.viewerRole);
    if (!transaction || !reader) throw notFound(M.notFound);
    const [row] = await db.select().from(transactions).where(eq(transactions.id, d.transactionId));
    const disputeRow = await findDispute(db, id);
    return {
      dispute: d,
      transaction,
      timeline: await timelineOf(db, d.transactionId),
      offers: await listOffers(db, id, { currency: row!.currency, ...partOf(disputeRow!, row!) }),
      file: await buildCaseFile(db, [disputeRow!], row!, reader),
    };
  }

  /** A second moderator or an admin approves the waiting decision: it settles as proposed (four eyes). */
  async function approve(user: SessionUser, id: string, answer?: StoreAnswer<TDispute>): Promise<TDispute> {
    return db.transaction(async (tx) => {
      const { t, d } = await lockCase(tx, id);
      const proposal = assertMayReview(t, d, user);
      const now = clock.now();
      await assertNoConflictOfInterest(tx, d, user.id, now);
      await recordEvent(tx, {
        transactionId: t.id,
        actorId: user.id,
        from: t.status,
        to: t.status,
        action: 'dispute_decision_approved',
        at: now,
      });
      // The approval, then (a millisecond later, so the history tells them in order) the settlement.
      const settledAt = new Date(now.getTime() + 1);
      await settle(tx, t, d, { ...proposal, by: { id: proposal.byId }, approvedById: user.id, now: settledAt });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'dispute.approve',
        subject: { type: 'dispute', id: d.id },
        detail: { ...decisionTerms(t, proposal), proposedById: proposal.byId },
        at: now,
      });
      return changedView(tx, id, answer);
    });
  }

  /** A second moderator or an admin sends the waiting decision back to its moderator; no money moves. */
  async function rejectProposal(
    user: SessionUser,
    id: string,
    input: TRejectProposalRequest,
    answer?: StoreAnswer<TDispute>,
  ): Promise<TDispute> {
    return db.transaction(async (tx) => {
      const { t, d } = await lockCase(tx, id);
      const proposal = assertMayReview(t, d, user);
      await assertNoConflictOfInterest(tx, d, user.id, clock.now());
      const reason = input.reason.trim();
      await sendBack(tx, t, d, { by: user, reason, now: clock.now() });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'dispute.send_back',
        subject: { type: 'dispute', id: d.id },
        reason,
        detail: { ...decisionTerms(t, proposal), proposedById: proposal.byId },
        at: clock.now(),
      });
      return changedView(tx, id, answer);
    });
  }

  return {
    create,
    list: (user: SessionUser, query: TDisputeListQuery) => listPartyDisputes(db, user, query),
    listForModerator: (user: SessionUser, query: TPageQuery) => {
      requireModerator(user);
      return listActiveDisputes(db, query);
    },
    stats: (user: SessionUser) => {
      requireModerator(user);
      return disputeStats(db);
    },
    assign,
    resolve,
    makeOffer,
    answerOffer,
    getCase,
    /** A transaction's history for its parties and staff, from the case file's entries (never a note). */
    transactionTimeline: (user: SessionUser, transactionId: string) => transactionTimeline(db, user, transactionId),
    addNote: (user: SessionUser, id: string, input: TCreateDisputeNoteRequest, answer?: StoreAnswer<TDisputeNote>) =>
      addDisputeNote({ db, clock }, user, id, input, answer),
    moderatorStats: () => moderatorStats(db, clock.now()),
    waiting: (user: SessionUser) => disputeWorkload(db, requireStaff(user), clock.now()),
    history: (user: SessionUser, query: TDisputeHistoryQuery) => listResolvedCases(db, requireStaff(user), query),
    historyFigures: (user: SessionUser) => decisionRecord(db, requireStaff(user)),
    approve,
    rejectProposal,
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
