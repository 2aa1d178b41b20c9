import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { milestonesSum } from '@/lib/milestone-payment';

/** What the checkout pays: the deal's total, or of a deal paid in stages the chosen milestones' (decision 033). */
export interface CheckoutPayment {
  amount: string;
  fee: string;
  total: string;
  /** A deal paid in stages: the milestones this payment funds, in order. */
  milestones?: TMilestone[];
}

export function checkoutPayment(tx: TTransaction, milestones?: TMilestone[]): CheckoutPayment {
  if (!milestones) return { amount: tx.amount, fee: tx.fee, total: tx.total };
  return { ...milestonesSum(milestones, tx.currency), milestones };
}
