import type { DbOrTx } from '../../db/client.js';
import type { EventFacts } from './notifications.content.js';
import type { NotificationEvent } from './events.js';
import {
  findAdmins,
  findDirectMessage,
  findDisputeRow,
  findJob,
  findOfferRow,
  findPerson,
  findReviewers,
  findSupportReply,
  findWithdrawal,
  transactionFacts,
} from './notifications.queries.js';

/**
 * Reads what an event is about as it is now (events carry ids only). Null when its subject no longer
 * exists or cannot be told to anyone: the notification is dropped, never retried forever.
 */
export async function loadFacts(db: DbOrTx, event: NotificationEvent): Promise<EventFacts | null> {
  switch (event.type) {
    case 'transaction.created':
    case 'transaction.funded':
    case 'transaction.accepted':
    case 'transaction.delivered':
    case 'transaction.inspection_ending':
    case 'transaction.released':
    case 'transaction.cancelled': {
      const t = await transactionFacts(db, event.transactionId);
      return t && { kind: 'transaction', event, t };
    }
    case 'dispute.opened':
    case 'dispute.offer_made':
    case 'dispute.resolved': {
      const d = await findDisputeRow(db, event.disputeId);
      const t = d && (await transactionFacts(db, d.transactionId));
      if (!d || !t) return null;
      const offer = event.type === 'dispute.offer_made' ? await findOfferRow(db, event.offerId) : null;
      if (event.type === 'dispute.offer_made' && (!offer || offer.disputeId !== d.id)) return null;
      return {
        kind: 'dispute',
        event,
        t,
        dispute: {
          initiatorId: d.initiatorId,
          type: d.type,
          resolution: d.resolution,
          refundAmount: d.refundAmount,
          disputedAmount: d.disputedAmount ?? t.amount,
        },
        ...(offer
          ? { offer: { proposerId: offer.proposerId, refundAmount: offer.refundAmount, message: offer.message } }
          : {}),
      };
    }
    case 'dispute.second_review_requested': {
      // Offered only while it still waits: it may have been approved or sent back before this ran.
      const d = await findDisputeRow(db, event.disputeId);
      const t = d && (await transactionFacts(db, d.transactionId));
      if (!d || !t || d.status === 'resolved' || !d.proposedById || !d.proposedResolution) return null;
      const parties = [t.buyer.id, t.seller?.id];
      const reviewers = (await findReviewers(db)).filter((p) => p.id !== d.proposedById && !parties.includes(p.id));
      return {
        kind: 'second_review',
        t,
        disputeId: d.id,
        proposal: { byId: d.proposedById, resolution: d.proposedResolution, disputed: d.disputedAmount ?? t.amount },
        reviewers,
      };
    }
    case 'message.created': {
      const m = await findDirectMessage(db, event.messageId);
      if (!m) return null;
      const [t, sender, receiver] = await Promise.all([
        transactionFacts(db, m.conversationId),
        findPerson(db, m.senderId),
        findPerson(db, m.receiverId),
      ]);
      if (!t || !sender || !receiver) return null;
      return {
        kind: 'message',
        t,
        message: { conversationId: m.conversationId, content: m.content },
        sender,
        receiver,
      };
    }
    case 'support.replied': {
      const found = await findSupportReply(db, event.ticketId, event.messageId);
      const owner = found && (await findPerson(db, found.chat.userId));
      if (!found || !owner) return null;
      return {
        kind: 'support',
        chat: { id: found.chat.id, subject: found.chat.subject },
        reply: found.message.message,
        owner,
      };
    }
    case 'withdrawal.paid':
    case 'withdrawal.failed': {
      const w = await findWithdrawal(db, event.withdrawalId);
      const owner = w && (await findPerson(db, w.userId));
      if (!w || !owner) return null;
      return {
        kind: 'withdrawal',
        event,
        owner,
        withdrawal: {
          amount: w.amount,
          currency: w.currency,
          accountLast4: w.accountLast4,
          failureReason: w.failureReason,
        },
      };
    }
    case 'job.failed': {
      // Told only while it is still failed: an admin may have retried or cancelled it before this ran.
      const job = await findJob(db, event.jobId);
      if (!job || job.state !== 'failed') return null;
      return { kind: 'job', job, admins: await findAdmins(db) };
    }
  }
}
