import { ESCROW_TIMERS, TRANSACTION_MESSAGES as M, type TDisputeResolution } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import type { AnyNewJob } from '../../jobs/queue.js';
import { DAY } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import {
  milestonesRefundEntry,
  partialReleaseEntry,
  refundEntry,
  releaseEntry,
  splitEntry,
  type EntryInput,
} from '../../ledger/index.js';
import { notifyJob, type NotificationEvent } from '../notifications/index.js';
import type { TransactionRow } from './transactions.queries.js';
import { ENDINGS, inspectionEndsAt, inspectionReminderAt, type Ending } from './transactions.rules.js';
import { commitChange, type ActorId } from './transactions.transitions.js';
import { nextUnfunded, remainingStages, stagedDealState, type MilestoneRow } from './transactions.milestone-rules.js';
import { updateMilestone, type MilestoneChanges } from './transactions.milestones.queries.js';

/**
 * The transitions of a deal paid in stages (decision 033), shared by the service, the timers, card
 * payments and the disputes module. Callers hold the deal's row lock (which guards its milestones too)
 * and have checked the rules. Each writes its milestones' rows, then the deal's change through
 * commitChange (status from stagedDealState, history, jobs, the ledger entry) in the same database
 * transaction: one writer for the deal, one entry per change, each movement from ledger/movements.ts
 * with the milestone's own escrow account.
 */

export interface StagedChange {
  actorId: ActorId;
  /** The history's action; a `milestone_…` action gets its milestones' positions (`milestone_confirm:2`). */
  action: string;
  now: Date;
  /** What each changed milestone becomes. */
  changes: { m: MilestoneRow; set: MilestoneChanges }[];
  /** Notifications (each naming its milestone). */
  events?: NotificationEvent[];
  jobs?: AnyNewJob[];
  entry?: EntryInput;
  /** Deal columns set besides status and payment status. */
  set?: Parameters<typeof commitChange>[2]['set'];
}

/** The milestones and the deal after a change. */
export interface StagedResult {
  t: TransactionRow;
  milestones: MilestoneRow[];
}

/** Starts the funding clock of the milestone after `ended` (when it is unfunded and its clock has not run). */
function startNextFundingClock(milestones: MilestoneRow[], ended: MilestoneRow, now: Date) {
  const next = nextUnfunded(milestones, ended);
  if (!next) return { changes: [], jobs: [] };
  return {
    changes: [{ m: next, set: { fundingClockFrom: now } }],
    jobs: [milestoneDeadlineJob(ended.transactionId, next.id, now)],
  };
}

/** A milestone's funding deadline, counted from `from` (the deal's creation, or the previous milestone's end). */
export function milestoneDeadlineJob(transactionId: string, milestoneId: string, from: Date): AnyNewJob {
  return {
    kind: 'milestone.deadline',
    payload: { transactionId, milestoneId },
    runAt: new Date(from.getTime() + ESCROW_TIMERS.unfundedCancelDays * DAY),
    key: `deadline:unfunded:${milestoneId}`,
  };
}

/** The one writer of a deal paid in stages: its milestones' rows, then the deal's change (commitChange). */
export async function commitStaged(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  c: StagedChange,
): Promise<StagedResult> {
  const byId = new Map(milestones.map((m) => [m.id, m]));
  for (const { m, set } of c.changes) {
    await updateMilestone(tx, m.id, { ...set, updatedAt: c.now });
    byId.set(m.id, { ...byId.get(m.id)!, ...set, updatedAt: c.now });
  }
  const after = milestones.map((m) => byId.get(m.id)!);
  const state = stagedDealState(t, after);
  // The milestones whose state the change moves (not one whose funding clock it merely starts).
  const moved = c.changes.filter(({ set }) => set.status !== undefined);
  const positions = [...new Set(moved.map(({ m }) => m.position))].sort((a, b) => a - b).join(',');
  const ends =
    state.status === 'completed' && t.status !== 'completed'
      ? { completedAt: c.now }
      : state.status === 'cancelled' && t.status !== 'cancelled'
        ? { cancelledAt: c.now }
        : {};
  const [first, ...rest] = c.events ?? [];
  const changed = await commitChange(tx, t, {
    actorId: c.actorId,
    // Milestone actions name their milestones ('milestone_dispute:2' too); the case's later steps keep the
    // names the case file reads.
    action: positions && c.action.startsWith('milestone_') ? `${c.action}:${positions}` : c.action,
    to: state.status,
    now: c.now,
    set: { ...c.set, ...ends, paymentStatus: state.paymentStatus },
    ...(first ? { event: first } : {}),
    jobs: [...rest.map((e) => notifyJob(e, c.now)), ...(c.jobs ?? [])],
    ...(c.entry ? { entry: c.entry } : {}),
  });
  return { t: changed, milestones: after };
}

