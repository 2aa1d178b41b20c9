import { ESCROW_TIMERS } from '@holdfast/contracts';
import type { NotificationEvent } from './events.js';
import type { TransactionFacts } from './notifications.queries.js';
import {
  excerpt,
  formatWhen,
  fullName,
  money,
  to,
  transactionDetails,
  type Ctx,
  type Delivery,
} from './notifications.delivery.js';
import { stagesCancelledDeliveries } from './notifications.stages-content.js';

/** What each transaction event tells its parties (and the invitation of a seller with no account). */
export function transactionDeliveries(
  ctx: Ctx,
  event: Extract<NotificationEvent, { transactionId: string }>,
  t: TransactionFacts,
): Delivery[] {
  const path = `/transactions/${t.id}`;
  const buyerName = fullName(t.buyer);
  const sellerName = t.seller ? fullName(t.seller) : t.sellerEmail;
  const amount = money(t.amount, t.currency);
  const total = money(t.total, t.currency);
  const asBuyer = 'You get this email because you are the buyer of this transaction on Holdfast.';
  const asSeller = 'You get this email because you are the seller of this transaction on Holdfast.';

  switch (event.type) {
    case 'transaction.created': {
      if (!t.seller) return [invitation(ctx, t)];
      return [
        to(ctx, t.seller, {
          category: 'transactions',
          path,
          title: 'New transaction',
          body: `${buyerName} started a transaction with you: ${t.description} (${amount}).`,
          subject: `${buyerName} started a transaction with you on Holdfast`,
          paragraphs: [
            `${buyerName} wants to buy from you through Holdfast: ${t.description}, for ${amount}.`,
            'Open it to accept or decline. The buyer pays into escrow, and the money is released to you once they confirm delivery.',
          ],
          details: transactionDetails(t, [{ label: 'Buyer', value: buyerName }]),
          action: 'Review the transaction',
          reason: asSeller,
        }),
      ];
    }
    case 'transaction.funded': {
      const out = [
        to(ctx, t.buyer, {
          category: null,
          path,
          title: 'Payment held in escrow',
          body: `Your ${total} for ${t.description} is held safely in escrow.`,
          subject: `Your payment of ${total} is held in escrow`,
          paragraphs: [
            `Your payment of ${total} (the amount plus the service fee) for ${t.description} is in escrow. ` +
              'It stays there until you confirm that you received what you paid for.',
          ],
          details: transactionDetails(t, [{ label: 'Paid into escrow', value: total }]),
          action: 'View the transaction',
          reason: asBuyer,
        }),
      ];
      if (t.seller) {
        out.push(
          to(ctx, t.seller, {
            category: null,
            path,
            title: 'Transaction funded',
            body: `${buyerName} paid ${amount} into escrow for ${t.description}.`,
            subject: `${t.description}: ${amount} is held in escrow for you`,
            paragraphs: [
              `${buyerName} paid for ${t.description}. The money is held in escrow and is released to you when they confirm delivery.`,
              t.status === 'pending'
                ? 'Accept the transaction to go ahead.'
                : 'You can go ahead and deliver; mark it delivered on the transaction when you have.',
            ],
            details: transactionDetails(t, [{ label: 'Buyer', value: buyerName }]),
            action: 'Open the transaction',
            reason: asSeller,
          }),
        );
      }
      return out;
    }
    case 'transaction.accepted':
      return [
        to(ctx, t.buyer, {
          category: 'transactions',
          path,
          title: 'Transaction accepted',
          body: `${sellerName} accepted ${t.description}.`,
          subject: `${sellerName} accepted your transaction`,
          paragraphs: [
            `${sellerName} accepted ${t.description}.`,
            t.paymentStatus === 'succeeded'
              ? 'Your payment is in escrow; the seller will deliver next.'
              : 'Fund it to let the seller start: the money waits in escrow until you confirm delivery.',
          ],
          details: transactionDetails(t, [{ label: 'Seller', value: sellerName }]),
          action: 'View the transaction',
          reason: asBuyer,
        }),
      ];
    case 'transaction.delivered': {
      const ends = t.autoReleaseAt ? formatWhen(t.autoReleaseAt) : null;
      const extra = [
        ...(ends ? [{ label: 'Inspection ends', value: ends }] : []),
        ...(t.trackingReference ? [{ label: 'Tracking reference', value: t.trackingReference }] : []),
      ];
      return [
        to(ctx, t.buyer, {
          category: 'transactions',
          path,
          title: 'Marked as delivered',
          body: `${sellerName} marked ${t.description} as delivered. Inspect it and confirm${ends ? ` by ${ends}` : ''}.`,
          subject: `${t.description} was delivered: please inspect it`,
          paragraphs: [
            `${sellerName} marked ${t.description} as delivered.`,
            ...(t.deliveryMessage ? [`Their note: “${excerpt(t.deliveryMessage, 500)}”`] : []),
            `You have ${t.inspectionDays} ${t.inspectionDays === 1 ? 'day' : 'days'} to inspect it${ends ? `, until ${ends}` : ''}. ` +
              'If everything is right, confirm to release the money; if something is wrong, open a dispute on the transaction before then. ' +
              `If you do neither, the ${amount} is released to the seller automatically when the inspection period ends.`,
          ],
          details: transactionDetails(t, extra),
          action: 'Inspect and confirm',
          reason: asBuyer,
        }),
      ];
    }
    case 'transaction.inspection_ending': {
      const ends = t.autoReleaseAt ? formatWhen(t.autoReleaseAt) : 'in 24 hours';
      return [
        to(ctx, t.buyer, {
          category: 'transactions',
          path,
          title: 'Inspection ends in 24 hours',
          body: `${amount} is released to ${sellerName} automatically on ${ends} unless you open a dispute.`,
          subject: `24 hours left to inspect ${t.description}`,
          paragraphs: [
            `The inspection period of ${t.description} ends on ${ends}.`,
            `Then the ${amount} is released to ${sellerName} automatically. If something is wrong, open a dispute before then; if all is well, you can confirm now.`,
          ],
          details: transactionDetails(t, [{ label: 'Inspection ends', value: ends }]),
          action: 'Review the transaction',
          reason: asBuyer,
        }),
      ];
    }
    case 'transaction.released': {
      const out: Delivery[] = [];
      if (t.seller) {
        out.push(
          to(ctx, t.seller, {
            category: null,
            path,
            title: 'Payment released',
            body: `${amount} for ${t.description} is in your wallet.`,
            subject: `You have been paid ${amount} for ${t.description}`,
            paragraphs: [
              event.automatic
                ? `The inspection period of ${t.description} ended without a dispute, so the money was released to you automatically.`
                : `${buyerName} confirmed ${t.description} and released the money.`,
              `${amount} is now in your Holdfast wallet (the ${money(t.fee, t.currency)} service fee was paid by the buyer).`,
            ],
            details: transactionDetails(t, [{ label: 'Paid to your wallet', value: amount }]),
            action: 'View the transaction',
            reason: asSeller,
          }),
        );
      }
      if (event.automatic) {
        out.push(
          to(ctx, t.buyer, {
            category: null,
            path,
            title: 'Payment released automatically',
            body: `The inspection period ended: ${amount} was released to ${sellerName}.`,
            subject: `${t.description}: the money was released to the seller`,
            paragraphs: [
              `The inspection period of ${t.description} ended without a confirmation or a dispute, so the ${amount} held in escrow was released to ${sellerName}.`,
              // A milestone of a deal paid in stages may be released while the deal goes on (decision 033).
              t.status === 'completed'
                ? 'The transaction is complete. You can now leave a review of the seller.'
                : 'The rest of the transaction goes on.',
            ],
            details: transactionDetails(t, [{ label: 'Released to', value: sellerName }]),
            action: 'View the transaction',
            reason: asBuyer,
          }),
        );
      }
      return out;
    }
    case 'transaction.stages_cancelled':
      return stagesCancelledDeliveries(ctx, t);
    case 'transaction.cancelled': {
      const refunded = t.paymentStatus === 'refunded';
      const why = cancelReason(event.reason);
      const verb = refunded ? 'cancelled and refunded' : 'cancelled';
      const out = [
        to(ctx, t.buyer, {
          category: null,
          path,
          title: refunded ? 'Transaction refunded' : 'Transaction cancelled',
          body: refunded
            ? `${t.description} was cancelled; ${total} is back in your wallet.`
            : `${t.description} was cancelled.`,
          subject: `${t.description} was ${verb}`,
          paragraphs: [
            `${t.description} was cancelled: ${why}.`,
            refunded
              ? `The ${total} you paid into escrow is back in your Holdfast wallet.`
              : 'It had not been paid for, so no money moved.',
          ],
          details: transactionDetails(t, refunded ? [{ label: 'Refunded to your wallet', value: total }] : []),
          action: 'View the transaction',
          reason: asBuyer,
        }),
      ];
      if (t.seller) {
        out.push(
          to(ctx, t.seller, {
            category: null,
            path,
            title: refunded ? 'Transaction refunded' : 'Transaction cancelled',
            body: `${t.description} was ${verb}.`,
            subject: `${t.description} was ${verb}`,
            paragraphs: [
              `${t.description} with ${buyerName} was cancelled: ${why}.`,
              refunded
                ? 'The money held in escrow went back to the buyer; nothing more is needed from you.'
                : 'Nothing more is needed from you.',
            ],
            details: transactionDetails(t),
            action: 'View the transaction',
            reason: asSeller,
          }),
        );
      }
      return out;
    }
  }
}

