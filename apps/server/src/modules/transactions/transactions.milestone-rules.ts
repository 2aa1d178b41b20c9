import {
  ESCROW_TIMERS,
  MILESTONE_ACTIONS,
  MILESTONE_MESSAGES as MM,
  TRANSACTION_ACTIONS,
  TRANSACTION_MESSAGES as M,
  isMilestoneEnded,
  type TMilestoneAction,
  type TPaymentStatus,
  type TTransactionAction,
  type TTransactionStatus,
} from '@holdfast/contracts';
import type { transactionMilestones } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import {
  allowedActions,
  relationOf,
  type ActionableRow,
  type Parties,
  type TransitionProblem,
  type Viewer,
} from './transactions.rules.js';

/**
 * The rules of a deal paid in stages (decision 033) as pure functions: who may act on a milestone, which
 * milestone actions its state allows, its timers, and the deal's status that follows from its milestones.
 */

export type MilestoneRow = typeof transactionMilestones.$inferSelect;

/** The milestone actions a route takes (a dispute is opened through the disputes module). */
export type MilestoneChange = Exclude<TMilestoneAction, 'dispute'>;

/** The changes of a deal paid in stages: a milestone's, or the seller's cancel of the remaining stages. */
export type StagedChangeAction = MilestoneChange | 'cancel_remaining';

/** The deal as the milestone rules read it. */
export interface StagedDeal extends Parties {
  status: TTransactionStatus;
  acceptedAt: Date | null;
  inspectionDays: number;
}

const WHO: Record<StagedChangeAction, { who: 'buyer' | 'seller'; denied: string }> = {
  fund: { who: 'buyer', denied: M.onlyBuyerFund },
  confirm: { who: 'buyer', denied: M.onlyBuyerConfirm },
  cancel: { who: 'buyer', denied: 'Only the buyer can cancel a late milestone' },
  deliver: { who: 'seller', denied: M.onlySellerDeliver },
  // The seller may give up the work still to do (it only returns money to the buyer). The buyer's ways out
  // after acceptance are the spec's: cancel a late milestone, or dispute one (decision 033).
  cancel_remaining: { who: 'seller', denied: MM.onlySellerCancelsRemaining },
};