/** Escrow of the named milestones is funded (wallet or card: the caller names the entry). */
export function fundMilestones(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  targets: MilestoneRow[],
  c: { actorId: ActorId; action: string; now: Date; entry: EntryInput },
) {
  const firstFunding = !t.fundedAt;
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: c.action,
    now: c.now,
    changes: targets.map((m) => ({ m, set: { status: 'funded' as const, fundedAt: c.now } })),
    events: targets.map((m) => ({ type: 'transaction.funded' as const, transactionId: t.id, milestoneId: m.id })),
    set: firstFunding ? { fundedAt: c.now } : {},
    // Money the seller has not accepted yet waits at most ESCROW_TIMERS.unacceptedCancelDays (the deal's timer).
    jobs:
      t.status === 'pending' && firstFunding
        ? [
            {
              kind: 'transaction.deadline',
              payload: { transactionId: t.id, deadline: 'unaccepted' },
              runAt: new Date(c.now.getTime() + ESCROW_TIMERS.unacceptedCancelDays * DAY),
              key: `deadline:unaccepted:${t.id}`,
            },
          ]
        : [],
    entry: c.entry,
  });
}

/** The seller marks a funded milestone delivered: its own inspection period, reminder and automatic release. */
export function deliverMilestone(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  m: MilestoneRow,
  c: { actorId: string; now: Date; trackingReference?: string; note?: string },
) {
  const autoReleaseAt = inspectionEndsAt(c.now, t.inspectionDays);
  const remindAt = inspectionReminderAt(autoReleaseAt, c.now);
  const payload = { transactionId: t.id, milestoneId: m.id };
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: 'milestone_deliver',
    now: c.now,
    changes: [
      {
        m,
        set: {
          status: 'delivered',
          deliveredAt: c.now,
          trackingReference: c.trackingReference ?? null,
          deliveryMessage: c.note ?? null,
          autoReleaseAt,
        },
      },
    ],
    events: [{ type: 'transaction.delivered', transactionId: t.id, milestoneId: m.id }],
    jobs: [
      { kind: 'milestone.auto-release', payload, runAt: autoReleaseAt, key: `auto-release:${m.id}` },
      ...(remindAt
        ? [
            {
              kind: 'milestone.inspection-reminder' as const,
              payload,
              runAt: remindAt,
              key: `inspection-reminder:${m.id}`,
            },
          ]
        : []),
    ],
  });
}

const label = (m: MilestoneRow) => `milestone ${m.position} (${m.title})`;

/**
 * A milestone's escrow pays its fee to fees and its amount to the seller: the buyer's confirmation or the
 * end of its inspection period (`automatic`). The next unfunded milestone's funding clock starts.
 */
export function releaseMilestone(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  m: MilestoneRow,
  c: { actorId: ActorId; now: Date; automatic: boolean },
) {
  if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  const next = startNextFundingClock(milestones, m, c.now);
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: c.automatic ? 'milestone_auto_release' : 'milestone_confirm',
    now: c.now,
    changes: [{ m, set: { status: 'released', releasedAt: c.now } }, ...next.changes],
    events: [{ type: 'transaction.released', transactionId: t.id, automatic: c.automatic, milestoneId: m.id }],
    jobs: next.jobs,
    entry: releaseEntry({
      transactionId: t.id,
      milestoneId: m.id,
      sellerId: t.sellerId,
      currency: t.currency,
      amount: m.amount,
      fee: m.fee,
      memo: c.automatic
        ? `Released automatically after the inspection period of ${label(m)}`
        : `Buyer confirmed ${label(m)}`,
    }),
  });
}

