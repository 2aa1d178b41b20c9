import { DISPUTE_TYPE_LABELS, type TDisputeType } from '@holdfast/contracts';
import {
  formatWhen,
  money,
  to,
  transactionDetails,
  type Ctx,
  type Delivery,
  type EventFacts,
} from './notifications.delivery.js';

/** Where moderators take and decide cases. */
export const MODERATOR_QUEUE_PATH = '/moderator-dashboard';
/** A case's file, which moderators and admins both read (and where a second reviewer approves). */
export const casePath = (disputeId: string) => `/moderator/cases/${disputeId}`;

type DisputeFacts = Extract<EventFacts, { kind: 'dispute' }>;

/**
 * What the dispute clocks tell the staff (issue 28): a new case is offered to every moderator at once
 * (the bell), a silent one is flagged to them, and a case nobody took or decided in time goes to every
 * admin by bell and email (always sent: a person must act). Parties of the case are never told as staff.
 */
export function disputeStaffDeliveries(ctx: Ctx, f: DisputeFacts): Delivery[] {
  const c = f.clocks;
  if (!c) return [];
  const { t, event } = f;
  const staff = c.staff.filter((p) => p.id !== t.buyer.id && p.id !== t.seller?.id);
  const amount = money(t.amount, t.currency);
  const label = DISPUTE_TYPE_LABELS[f.dispute.type as TDisputeType] ?? f.dispute.type;
  const responder = c.initiatedBy === 'buyer' ? 'seller' : 'buyer';

  if (event.type === 'dispute.opened' || event.type === 'dispute.no_response') {
    const opened = event.type === 'dispute.opened';
    return staff.map((p) => ({
      ...to(ctx, p, {
        category: null,
        path: MODERATOR_QUEUE_PATH,
        title: opened ? 'New dispute to review' : 'Dispute: no response',
        body: opened
          ? `${t.description} (${amount}): ${label}. Take the case from the queue.`
          : `The ${responder} of ${t.description} did not respond in time; the case is marked "no response".`,
        subject: '',
        paragraphs: [],
        action: 'Open the queue',
        reason: '',
      }),
      bellOnly: true,
    }));
  }

  if (event.type !== 'dispute.escalated') return [];
  const unassigned = event.reason === 'unassigned';
  const why = unassigned
    ? `No moderator has taken the dispute on ${t.description} since it opened on ${formatWhen(c.createdAt)}.`
    : `The moderator who took the dispute on ${t.description} has not decided it in time.`;
  return staff.map((admin) =>
    to(ctx, admin, {
      category: null,
      path: casePath(event.disputeId),
      title: unassigned ? 'Dispute waiting for a moderator' : 'Dispute waiting for a decision',
      body: why,
      subject: unassigned
        ? `Holdfast: a dispute on ${t.description} has no moderator`
        : `Holdfast: a dispute on ${t.description} is overdue for a decision`,
      paragraphs: [
        why,
        `The ${amount} stays in escrow until the case is decided; no timer moves it. Please see that a moderator takes and decides it.`,
      ],
      details: transactionDetails(t, [
        { label: 'Reason', value: label },
        { label: 'Case', value: c.disputeId },
      ]),
      action: 'Open the moderators',
      reason: 'You get this email because you are an administrator of Holdfast.',
    }),
  );
}
