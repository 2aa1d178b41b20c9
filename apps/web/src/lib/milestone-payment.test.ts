import { describe, expect, it } from 'vitest';
import type { TMilestone } from '@holdfast/contracts';
import { chosenMilestones, fundableMilestones, milestoneCheckoutHref, milestonesSum } from './milestone-payment';

const milestone = (id: string, amount: string, fee: string, total: string, fundable: boolean) =>
  ({ id, amount, fee, total, allowedActions: fundable ? ['fund'] : [] }) as unknown as TMilestone;

const tx = {
  milestones: [
    milestone('m1', '100.00', '3.00', '103.00', false),
    milestone('m2', '200.00', '6.00', '206.00', true),
    milestone('m3', '5000.50', '150.02', '5150.52', true),
  ],
};

describe('paying milestones', () => {
  it('lists the milestones the server lets the buyer fund', () => {
    expect(fundableMilestones(tx).map((m) => m.id)).toEqual(['m2', 'm3']);
  });

  it('sums amounts, fees and totals exactly, in minor units', () => {
    expect(milestonesSum(fundableMilestones(tx), 'ZAR')).toEqual({
      amount: '5200.50',
      fee: '156.02',
      total: '5356.52',
    });
    expect(milestonesSum([], 'ZAR')).toEqual({ amount: '0.00', fee: '0.00', total: '0.00' });
  });

  it('pays the next fundable milestone by default, else the chosen ones still fundable, in order', () => {
    expect(chosenMilestones(tx, null).map((m) => m.id)).toEqual(['m2']);
    expect(chosenMilestones(tx, 'm3,m2').map((m) => m.id)).toEqual(['m2', 'm3']);
    // Funded meanwhile: it drops out; nothing left: nothing is paid.
    expect(chosenMilestones(tx, 'm1,m3').map((m) => m.id)).toEqual(['m3']);
    expect(chosenMilestones(tx, 'm1')).toEqual([]);
  });

  it('addresses the checkout of the chosen milestones', () => {
    expect(milestoneCheckoutHref('t1', ['m2', 'm3'])).toBe('/transactions/t1/checkout?milestones=m2,m3');
    expect(milestoneCheckoutHref('t1', [])).toBe('/transactions/t1/checkout');
  });
});
