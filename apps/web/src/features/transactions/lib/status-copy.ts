import type { TTransaction } from '@holdfast/contracts';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts/constants';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * What a transaction's card says, by its status, the viewer's side and where the money went (issue 32):
 * pure, so every status × viewer × outcome is tested. The money lines are written from the server's
 * `outcome` (the ledger's figures), never from the status alone: a refund never reads as a release, and a
 * completed deal whose buyer got part back says so.
 */

export type CopyViewer = 'buyer' | 'seller' | 'other';
export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'muted';

type CopyTx = Pick<
  TTransaction,
  'status' | 'paymentStatus' | 'type' | 'amount' | 'total' | 'currency' | 'deliveredAt' | 'outcome'
>;

/** How a deal that ended reads: its panel's tone and badge, the title and the money per party. */
export interface EndingCopy {
  tone: Tone;
  badge: string;
  title: string;
  /** The first line (the spec's sentence for a plain release). */
  summary: string;
  /** Each party's money, from the viewer's side. */
  money: string[];
  /** Who settled it, after a dispute. */
  decided: string | null;
}

const DECIDED: Record<'moderator' | 'agreement', string> = {
  moderator: 'Decided by a moderator after a dispute.',
  agreement: 'Settled by agreement between the buyer and the seller.',
};

/** The ending of a completed or cancelled deal; null while it is open. */
export function endingCopy(tx: CopyTx, viewer: CopyViewer): EndingCopy | null {
  if (tx.status !== 'completed' && tx.status !== 'cancelled') return null;
  const m = (v: string) => formatMoney(v, tx.currency);
  const o = tx.outcome;
  const decided = o?.decidedBy ? DECIDED[o.decidedBy] : null;
  // Without figures (an older answer), the status and payment status still tell release from refund.
  const ending =
    o?.ending ?? (tx.status === 'completed' ? 'released' : tx.paymentStatus === 'refunded' ? 'refunded' : 'cancelled');
  const buyerGot = m(o?.buyerRefunded ?? tx.total);
  const sellerGot = m(o?.sellerReceived ?? tx.amount);
  switch (ending) {
    case 'released':
      return {
        tone: 'success',
        badge: 'Completed',
        title: 'Transaction Completed',
        summary: 'Funds have been released to the seller.',
        money:
          viewer === 'seller'
            ? [`You received ${sellerGot} in your wallet.`]
            : viewer === 'buyer'
              ? [`The seller received ${sellerGot}.`]
              : [`The seller received ${sellerGot}.`],
        decided,
      };
    case 'refunded':
      return {
        tone: 'muted',
        badge: 'Refunded',
        title: tx.status === 'cancelled' ? 'Transaction Cancelled: refunded' : 'Transaction Refunded',
        summary:
          viewer === 'buyer'
            ? `You were refunded ${buyerGot} to your wallet.`
            : `The buyer was refunded ${buyerGot} to their wallet.`,
        money:
          viewer === 'seller' ? ['Nothing was paid to you for this transaction.'] : ['The seller received nothing.'],
        decided,
      };
    case 'split':
      return {
        tone: 'info',
        badge: 'Split',
        title: 'Transaction Completed: funds split',
        summary: 'The money was split between the buyer and the seller.',
        money:
          viewer === 'buyer'
            ? [`You were refunded ${buyerGot}; the seller received ${sellerGot}.`]
            : viewer === 'seller'
              ? [`You received ${sellerGot}; the buyer was refunded ${buyerGot}.`]
              : [`The buyer was refunded ${buyerGot}; the seller received ${sellerGot}.`],
        decided,
      };
    case 'cancelled':
      return {
        tone: 'muted',
        badge: 'Cancelled',
        title: 'Transaction Cancelled',
        summary: 'This transaction was cancelled and can no longer be funded or accepted.',
        money: ['No money was paid in, so none moved.'],
        decided,
      };
  }
}

/** The heading of an accepted deal, from the viewer's side. */
export function activeHeading(tx: Pick<TTransaction, 'type' | 'deliveredAt'>, viewer: CopyViewer): string {
  const service = tx.type === 'service';
  if (tx.deliveredAt) {
    if (viewer === 'buyer')
      return service ? 'Delivered: you are checking the work' : 'Delivered: you are inspecting the item';
    return service ? 'Delivered: the buyer is checking the work' : 'Delivered: the buyer is inspecting the item';
  }
  if (viewer === 'seller') return service ? 'Accepted: you are doing the work' : 'Accepted: waiting for you to deliver';
  return service ? 'Accepted: the service is under way' : 'Accepted: awaiting delivery';
}

/** The seller's "Your payout" line: the amount and what it waits for, or what they were paid. */
export function sellerPayout(tx: CopyTx): { amount: string; note: string } {
  const m = (v: string) => formatMoney(v, tx.currency);
  const o = tx.outcome;
  switch (tx.status) {
    case 'pending':
    case 'active':
      return { amount: m(tx.amount), note: 'when the buyer confirms receipt or the inspection period ends' };
    case 'disputed':
      if (o && Number(o.sellerReceived) > 0) {
        return {
          amount: m(o.sellerReceived),
          note: `paid to your wallet when the dispute opened; ${m(o.heldInEscrow)} stays in escrow until the dispute ends`,
        };
      }
      return {
        amount: m(tx.amount),
        note: 'held in escrow until the dispute ends: a moderator or an agreement decides',
      };
    case 'completed':
    case 'cancelled': {
      const got = o?.sellerReceived ?? (tx.status === 'completed' ? tx.amount : '0');
      return Number(got) > 0
        ? { amount: m(got), note: 'paid to your wallet' }
        : { amount: m('0'), note: 'the buyer was refunded' };
    }
  }
}

/** The confirm form's hint: the phrase the server checks, and what it means for a service. */
export function confirmHint(type: TTransaction['type'], sellerAmount: string): string {
  const meaning =
    type === 'service'
      ? 'to confirm the work was done as agreed (the phrase is the same for services).'
      : 'to confirm receipt.';
  return `Type ${CONFIRMATION_PHRASE} ${meaning} ${sellerAmount} is then released to the seller. This cannot be undone.`;
}

/** One line each on what the two ways to ask for help do (both open a dispute; the money stays in escrow). */
export const HELP_ACTION_HINTS = {
  reportIssue: 'Report Issue: describe what went wrong in a few words; a moderator looks into it.',
  requestModeration:
    'Request Moderation: open a dispute with its reason (the buyer may dispute part of the amount); a moderator decides where the money goes.',
  frozen: 'Either way the money stays in escrow until the dispute ends.',
} as const;

/** An invited seller who has not joined: "not on Holdfast yet: invitation sent on 2 Feb 2026". */
export function invitationLine(invitationSentAt: string): string {
  return `Not on Holdfast yet: invitation sent on ${formatDate(invitationSentAt)}`;
}
