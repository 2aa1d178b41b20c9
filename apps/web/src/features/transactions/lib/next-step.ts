import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { currentMilestone } from './milestones';

export interface NextStep {
  /** What happens next, from the viewer's side. */
  text: string;
  /** The viewer is the one to act (the list marks it). */
  yours: boolean;
}

/**
 * One line for a row of the list: what the deal waits for, said from the viewer's side, and whether it
 * waits for them. From the server's `allowedActions` (what the viewer may do now) and the deal's state,
 * so the list never offers what the detail page would refuse.
 */
export function nextStep(tx: TTransaction): NextStep {
  const can = (a: TTransaction['allowedActions'][number]) => tx.allowedActions.includes(a);
  const funded = tx.paymentStatus === 'succeeded';
  const buyer = tx.viewerRole === 'buyer';
  const seller = tx.viewerRole === 'seller';
  const you = (text: string): NextStep => ({ text, yours: true });
  const them = (text: string): NextStep => ({ text, yours: false });
  const open = tx.status === 'pending' || tx.status === 'active' || tx.status === 'disputed';
  if (open && tx.milestones.length > 0 && !can('accept')) return stagedNextStep(tx.milestones, tx.status, buyer);

  switch (tx.status) {
    case 'pending':
      if (can('accept')) return you(funded ? 'Accept or decline (funded)' : 'Accept or decline');
      if (can('fund')) return you('Fund the deal');
      if (buyer) return them('Waiting for the seller to accept');
      return them('Waiting for the buyer to fund');
    case 'active':
      if (can('fund')) return you('Fund the deal');
      if (!funded) return them('Waiting for the buyer to fund');
      if (tx.deliveredAt) return buyer ? you('Inspect and confirm receipt') : them('Buyer is inspecting');
      if (can('deliver')) return you('Mark as delivered');
      if (can('confirm')) return you('Confirm receipt when it arrives');
      return seller ? them('Waiting for you to deliver') : them('Waiting for delivery');
    case 'disputed':
      return them('Under review by a moderator');
    case 'completed':
      return can('review') ? you('Leave a review') : them('Finished');
    case 'cancelled':
      return them('Cancelled, nothing to do');
  }
}

/**
 * A deal paid in stages (decision 033), once the seller has nothing to accept: the viewer's own step on a
 * stage first (confirming a delivered one, delivering a funded one, funding one whose funding clock runs),
 * then a stage in dispute, then what the stage the deal is at waits for from the other side.
 */
function stagedNextStep(milestones: readonly TMilestone[], status: TTransaction['status'], buyer: boolean): NextStep {
  const may = (m: TMilestone, a: TMilestone['allowedActions'][number]) => m.allowedActions.includes(a);
  const OWN_STEPS: [string, (m: TMilestone) => boolean][] = [
    ['Confirm', (m) => m.status === 'delivered' && may(m, 'confirm')],
    ['Deliver', (m) => m.status === 'funded' && may(m, 'deliver')],
    // A later stage may be funded early, but it is the viewer's step only once its funding clock runs.
    ['Fund', (m) => may(m, 'fund') && m.cancelsAt !== null],
  ];
  for (const [verb, test] of OWN_STEPS) {
    const m = milestones.find(test);
    if (m) return { text: `${verb} stage ${m.position}`, yours: true };
  }
  const disputed = milestones.find((m) => m.status === 'disputed');
  if (disputed) return { text: `Stage ${disputed.position} in dispute`, yours: false };
  const at = currentMilestone(milestones);
  if (!at) return { text: 'Waiting for the other party', yours: false };
  const n = at.position;
  switch (at.status) {
    case 'delivered':
      return { text: `Buyer is inspecting stage ${n}`, yours: false };
    case 'funded':
      if (status === 'pending') return { text: 'Waiting for the seller to accept', yours: false };
      return {
        text: buyer ? `Waiting for delivery of stage ${n}` : `Waiting for you to deliver stage ${n}`,
        yours: false,
      };
    default:
      if (may(at, 'fund')) return { text: `Fund stage ${n}`, yours: true };
      return { text: `Waiting for the buyer to fund stage ${n}`, yours: false };
  }
}