/** The buyer cancels a funded milestone whose delivery is late: its total returns to the buyer's wallet. */
export function refundLateMilestone(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  m: MilestoneRow,
  c: { actorId: string; now: Date },
) {
  const next = startNextFundingClock(milestones, m, c.now);
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: 'milestone_cancel_late_delivery',
    now: c.now,
    changes: [{ m, set: { status: 'refunded', endedAt: c.now } }, ...next.changes],
    events: [{ type: 'transaction.cancelled', transactionId: t.id, reason: 'late_delivery', milestoneId: m.id }],
    jobs: next.jobs,
    entry: refundEntry({
      transactionId: t.id,
      milestoneId: m.id,
      buyerId: t.buyerId,
      currency: t.currency,
      total: m.total,
      memo: `Cancelled by the buyer: ${label(m)} not delivered in time`,
    }),
  });
}

/**
 * Ends milestones that have not been delivered: the unfunded ones are cancelled, the funded ones are
 * refunded, their totals back to the buyer's wallet in one entry (milestonesRefundEntry).
 */
function endUndelivered(t: TransactionRow, toEnd: readonly MilestoneRow[], c: { now: Date; memo: string }) {
  const funded = toEnd.filter((m) => m.status === 'funded');
  const open = toEnd.filter((m) => m.status === 'unfunded');
  return {
    changes: [
      ...funded.map((m) => ({ m, set: { status: 'refunded' as const, endedAt: c.now } })),
      ...open.map((m) => ({ m, set: { status: 'cancelled' as const, endedAt: c.now } })),
    ],
    ...(funded.length
      ? {
          entry: milestonesRefundEntry({
            transactionId: t.id,
            buyerId: t.buyerId,
            currency: t.currency,
            milestones: funded.map((m) => ({ milestoneId: m.id, total: m.total })),
            memo: c.memo,
          }),
        }
      : {}),
  };
}

/**
 * Ends the whole deal before acceptance (declined, cancelled, or the unaccepted deadline): unfunded
 * milestones end, funded ones return their totals to the buyer's wallet in one entry.
 */
export function cancelStagedDeal(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  c: { actorId: ActorId; now: Date; ending: Ending },
) {
  const { reason, memo } = ENDINGS[c.ending];
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: c.ending,
    now: c.now,
    ...endUndelivered(t, remainingStages(milestones), { now: c.now, memo }),
    events: [{ type: 'transaction.cancelled', transactionId: t.id, reason }],
  });
}

/**
 * The seller gives up the remaining stages of an accepted deal (remainingStages): the unfunded ones end
 * and the funded ones not yet delivered return their totals to the buyer, in one entry. Delivered and
 * disputed milestones go on; the deal's status follows (stagedDealState). The history names the
 * milestones it ended (`milestone_cancel_remaining:2,3`), the notification each one's money.
 */
export function cancelRemainingStages(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  c: { actorId: string; now: Date },
) {
  const ended = remainingStages(milestones);
  const memo = `Cancelled by the seller: ${ended.map(label).join(', ')} (the remaining stages)`;
  return commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    action: 'milestone_cancel_remaining',
    now: c.now,
    ...endUndelivered(t, ended, { now: c.now, memo }),
    events: [{ type: 'transaction.stages_cancelled', transactionId: t.id, milestoneIds: ended.map((m) => m.id) }],
  });
}

