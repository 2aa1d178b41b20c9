import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { decimalsOf, fromMinor, toMinor } from '@holdfast/contracts/constants';

/**
 * Paying the milestones of a deal paid in stages (decision 033), shared by the stepper that chooses them and
 * the checkout that pays them. Which milestones may be funded is the server's word (each milestone's
 * `allowedActions`); these only pick, sum and address them.
 */

/** The milestones the viewer may fund now, in order. */
export function fundableMilestones(tx: Pick<TTransaction, 'milestones'>): TMilestone[] {
  return tx.milestones.filter((m) => m.allowedActions.includes('fund'));
}

/** The amount, fee and total of several milestones, summed in minor units as the server charges them. */
export function milestonesSum(milestones: readonly Pick<TMilestone, 'amount' | 'fee' | 'total'>[], currency: string) {
  const places = decimalsOf(currency);
  const sum = (pick: (m: Pick<TMilestone, 'amount' | 'fee' | 'total'>) => string) =>
    fromMinor(
      milestones.reduce((s, m) => s + (toMinor(pick(m), places) ?? 0n), 0n),
      places,
    );
  return { amount: sum((m) => m.amount), fee: sum((m) => m.fee), total: sum((m) => m.total) };
}

/** The checkout of the named milestones: `/transactions/:id/checkout?milestones=<id>,<id>`. */
export function milestoneCheckoutHref(transactionId: string, milestoneIds: readonly string[]): string {
  const base = `/transactions/${encodeURIComponent(transactionId)}/checkout`;
  return milestoneIds.length ? `${base}?milestones=${milestoneIds.map(encodeURIComponent).join(',')}` : base;
}

/**
 * What the checkout pays, from its `?milestones=` (null: not given). Not given: the next milestone the
 * buyer may fund, as the server's own default. Given: those of them the buyer may still fund, in order
 * (one funded or ended meanwhile drops out, and the page names what is left); none left: empty.
 */
export function chosenMilestones(tx: Pick<TTransaction, 'milestones'>, param: string | null): TMilestone[] {
  const fundable = fundableMilestones(tx);
  if (param === null) return fundable.slice(0, 1);
  const ids = new Set(param.split(',').filter(Boolean));
  return fundable.filter((m) => ids.has(m.id));
}
