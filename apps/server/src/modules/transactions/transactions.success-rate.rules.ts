import type { TDisputeResolution } from '@holdfast/contracts';

/**
 * The public Success Rate (decision 032): of the deals a person finished, the share that went well for
 * them. Only finished deals count, so a deal someone sends and the other side never accepts (pending,
 * declined, cancelled or left to expire before acceptance, never funded) moves nobody's score.
 */

/** What the rule needs to know of one ended deal (completed or cancelled), seen from one party. */
export interface EndedDeal {
  role: 'buyer' | 'seller';
  status: 'completed' | 'cancelled';
  /** The seller accepted it and the buyer funded it: both had committed to the deal. */
  committed: boolean;
  /** Its dispute's outcome, or null when it ended without one. */
  resolution: TDisputeResolution | null;
  /** A moderator decided the dispute (false: the parties settled it by an accepted offer). */
  decidedByModerator: boolean;
  /**
   * For a split: the sign of 2 × refund − disputed amount. 1: the buyer got more than half of the disputed
   * money back; -1: the seller kept more than half; 0: an even split. Null without a split.
   */
  splitLean: number | null;
}

export type DealOutcome = 'success' | 'failure' | 'not_counted';

/** Whether the dispute went against `role`: refund_buyer is the seller's loss, release_to_seller the buyer's. */
export function lostDispute(d: Pick<EndedDeal, 'role' | 'resolution' | 'decidedByModerator' | 'splitLean'>): boolean {
  switch (d.resolution) {
    case 'refund_buyer':
      return d.role === 'seller';
    case 'release_to_seller':
      return d.role === 'buyer';
    case 'partial_resolution':
      // A moderator's split is lost by whoever got less than half of the disputed money; an even split,
      // or a split the parties agreed by offer, is nobody's loss.
      if (!d.decidedByModerator || !d.splitLean) return false;
      return d.splitLean > 0 ? d.role === 'seller' : d.role === 'buyer';
    default:
      return false;
  }
}

/** How one ended deal counts for one party. */
export function dealOutcome(d: EndedDeal): DealOutcome {
  if (d.resolution) return lostDispute(d) ? 'failure' : 'success';
  if (d.status === 'completed') return 'success';
  // Cancelled without a dispute after both committed: only the buyer's cancel of a late delivery ends a
  // deal that way, the seller's failure; the buyer, who paid and waited, is not marked down for it.
  if (d.committed) return d.role === 'seller' ? 'failure' : 'not_counted';
  return 'not_counted';
}

/** Successes of the counted deals as a whole percentage; null before any deal counts ("No completed deals yet"). */
export function successRate(successes: number, counted: number): number | null {
  return counted > 0 ? Math.round((successes / counted) * 100) : null;
}