/** A milestone's funding deadline passed: every milestone still unfunded ends (no money moves). */
export function expireUnfundedMilestones(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  c: { now: Date; expired: MilestoneRow },
) {
  const open = milestones.filter((m) => m.status === 'unfunded');
  return commitStaged(tx, t, milestones, {
    actorId: null,
    action: 'milestone_expire_unfunded',
    now: c.now,
    changes: open.map((m) => ({ m, set: { status: 'cancelled' as const, endedAt: c.now } })),
    events: [
      { type: 'transaction.cancelled', transactionId: t.id, reason: 'unfunded_deadline', milestoneId: c.expired.id },
    ],
  });
}

/**
 * A party opens a dispute over one milestone: it waits for the outcome (no timer moves it), the deal is
 * disputed while it does, and the other milestones go on. A partial dispute releases the undisputed
 * remainder of the milestone to the seller at once (partialReleaseEntry over its escrow).
 */
export async function openMilestoneDispute(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  m: MilestoneRow,
  c: { actorId: string; now: Date; disputeId: string; disputed: bigint },
) {
  const opened = await commitStaged(tx, t, milestones, {
    actorId: c.actorId,
    // 'milestone_dispute:2': the history names the stage in dispute (the case file's words name it).
    action: 'milestone_dispute',
    now: c.now,
    changes: [{ m, set: { status: 'disputed', disputeId: c.disputeId } }],
    events: [{ type: 'dispute.opened', disputeId: c.disputeId }],
  });
  if (c.disputed >= m.amount) return opened;
  if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
  return commitStaged(tx, opened.t, opened.milestones, {
    actorId: c.actorId,
    // No milestone's state moves here, so the stage is named by hand: 'milestone_dispute_partial_release:2'.
    action: `milestone_dispute_partial_release:${m.position}`,
    now: new Date(c.now.getTime() + 1),
    changes: [],
    entry: partialReleaseEntry({
      transactionId: t.id,
      milestoneId: m.id,
      sellerId: t.sellerId,
      currency: t.currency,
      amount: m.amount,
      fee: m.fee,
      disputed: c.disputed,
    }),
  });
}

/**
 * A milestone's dispute outcome over the money its escrow still holds (`part`: the disputed amount and its
 * fee share): released or split (the milestone is released), or refunded (refunded when the whole
 * milestone was in dispute; released when its seller was paid the rest at open). The deal's status
 * follows from its milestones; the next unfunded milestone's funding clock starts.
 */
export function resolveMilestoneDispute(
  tx: Tx,
  t: TransactionRow,
  milestones: MilestoneRow[],
  m: MilestoneRow,
  c: {
    moderatorId: string | null;
    now: Date;
    disputeId: string;
    resolution: TDisputeResolution;
    refund: bigint | null;
    part: { amount: bigint; fee: bigint };
  },
) {
  const memo = `${c.moderatorId ? 'Dispute decided by a moderator' : 'Dispute settled by agreement'}: ${label(m)}`;
  const whole = c.part.amount === m.amount;
  const money = { transactionId: t.id, milestoneId: m.id, currency: t.currency, memo };
  const refunded = c.resolution === 'refund_buyer' && whole;
  let entry: EntryInput;
  if (c.resolution === 'refund_buyer') {
    entry = refundEntry({ ...money, buyerId: t.buyerId, total: c.part.amount + c.part.fee });
  } else {
    if (!t.sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
    const parts = { ...money, sellerId: t.sellerId, amount: c.part.amount, fee: c.part.fee };
    entry =
      c.resolution === 'release_to_seller'
        ? releaseEntry(parts)
        : splitEntry({ ...parts, buyerId: t.buyerId, refund: c.refund ?? 0n });
  }
  const next = startNextFundingClock(milestones, m, c.now);
  return commitStaged(tx, t, milestones, {
    actorId: c.moderatorId,
    action: c.moderatorId ? `dispute_resolved:${c.resolution}` : 'dispute_settled',
    now: c.now,
    changes: [
      {
        m,
        set: refunded ? { status: 'refunded', endedAt: c.now } : { status: 'released', releasedAt: c.now },
      },
      ...next.changes,
    ],
    events: [{ type: 'dispute.resolved', disputeId: c.disputeId }],
    jobs: next.jobs,
    entry,
  });
}
