import type { TransactionFacts } from './notifications.queries.js';
import { fullName, money, to, transactionDetails, type Ctx, type Delivery } from './notifications.delivery.js';

/**
 * The seller cancelled the remaining stages of a deal paid in stages (decision 033): both parties read
 * which milestones ended and what happened to each one's money, and whether the rest of the deal goes on.
 */
export function stagesCancelledDeliveries(ctx: Ctx, t: TransactionFacts): Delivery[] {
  const path = `/transactions/${t.id}`;
  const stages = t.stages ?? [];
  const sellerName = t.seller ? fullName(t.seller) : t.sellerEmail;
  const refundedMinor = stages.reduce((sum, s) => (s.status === 'refunded' ? sum + s.total : sum), 0n);
  const refunded = money(refundedMinor, t.currency);
  const names = stages.map((s) => `milestone ${s.position} (${s.title})`).join(', ');
  const goesOn =
    t.status === 'completed' || t.status === 'cancelled'
      ? 'Nothing else is left to do on this transaction.'
      : 'The stages already delivered or in dispute go on as before.';
  const eachStage = (refundedTo: string) =>
    stages.map((s) => ({
      label: `Milestone ${s.position}: ${s.title}`,
      value: s.status === 'refunded' ? `${money(s.total, t.currency)} refunded to ${refundedTo}` : 'Not funded: ended',
    }));
  const out = [
    to(ctx, t.buyer, {
      category: null,
      path,
      title: 'Remaining stages cancelled',
      body:
        refundedMinor > 0n
          ? `${sellerName} cancelled the remaining stages of ${t.description}; ${refunded} is back in your wallet.`
          : `${sellerName} cancelled the remaining stages of ${t.description}.`,
      subject: `${sellerName} cancelled the remaining stages of ${t.description}`,
      paragraphs: [
        `${sellerName} will not do the remaining stages of ${t.description}: ${names}.`,
        refundedMinor > 0n
          ? `The ${refunded} you paid into escrow for them is back in your Holdfast wallet.`
          : 'None of them had been paid for, so no money moved.',
        goesOn,
      ],
      details: transactionDetails(t, eachStage('your wallet')),
      action: 'View the transaction',
      reason: 'You get this email because you are the buyer of this transaction on Holdfast.',
    }),
  ];
  if (t.seller) {
    out.push(
      to(ctx, t.seller, {
        category: null,
        path,
        title: 'Remaining stages cancelled',
        body: `You cancelled the remaining stages of ${t.description}.`,
        subject: `You cancelled the remaining stages of ${t.description}`,
        paragraphs: [
          `You cancelled the remaining stages of ${t.description} with ${fullName(t.buyer)}: ${names}.`,
          refundedMinor > 0n
            ? `The ${refunded} the buyer had paid into escrow for them went back to the buyer.`
            : 'None of them had been paid for, so no money moved.',
          goesOn,
        ],
        details: transactionDetails(t, eachStage('the buyer')),
        action: 'View the transaction',
        reason: 'You get this email because you are the seller of this transaction on Holdfast.',
      }),
    );
  }
  return out;
}
