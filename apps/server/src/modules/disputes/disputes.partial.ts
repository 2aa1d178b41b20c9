import {
  PARTIAL_DISPUTE_MESSAGES as P,
  checkDisputedAmount,
  disputedPartOf,
  type DisputedPart,
  type TPartyRole,
} from '@holdfast/contracts';
import { badRequest } from '../../lib/errors.js';

/**
 * Partial disputes (issue 28, decision 022): the buyer may dispute part of the amount; the rest is released
 * to the seller when the case opens (transactions.transitions.ts openDispute) and every outcome applies to
 * the disputed part only (resolveDispute with `part`).
 */

/** The amount in dispute (minor units) from the request: the whole amount unless the buyer named part of it. */
export function parseDisputedAmount(
  value: string | number | undefined,
  t: { amount: bigint; currency: string },
  role: TPartyRole,
): bigint {
  if (value === undefined || value === '') return t.amount;
  if (role !== 'buyer') throw badRequest(P.sellerDisputesWhole, { disputedAmount: P.sellerDisputesWhole });
  const checked = checkDisputedAmount(value, t.amount, t.currency);
  if (!checked.ok) throw badRequest(checked.error, { disputedAmount: checked.error });
  return checked.minor;
}

/**
 * The money a case still holds in escrow: its disputed amount with its fee share (the whole deal when
 * whole). A case over a milestone (decision 033) is of that milestone's amount and fee instead of the deal's.
 */
export function partOf(
  d: { disputedAmount: bigint | null; milestoneAmount?: bigint | null; milestoneFee?: bigint | null },
  t: { amount: bigint; fee: bigint },
): DisputedPart {
  const amount = d.milestoneAmount ?? t.amount;
  const fee = d.milestoneFee ?? t.fee;
  return disputedPartOf(amount, fee, d.disputedAmount ?? amount);
}
