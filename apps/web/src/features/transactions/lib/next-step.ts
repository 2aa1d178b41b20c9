import type { TTransaction } from '@holdfast/contracts';

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
