import {
  HOLD_TEXTS,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_TYPE_LABELS,
  disputedPartOf,
  splitEscrowAmounts,
  type TDisputeResolution,
  type TDisputeType,
} from '@holdfast/contracts';
import {
  excerpt,
  formatWhen,
  fullName,
  money,
  to,
  transactionDetails,
  type Ctx,
  type Delivery,
  type EventFacts,
} from './notifications.delivery.js';
import type { Person, TransactionFacts } from './notifications.queries.js';
import { transactionDeliveries } from './notifications.transaction-content.js';
import { casePath, disputeStaffDeliveries } from './notifications.dispute-clocks.js';
import { identityDeliveries } from './notifications.identity.js';
import { tierLimitDeliveries } from './notifications.tier-limits.js';
import { WALLET_PATH, withdrawalReviewDeliveries } from './notifications.withdrawal-reviews.js';

export { MESSAGE_EMAIL_INTERVAL_MS, type Delivery, type EventFacts } from './notifications.delivery.js';

/**
 * Who hears of an event and in which words: the bell's title, body and link, and the email, per person.
 * Pure; the `notify` job loads the facts and applies preferences and the hourly cap.
 */
export function deliveriesFor(facts: EventFacts, publicUrl: string): Delivery[] {
  const ctx: Ctx = { url: (path) => `${publicUrl}${path}`, settingsUrl: `${publicUrl}/profile-settings` };
  switch (facts.kind) {
    case 'transaction':
      return transactionDeliveries(ctx, facts.event, facts.t);
    case 'dispute':
      return disputeDeliveries(ctx, facts);
    case 'message':
      return messageDeliveries(ctx, facts);
    case 'support':
      return supportDeliveries(ctx, facts);
    case 'withdrawal':
      return withdrawalDeliveries(ctx, facts);
    case 'job':
      return failedJobDeliveries(ctx, facts);
    case 'second_review':
      return secondReviewDeliveries(ctx, facts);
    case 'identity':
      return identityDeliveries(ctx, facts);
    case 'tier_limit':
      return tierLimitDeliveries(ctx, facts);
  }
}

function disputeDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'dispute' }>): Delivery[] {
  const { t, dispute, event } = f;
  const path = `/transactions/${t.id}`;
  const parties = [t.buyer, ...(t.seller ? [t.seller] : [])];
  const roleOf = (p: Person) => (p.id === t.buyer.id ? 'buyer' : 'seller');
  const reason = (p: Person) => `You get this email because you are the ${roleOf(p)} of this transaction on Holdfast.`;
  const amount = money(t.amount, t.currency);

  if (event.type === 'dispute.opened') {
    const partOpen = disputedPartOf(t.amount, t.fee, dispute.disputedAmount);
    const opener = parties.find((p) => p.id === dispute.initiatorId);
    const openerName = opener ? fullName(opener) : 'The other party';
    const label = DISPUTE_TYPE_LABELS[dispute.type as TDisputeType] ?? dispute.type;
    return parties
      .filter((p) => p.id !== dispute.initiatorId)
      .map((p) =>
        to(ctx, p, {
          category: 'disputes',
          path,
          title: 'Dispute opened',
          body: `${openerName} opened a dispute on ${t.description}: ${label}.`,
          subject: `A dispute was opened on ${t.description}`,
          paragraphs: [
            `${openerName} opened a dispute on ${t.description} (${label}).`,
            partOpen.released > 0n
              ? `${money(partOpen.amount, t.currency)} of the ${amount} is in dispute and stays in escrow until it is settled (${money(partOpen.released, t.currency)} was released to the seller at once): you can make a settlement offer, or a moderator will review the case and decide.`
              : `The ${amount} stays in escrow until it is settled: you can make a settlement offer, or a moderator will review the case and decide.`,
          ],
          details: transactionDetails(t, [{ label: 'Reason', value: label }]),
          action: 'View the dispute',
          reason: reason(p),
        }),
      )
      .concat(disputeStaffDeliveries(ctx, f));
  }
  if (event.type === 'dispute.no_response' || event.type === 'dispute.escalated') return disputeStaffDeliveries(ctx, f);

  if (f.submission) return submissionDeliveries(ctx, f, f.submission, parties, reason);

  if (event.type === 'dispute.offer_made') {
    const offer = f.offer;
    if (!offer) return [];
    const proposer = parties.find((p) => p.id === offer.proposerId);
    const proposerName = proposer ? fullName(proposer) : 'The other party';
    const refund = money(offer.refundAmount, t.currency);
    const part = disputedPartOf(t.amount, t.fee, dispute.disputedAmount);
    const split = splitEscrowAmounts(part.amount, part.fee, offer.refundAmount);
    return parties
      .filter((p) => p.id !== offer.proposerId)
      .map((p) =>
        to(ctx, p, {
          category: 'disputes',
          path,
          title: 'Settlement offer',
          body: `${proposerName} offered to settle ${t.description} with a refund of ${refund}.`,
          subject: `${proposerName} made a settlement offer on ${t.description}`,
          paragraphs: [
            `${proposerName} offered to settle the dispute on ${t.description}: ${refund} of the ${amount} back to the buyer, the rest to the seller.`,
            ...(offer.message ? [`Their message: “${excerpt(offer.message, 500)}”`] : []),
            'Accept it to settle the dispute now, or reject it and let a moderator decide.',
          ],
          details: transactionDetails(
            t,
            split
              ? [
                  { label: 'Buyer would get', value: money(split.buyerGets, t.currency) },
                  { label: 'Seller would get', value: money(split.sellerGets, t.currency) },
                ]
              : [],
          ),
          action: 'Review the offer',
          reason: reason(p),
        }),
      );
  }

  // dispute.resolved: both parties, a money email.
  const outcome = resolutionOutcome(t, dispute.resolution, dispute.refundAmount, dispute.disputedAmount);
  return parties.map((p) =>
    to(ctx, p, {
      category: null,
      path,
      title: 'Dispute resolved',
      body: `The dispute on ${t.description} is resolved: ${outcome.short}.`,
      subject: `The dispute on ${t.description} is resolved`,
      paragraphs: [`The dispute on ${t.description} is resolved: ${outcome.short}.`, outcome.detail],
      details: transactionDetails(t, outcome.details),
      action: 'View the outcome',
      reason: reason(p),
    }),
  );
}

/** Where a moderator works on a case. */
const MODERATOR_PATH = '/moderator-dashboard';

/** A statement or a file added to a case: the other party (or both, when staff added it) and the moderator. */
function submissionDeliveries(
  ctx: Ctx,
  f: Extract<EventFacts, { kind: 'dispute' }>,
  s: NonNullable<Extract<EventFacts, { kind: 'dispute' }>['submission']>,
  parties: Person[],
  reason: (p: Person) => string,
): Delivery[] {
  const { t } = f;
  const people = [...parties, ...(s.moderator ? [s.moderator] : [])];
  const author = people.find((p) => p.id === s.authorId);
  const authorName = author ? fullName(author) : 'A moderator';
  const isEvidence = s.what === 'evidence';
  const said = isEvidence
    ? `${authorName} added evidence to the dispute on ${t.description}${s.fileName ? `: ${s.fileName}` : ''}.`
    : `${authorName} added a statement to the dispute on ${t.description}.`;
  const quoted = s.text ? [`${isEvidence ? 'Caption' : 'Their statement'}: “${excerpt(s.text, 500)}”`] : [];
  const told = (p: Person, path: string, why: string) =>
    to(ctx, p, {
      category: 'disputes',
      path,
      title: isEvidence ? 'New evidence in a dispute' : 'New statement in a dispute',
      body: said,
      subject: isEvidence
        ? `New evidence in the dispute on ${t.description}`
        : `A new statement in the dispute on ${t.description}`,
      paragraphs: [said, ...quoted, 'Open the dispute to read it and answer.'],
      details: transactionDetails(t),
      action: 'View the dispute',
      reason: why,
    });
  return [
    ...parties.filter((p) => p.id !== s.authorId).map((p) => told(p, `/transactions/${t.id}`, reason(p))),
    ...(s.moderator && s.moderator.id !== s.authorId && !parties.some((p) => p.id === s.moderator!.id)
      ? [
          told(
            s.moderator,
            MODERATOR_PATH,
            'You get this email because you are the moderator of this dispute on Holdfast.',
          ),
        ]
      : []),
  ];
}

