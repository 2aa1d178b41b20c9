import type { TMilestone, TMilestoneStatus } from '@holdfast/contracts';

/**
 * The texts of a deal paid in stages (decision 033), pure so they are tested without a page. The server
 * decides what each party may do to a milestone (its `allowedActions`); these only say where it stands.
 */

export const MILESTONE_STATUS_LABELS: Record<TMilestoneStatus, string> = {
  unfunded: 'Awaiting funding',
  funded: 'Funded',
  delivered: 'Delivered',
  disputed: 'In dispute',
  released: 'Released',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export type MilestoneTone = 'success' | 'warning' | 'info' | 'danger' | 'muted';

export const MILESTONE_STATUS_TONES: Record<TMilestoneStatus, MilestoneTone> = {
  unfunded: 'warning',
  funded: 'info',
  delivered: 'info',
  disputed: 'danger',
  released: 'success',
  refunded: 'muted',
  cancelled: 'muted',
};

const ENDED: ReadonlySet<TMilestoneStatus> = new Set(['released', 'refunded', 'cancelled']);

/** The stage the deal is at: the first milestone that has not ended (null once all have). */
export function currentMilestone<T extends Pick<TMilestone, 'status'>>(milestones: readonly T[]): T | null {
  return milestones.find((m) => !ENDED.has(m.status)) ?? null;
}

/** 'Stage 1 of 3 released' style progress: how many milestones have been released. */
export function milestoneProgress(milestones: readonly Pick<TMilestone, 'status'>[]): string {
  const released = milestones.filter((m) => m.status === 'released').length;
  return `${released} of ${milestones.length} released`;
}
