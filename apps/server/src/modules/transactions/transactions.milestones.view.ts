import { toDecimal, type TMilestone } from '@holdfast/contracts';
import type { Viewer } from './transactions.rules.js';
import {
  milestoneAllowedActions,
  milestoneTimers,
  type MilestoneRow,
  type StagedDeal,
} from './transactions.milestone-rules.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A deal's milestones as `viewer` sees them at `now`, with what they may do to each. */
export function milestonesView(
  t: StagedDeal & { currency: string },
  milestones: readonly MilestoneRow[],
  viewer: Viewer,
  now: Date,
): TMilestone[] {
  return milestones.map((m) => {
    const timers = milestoneTimers(t, m);
    return {
      id: m.id,
      position: m.position,
      title: m.title,
      amount: toDecimal(m.amount, t.currency),
      fee: toDecimal(m.fee, t.currency),
      total: toDecimal(m.total, t.currency),
      dueDate: m.dueDate,
      status: m.status,
      fundedAt: iso(m.fundedAt),
      deliveredAt: iso(m.deliveredAt),
      trackingReference: m.trackingReference,
      deliveryMessage: m.deliveryMessage,
      autoReleaseAt: iso(timers.autoReleaseAt),
      cancelsAt: iso(timers.cancelsAt),
      lateCancelFrom: iso(timers.lateCancelFrom),
      releasedAt: iso(m.releasedAt),
      endedAt: iso(m.endedAt),
      disputeId: m.disputeId,
      allowedActions: milestoneAllowedActions(t, m, viewer, now),
    };
  });
}

/** The next moment the clock alone opens a milestone action (a late milestone's cancel), or null. */
export function milestonesActionsChangeAt(
  t: Pick<StagedDeal, 'status' | 'acceptedAt'>,
  milestones: readonly MilestoneRow[],
  now: Date,
): Date | null {
  let soonest: Date | null = null;
  for (const m of milestones) {
    const { lateCancelFrom } = milestoneTimers(t, m);
    if (lateCancelFrom && lateCancelFrom > now && (!soonest || lateCancelFrom < soonest)) soonest = lateCancelFrom;
  }
  return soonest;
}
