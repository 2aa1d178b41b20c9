import type { DbOrTx } from '../../db/client.js';
import type { EventFacts } from './notifications.content.js';
import type { DisputeClockFacts } from './notifications.delivery.js';
import type { NotificationEvent } from './events.js';
import { withdrawalExpectedBy } from '@holdfast/contracts';
import { identityFacts } from './notifications.identity.js';
import { tierLimitFacts } from './notifications.tier-limits.js';
import {
  findAdmins,
  findDirectMessage,
  findDisputeRow,
  findEvidenceRow,
  findHoldDecidedAt,
  findJob,
  findModerators,
  findOfferRow,
  findPerson,
  findStatementRow,
  findReviewers,
  findSupportReply,
  type Person,
  findWithdrawal,
  milestoneFactsOf,
  transactionFacts,
  withStages,
} from './notifications.queries.js';

/**
 * Reads what an event is about as it is now (events carry ids only). Null when its subject no longer
 * exists or cannot be told to anyone: the notification is dropped, never retried forever.
 */
/** What a dispute's notifications say of the case (its disputed part: the whole amount unless partial). */
function disputeFacts(d: NonNullable<Awaited<ReturnType<typeof findDisputeRow>>>, amount: bigint) {
  const { initiatorId, type, resolution, refundAmount } = d;
  return { initiatorId, type, resolution, refundAmount, disputedAmount: d.disputedAmount ?? amount };
}

export async function loadFacts(db: DbOrTx, event: NotificationEvent, now: Date): Promise<EventFacts | null> {
  switch (event.type) {
    case 'transaction.created':
    case 'transaction.funded':
    case 'transaction.accepted':
    case 'transaction.delivered':
    case 'transaction.inspection_ending':
    case 'transaction.released':
    case 'transaction.cancelled': {
      const deal = await transactionFacts(db, event.transactionId);
      const t = deal && (await milestoneFactsOf(db, deal, 'milestoneId' in event ? event.milestoneId : null));
      return t && { kind: 'transaction', event, t };
    }
    case 'transaction.stages_cancelled': {
      const deal = await transactionFacts(db, event.transactionId);
      return deal && { kind: 'transaction', event, t: await withStages(db, deal, event.milestoneIds) };
    }
    case 'dispute.opened':
    case 'dispute.offer_made':
    case 'dispute.resolved':
    case 'dispute.no_response':
    case 'dispute.escalated': {
      const d = await findDisputeRow(db, event.disputeId);
      const deal = d && (await transactionFacts(db, d.transactionId));
      if (!d || !deal) return null;
      const t = await milestoneFactsOf(db, deal, d.milestoneId);
      const clocks = await disputeClockFacts(db, event, d);
      if (clocks === false) return null;
      const offer = event.type === 'dispute.offer_made' ? await findOfferRow(db, event.offerId) : null;
      if (event.type === 'dispute.offer_made' && (!offer || offer.disputeId !== d.id)) return null;
      return {
        kind: 'dispute',
        event,
        t,
        dispute: disputeFacts(d, t.amount),
        ...(offer
          ? { offer: { proposerId: offer.proposerId, refundAmount: offer.refundAmount, message: offer.message } }
          : {}),
        ...(clocks ? { clocks } : {}),
      };
    }
    case 'dispute.evidence_added':
    case 'dispute.statement_added': {
      const d = await findDisputeRow(db, event.disputeId);
      const t = d && (await transactionFacts(db, d.transactionId));
      if (!d || !t) return null;
      const row =
        event.type === 'dispute.evidence_added'
          ? await findEvidenceRow(db, event.evidenceId).then(
              (e) => e && { authorId: e.uploaderId, text: e.caption, fileName: e.fileName, disputeId: e.disputeId },
            )
          : await findStatementRow(db, event.statementId).then(
              (s) => s && { authorId: s.authorId, text: s.text, fileName: undefined, disputeId: s.disputeId },
            );
      if (!row || row.disputeId !== d.id) return null;
      return {
        kind: 'dispute',
        event,
        t,
        dispute: disputeFacts(d, t.amount),
        submission: {
          what: event.type === 'dispute.evidence_added' ? 'evidence' : 'statement',
          authorId: row.authorId,
          text: row.text,
          ...(row.fileName ? { fileName: row.fileName } : {}),
          moderator: d.moderatorId ? await findPerson(db, d.moderatorId) : null,
        },
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
    case 'withdrawal.pending':
    case 'withdrawal.paid':
    case 'withdrawal.failed':
    case 'withdrawal.held':
    case 'withdrawal.released':
    case 'withdrawal.rejected': {
      const w = await findWithdrawal(db, event.withdrawalId);
      const owner = w && (await findPerson(db, w.userId));
      if (!w || !owner) return null;
      // Paid or failed before this ran: that outcome has its own notice, "on its way" would be old news.
      if (event.type === 'withdrawal.pending' && w.status !== 'pending') return null;
      const decidedAt = event.type === 'withdrawal.released' ? await findHoldDecidedAt(db, w.id) : null;
      return {
        kind: 'withdrawal',
        event,
        owner,
        withdrawal: {
          amount: w.amount,
          currency: w.currency,
          accountLast4: w.accountLast4,
          failureReason: w.failureReason,
          expectedBy: withdrawalExpectedBy(w, decidedAt ?? w.createdAt)?.toISOString() ?? null,
        },
        admins: event.type === 'withdrawal.held' ? await findAdmins(db) : [],
      };
    }
    case 'identity.submitted':
    case 'identity.decided':
      return identityFacts(db, event);
    case 'verification.limit_reached':
      return tierLimitFacts(db, event, now);
    case 'job.failed': {
      // Told only while it is still failed: an admin may have retried or cancelled it before this ran.
      const job = await findJob(db, event.jobId);
      if (!job || job.state !== 'failed') return null;
      return { kind: 'job', job, admins: await findAdmins(db) };
    }
  }
}

type DisputeRowFacts = NonNullable<Awaited<ReturnType<typeof findDisputeRow>>>;

/**
 * The staff a dispute clock's event tells: moderators of a new or silent case (only its moderator once one
 * took it), every admin of an escalation. False when the case moved on before this ran: nobody is told.
 */
async function disputeClockFacts(
  db: DbOrTx,
  event: Extract<NotificationEvent, { disputeId: string }>,
  d: DisputeRowFacts,
): Promise<DisputeClockFacts | null | false> {
  const facts = (staff: Person[]): DisputeClockFacts => ({
    disputeId: d.id,
    initiatedBy: d.initiatedBy,
    status: d.status,
    moderatorId: d.moderatorId,
    createdAt: d.createdAt,
    staff,
  });
  switch (event.type) {
    case 'dispute.opened':
      return facts(await findModerators(db));
    case 'dispute.no_response': {
      if (d.status === 'resolved' || d.respondedAt) return false;
      const moderator = d.moderatorId ? await findPerson(db, d.moderatorId) : null;
      return facts(moderator ? [moderator] : await findModerators(db));
    }
    case 'dispute.escalated': {
      const still = event.reason === 'unassigned' ? d.status === 'open' : d.status === 'in_review';
      return still && facts(await findAdmins(db));
    }
    default:
      return null;
  }
}
