import { describe, expect, it } from 'vitest';
import { MILESTONE_STATUSES } from '@holdfast/contracts';
import { MILESTONE_STATUS_LABELS, currentMilestone, milestoneProgress } from './milestones';

describe('milestone texts', () => {
  it('labels every status', () => {
    for (const s of MILESTONE_STATUSES) expect(MILESTONE_STATUS_LABELS[s]).toBeTruthy();
  });

  it('the current stage is the first milestone that has not ended', () => {
    const ms = [{ status: 'released' as const }, { status: 'unfunded' as const }, { status: 'funded' as const }];
    expect(currentMilestone(ms)).toBe(ms[1]);
    expect(currentMilestone([{ status: 'released' as const }, { status: 'cancelled' as const }])).toBeNull();
  });

  it('counts the released milestones', () => {
    expect(milestoneProgress([{ status: 'released' }, { status: 'delivered' }, { status: 'unfunded' }])).toBe(
      '1 of 3 released',
    );
  });
});