function cancelReason(reason: Extract<NotificationEvent, { type: 'transaction.cancelled' }>['reason']): string {
  switch (reason) {
    case 'declined':
      return 'the seller declined it';
    case 'cancelled':
      return 'one of the parties cancelled it before it was accepted';
    case 'unfunded_deadline':
      return `nobody paid for it within ${ESCROW_TIMERS.unfundedCancelDays} days of its creation`;
    case 'unaccepted_deadline':
      return `the seller did not accept it within ${ESCROW_TIMERS.unacceptedCancelDays} days of payment`;
    case 'late_delivery':
      return `the buyer cancelled it because it was not delivered within ${ESCROW_TIMERS.lateDeliveryGraceDays} days of the expected delivery date`;
  }
}

/** A seller address with no account: an invitation to register with it. Always sent (nothing to opt out of). */
function invitation(ctx: Ctx, t: TransactionFacts): Delivery {
  const buyerName = fullName(t.buyer);
  const amount = money(t.amount, t.currency);
  const registerUrl = ctx.url(`/register?email=${encodeURIComponent(t.sellerEmail)}`);
  return {
    userId: null,
    to: t.sellerEmail,
    category: null,
    bell: { title: 'New transaction', body: '', link: `/transactions/${t.id}` },
    email: {
      subject: `${buyerName} wants to pay you ${amount} through Holdfast`,
      preview: `${buyerName} started an escrow transaction with you: ${t.description}.`,
      heading: `${buyerName} started a transaction with you`,
      greeting: 'Hi,',
      paragraphs: [
        `${buyerName} wants to buy from you through Holdfast, an escrow service: ${t.description}, for ${amount}.`,
        'The buyer pays into escrow, you deliver, and the money is released to you when they confirm. ' +
          'To see the transaction and accept it, create your free Holdfast account with this email address ' +
          '(or sign in and verify it, if you already have one).',
      ],
      details: transactionDetails(t, [{ label: 'Buyer', value: buyerName }]),
      action: { label: 'Create your account', url: registerUrl },
      reason: `You get this email because ${buyerName} entered ${t.sellerEmail} as the seller of a transaction on Holdfast. If you do not know them, you can ignore it.`,
    },
  };
}