/** What the outcome did with the money in dispute (the disputed part of a partial dispute, decision 022). */
function resolutionOutcome(t: TransactionFacts, resolution: string | null, refund: bigint | null, disputed: bigint) {
  const part = disputedPartOf(t.amount, t.fee, disputed);
  const amount = money(part.amount, t.currency);
  const total = money(part.amount + part.fee, t.currency);
  if (resolution === 'refund_buyer' && part.released > 0n) {
    return {
      short: `${total} refunded to the buyer`,
      detail: `The ${total} in dispute went back to the buyer's Holdfast wallet; the seller keeps the ${money(part.released, t.currency)} released when the dispute opened.`,
      details: [{ label: 'Refunded to the buyer', value: total }],
    };
  }
  if (resolution === 'refund_buyer') {
    return {
      short: `${total} refunded to the buyer`,
      detail: `The whole ${total} held in escrow went back to the buyer's Holdfast wallet, and the transaction is cancelled.`,
      details: [{ label: 'Refunded to the buyer', value: total }],
    };
  }
  const split =
    resolution === 'partial_resolution' && refund !== null ? splitEscrowAmounts(part.amount, part.fee, refund) : null;
  if (split) {
    const buyer = money(split.buyerGets, t.currency);
    const seller = money(split.sellerGets, t.currency);
    return {
      short: `${buyer} to the buyer and ${seller} to the seller`,
      detail: `The money held in escrow was split: ${buyer} went back to the buyer's wallet and ${seller} to the seller's wallet.`,
      details: [
        { label: 'Refunded to the buyer', value: buyer },
        { label: 'Paid to the seller', value: seller },
      ],
    };
  }
  return {
    short: `${amount} released to the seller`,
    detail: `The ${amount} was released to the seller's Holdfast wallet, and the transaction is complete.`,
    details: [{ label: 'Paid to the seller', value: amount }],
  };
}

function messageDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'message' }>): Delivery[] {
  const senderName = fullName(f.sender);
  const path = `/messages?conversation=${f.message.conversationId}`;
  return [
    to(ctx, f.receiver, {
      category: 'messages',
      path,
      title: `New message from ${senderName}`,
      body: excerpt(f.message.content, 120),
      subject: `${senderName} sent you a message about ${f.t.description}`,
      paragraphs: [
        `${senderName} wrote to you about ${f.t.description}:`,
        `“${excerpt(f.message.content, 500)}”`,
        'Reply on Holdfast. While this conversation is busy we email you at most once an hour about it.',
      ],
      action: 'Read and reply',
      reason: `You get this email because you are a party to ${f.t.description} on Holdfast.`,
      throttleKey: `message:${f.message.conversationId}:${f.receiver.id}`,
    }),
  ];
}

function supportDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'support' }>): Delivery[] {
  return [
    to(ctx, f.owner, {
      category: 'support',
      path: `/support?chat=${f.chat.id}`,
      title: 'Support replied',
      body: `Re: ${f.chat.subject}: ${excerpt(f.reply, 120)}`,
      subject: `Holdfast support replied: ${excerpt(f.chat.subject, 80)}`,
      paragraphs: [`Our support team replied to “${f.chat.subject}”:`, `“${excerpt(f.reply, 500)}”`],
      action: 'Open the conversation',
      reason: 'You get this email because you opened this support chat on Holdfast.',
    }),
  ];
}

function withdrawalDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'withdrawal' }>): Delivery[] {
  const w = f.withdrawal;
  const amount = money(w.amount, w.currency);
  const account = `account ending ${w.accountLast4}`;
  const reason = 'You get this email because you asked for this withdrawal on Holdfast.';
  if (f.event.type !== 'withdrawal.paid' && f.event.type !== 'withdrawal.failed')
    return withdrawalReviewDeliveries(ctx, f);
  if (f.event.type === 'withdrawal.paid') {
    return [
      to(ctx, f.owner, {
        category: null,
        path: WALLET_PATH,
        title: 'Withdrawal paid',
        body: `${amount} was paid out to your ${account}.`,
        subject: `Your withdrawal of ${amount} was paid`,
        paragraphs: [`${amount} from your Holdfast wallet was paid out to your bank ${account}.`],
        details: [
          { label: 'Amount', value: amount },
          { label: 'To', value: account },
        ],
        action: 'View your wallet',
        reason,
      }),
    ];
  }
  return [
    to(ctx, f.owner, {
      category: null,
      path: WALLET_PATH,
      title: 'Withdrawal failed',
      body: `The payout of ${amount} failed${w.failureReason ? ` (${w.failureReason})` : ''}; the money is back in your wallet.`,
      subject: `Your withdrawal of ${amount} failed`,
      paragraphs: [
        `We could not pay ${amount} out to your bank ${account}${w.failureReason ? `: ${w.failureReason}` : ''}.`,
        `${HOLD_TEXTS.moneyBack} ${HOLD_TEXTS.failedNeeded}`,
      ],
      details: [
        { label: 'Amount', value: amount },
        { label: 'To', value: account },
      ],
      action: 'View your wallet',
      reason,
    }),
  ];
}

/** Where an admin looks at failed jobs, retries or cancels them. */
export const SYSTEM_TAB_PATH = '/admin-dashboard?tab=system';

/** A money job gave up: every admin, always by email too (money that did not move needs a person). */
function failedJobDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'job' }>): Delivery[] {
  const { job } = f;
  const error = job.lastError ? excerpt(job.lastError, 500) : 'no error was recorded';
  return f.admins.map((admin) =>
    to(ctx, admin, {
      category: null,
      path: SYSTEM_TAB_PATH,
      title: 'Money job failed',
      body: `${job.kind} gave up after ${job.attempts} attempts: ${excerpt(error, 120)}`,
      subject: `Holdfast: a ${job.kind} job failed and needs you`,
      paragraphs: [
        `A ${job.kind} job gave up after ${job.attempts} attempts, so the money it was to move has not moved.`,
        `The last error: ${error}`,
        'Open the System tab of the admin dashboard to retry it once the cause is fixed, or to cancel it.',
      ],
      details: [
        { label: 'Job', value: job.id },
        { label: 'Kind', value: job.kind },
        ...(job.finishedAt ? [{ label: 'Failed', value: formatWhen(job.finishedAt) }] : []),
      ],
      action: 'Open the System tab',
      reason: 'You get this email because you are an administrator of Holdfast.',
    }),
  );
}

/** A decision above DISPUTE_SECOND_REVIEW_AMOUNT waits: every other moderator and admin hears of it. */
function secondReviewDeliveries(ctx: Ctx, f: Extract<EventFacts, { kind: 'second_review' }>): Delivery[] {
  const { t, proposal } = f;
  const disputed = money(proposal.disputed, t.currency);
  const label = DISPUTE_RESOLUTION_LABELS[proposal.resolution as TDisputeResolution] ?? proposal.resolution;
  return f.reviewers.map((reviewer) =>
    to(ctx, reviewer, {
      category: 'disputes',
      path: casePath(f.disputeId),
      title: 'Decision awaiting second review',
      body: `A decision on ${disputed} in dispute (${t.description}) needs a second review: ${label}.`,
      subject: `Holdfast: a dispute decision on ${disputed} needs your second review`,
      paragraphs: [
        `A moderator proposed "${label}" for the dispute on ${t.description}, with ${disputed} in dispute.`,
        'Decisions this large need a second moderator or an admin: no money moves until one approves it or sends it back.',
      ],
      details: transactionDetails(t, [{ label: 'In dispute', value: disputed }]),
      action: 'Open the moderator dashboard',
      reason: 'You get this email because you are a moderator or an administrator of Holdfast.',
    }),
  );
}