/** Throws unless `user` may take `action` on a milestone of `t`: 404 for strangers, 403 for the wrong party. */
export function authorizeMilestone(t: Parties, user: Viewer, action: StagedChangeAction) {
  const rel = relationOf(t, user);
  const rule = WHO[action];
  if (rule.who === 'buyer' ? rel.isBuyer : rel.isSeller) return;
  if (rel.isUnverifiedSeller && rule.who === 'seller') throw new AppError('EMAIL_NOT_VERIFIED', M.verifyEmailFirst);
  if (!rel.viewerRole) throw notFound(M.notFound);
  throw forbidden(rule.denied);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** When each timer of a milestone fires (null when it does not apply in its state). */
export function milestoneTimers(
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  m: MilestoneRow,
): { cancelsAt: Date | null; lateCancelFrom: Date | null; autoReleaseAt: Date | null } {
  const open = t.status === 'pending' || t.status === 'active' || t.status === 'disputed';
  const cancelsAt =
    open && m.status === 'unfunded' && m.fundingClockFrom
      ? plusDays(m.fundingClockFrom, ESCROW_TIMERS.unfundedCancelDays)
      : null;
  let lateCancelFrom: Date | null = null;
  if (open && t.acceptedAt && m.status === 'funded') {
    const started = m.fundedAt && m.fundedAt > t.acceptedAt ? m.fundedAt : t.acceptedAt;
    const due = m.dueDate ? new Date(`${m.dueDate}T00:00:00Z`) : started;
    lateCancelFrom = plusDays(due > started ? due : started, ESCROW_TIMERS.lateDeliveryGraceDays);
  }
  const autoReleaseAt = open && m.status === 'delivered' ? m.autoReleaseAt : null;
  return { cancelsAt, lateCancelFrom, autoReleaseAt };
}

const problem = (code: TransitionProblem['code'], message: string): TransitionProblem => ({ code, message });

/** Why `action` may not be taken on milestone `m` of deal `t` at `now`, or null when it may. */
export function milestoneProblem(
  action: MilestoneChange | 'dispute',
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  m: MilestoneRow,
  now: Date,
): TransitionProblem | null {
  if (t.status === 'completed') return problem('ALREADY_COMPLETED', MM.dealEnded);
  if (t.status === 'cancelled') return problem('ALREADY_CANCELLED', MM.dealEnded);
  if (isMilestoneEnded(m.status)) return problem('MILESTONE_ENDED', MM.milestoneEnded);
  if (m.status === 'disputed') return problem('UNDER_DISPUTE', MM.underDispute);
  switch (action) {
    case 'fund':
      return m.status === 'unfunded' ? null : problem('ALREADY_FUNDED', MM.alreadyFunded);
    case 'deliver':
      if (!t.acceptedAt) return problem('NOT_ACTIVE', MM.notAccepted);
      if (m.status === 'unfunded') return problem('NOT_DELIVERABLE', MM.notFunded);
      return m.status === 'delivered' ? problem('ALREADY_DELIVERED', MM.alreadyDelivered) : null;
    case 'confirm':
      if (!t.acceptedAt) return problem('NOT_ACTIVE', MM.notAccepted);
      return m.status === 'unfunded' ? problem('NOT_FUNDED', MM.notFunded) : null;
    case 'dispute':
      return m.status === 'unfunded' ? problem('NOT_DISPUTABLE', MM.notDisputable) : null;
    case 'cancel': {
      if (m.status === 'unfunded') return problem('NOT_FUNDED', MM.notFunded);
      if (m.status === 'delivered') return problem('ALREADY_DELIVERED', MM.alreadyDelivered);
      const { lateCancelFrom } = milestoneTimers(t, m);
      return lateCancelFrom && now >= lateCancelFrom ? null : problem('LATE_CANCEL_NOT_YET', MM.lateCancelNotYet);
    }
  }
}

/** Throws the 409 for a refused milestone action. */
export function assertMilestoneAction(
  action: MilestoneChange | 'dispute',
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  m: MilestoneRow,
  now: Date,
) {
  const p = milestoneProblem(action, t, m, now);
  if (p) throw new AppError(p.code, p.message);
}

/** What `viewer` may do to milestone `m` now: the predicates that refuse the action when it is attempted. */
export function milestoneAllowedActions(t: StagedDeal, m: MilestoneRow, viewer: Viewer, now: Date): TMilestoneAction[] {
  const rel = relationOf(t, viewer);
  if (!rel.isBuyer && !rel.isSeller) return [];
  return MILESTONE_ACTIONS.filter((action) => {
    const mayAct = action === 'dispute' ? true : WHO[action].who === (rel.isBuyer ? 'buyer' : 'seller');
    return mayAct && milestoneProblem(action, t, m, now) === null;
  });
}

/**
 * The milestones the seller's cancel of the remaining stages ends: the unfunded ones (they end) and the
 * funded ones not yet delivered (their totals return to the buyer). Delivered and disputed ones go on.
 */
export const remainingStages = (milestones: readonly MilestoneRow[]) =>
  milestones.filter((m) => m.status === 'unfunded' || m.status === 'funded');

/** Why the remaining stages of deal `t` may not be cancelled now, or null when they may. */
export function cancelRemainingProblem(
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  milestones: readonly MilestoneRow[],
): TransitionProblem | null {
  if (t.status === 'completed') return problem('ALREADY_COMPLETED', MM.dealEnded);
  if (t.status === 'cancelled') return problem('ALREADY_CANCELLED', MM.dealEnded);
  if (!t.acceptedAt) return problem('NOT_ACTIVE', MM.cancelRemainingBeforeAcceptance);
  return remainingStages(milestones).length ? null : problem('NOTHING_TO_CANCEL', MM.nothingToCancel);
}

/** Throws the 409 for a refused cancel of the remaining stages. */
export function assertCancelRemaining(
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  milestones: readonly MilestoneRow[],
) {
  const p = cancelRemainingProblem(t, milestones);
  if (p) throw new AppError(p.code, p.message);
}

/**
 * The `allowedActions` of a deal paid in stages: the deal's own (allowedActions), with the seller's
 * cancel of the remaining stages when cancelRemainingProblem allows it, in TRANSACTION_ACTIONS' order.
 */
export function stagedDealActions(
  t: ActionableRow,
  milestones: readonly MilestoneRow[],
  viewer: Viewer,
  now: Date,
): TTransactionAction[] {
  const actions = allowedActions(t, viewer, now);
  if (!relationOf(t, viewer).isSeller || cancelRemainingProblem(t, milestones)) return actions;
  return TRANSACTION_ACTIONS.filter((a) => a === 'cancel_remaining' || actions.includes(a));
}

/** Finds a milestone of the deal by id (404 with the milestone's message otherwise). */
export function milestoneOf(milestones: readonly MilestoneRow[], milestoneId: string): MilestoneRow {
  const m = milestones.find((x) => x.id === milestoneId);
  if (!m) throw notFound(MM.notFound);
  return m;
}

/**
 * The deal's status and payment status that follow from its milestones: disputed while any milestone is;
 * once every milestone has ended, completed when any money reached the seller, else cancelled; otherwise
 * pending until the seller accepts, then active.
 */
export function stagedDealState(
  t: Pick<StagedDeal, 'acceptedAt'>,
  milestones: readonly Pick<MilestoneRow, 'status'>[],
): { status: TTransactionStatus; paymentStatus: TPaymentStatus } {
  const statuses = milestones.map((m) => m.status);
  const held = statuses.some((s) => s === 'funded' || s === 'delivered' || s === 'disputed' || s === 'released');
  const paymentStatus: TPaymentStatus = held ? 'succeeded' : statuses.includes('refunded') ? 'refunded' : 'unpaid';
  if (statuses.includes('disputed')) return { status: 'disputed', paymentStatus };
  if (statuses.every(isMilestoneEnded)) {
    return { status: statuses.includes('released') ? 'completed' : 'cancelled', paymentStatus };
  }
  return { status: t.acceptedAt ? 'active' : 'pending', paymentStatus };
}

/** The milestone whose funding clock starts when `ended` ends: the next one still unfunded, if any. */
export function nextUnfunded(milestones: readonly MilestoneRow[], after: MilestoneRow): MilestoneRow | null {
  const next = milestones.find((m) => m.position > after.position && m.status === 'unfunded');
  return next && !next.fundingClockFrom ? next : null;
}
