import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DISPUTE_TYPE_LABELS,
  formatMoney,
  splitEscrowAmounts,
  toDecimal,
  type TCaseAuthor,
  type TCaseFileEntry,
  type TViewerRole,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  directMessages,
  disputeNotes,
  disputeOffers,
  disputes,
  transactionEvents,
  transactions,
  users,
} from '../../db/schema/index.js';
import { counterpartyName } from '../profile/index.js';
import { isStaged, listMilestones, outcomeFacts, type MilestoneRow, type OutcomeFacts } from '../transactions/index.js';
import { listCaseSubmissions } from './disputes.evidence.queries.js';
import type { DisputeRow } from './disputes.queries.js';
import { partOf } from './disputes.partial.js';

type TransactionRow = typeof transactions.$inferSelect;

/** Who reads the file: staff see internal notes, the parties never do. */
export type CaseReader = 'party' | 'staff';

const personColumns = { id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName };
type Person = { id: string; role: string; firstName: string | null; lastName: string | null };

/** "3 Dec" for a date-only value (the seller's expected delivery date). */
function shortDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** An amount in minor units as people read it ("R 40,00"). */
const money = (minor: bigint, t: TransactionRow) => formatMoney(toDecimal(minor, t.currency), t.currency);

/** What each side gets from a split of the amount in dispute with `refund` of it back to the buyer. */
function splitText(refund: bigint, d: DisputeRow, t: TransactionRow): string {
  const part = partOf(d, t);
  const split = splitEscrowAmounts(part.amount, part.fee, refund);
  if (!split) return `${money(refund, t)} back to the buyer`;
  return `${money(split.buyerGets, t)} back to the buyer, ${money(split.sellerGets, t)} to the seller`;
}

interface EventContext {
  t: TransactionRow;
  /** The transaction's dispute; null on a deal never disputed (its timeline, transactionTimeline). */
  d: DisputeRow | null;
  actor: TCaseAuthor | null;
  /** A deal paid in stages: its milestones and every case of the deal (one per milestone); else empty. */
  stages: { milestones: readonly MilestoneRow[]; cases: readonly DisputeRow[] };
}

/** Who opened a case and why ("by the buyer: Quality issue"). */
const openedBy = (d: DisputeRow) => `by the ${d.initiatedBy}: ${DISPUTE_TYPE_LABELS[d.type]}`;

/** The case of the milestone at `position` of a deal paid in stages, if it has one. */
function caseOfStage(position: number, stages: EventContext['stages']): DisputeRow | undefined {
  const m = stages.milestones.find((x) => x.position === position);
  return m && stages.cases.find((x) => x.milestoneId === m.id);
}

/** "Stage 2: Build — " before an offer or a decision of a milestone's case; nothing for a deal of one amount. */
function stagePrefix(c: DisputeRow, stages: EventContext['stages']): string {
  const m = c.milestoneId ? stages.milestones.find((x) => x.id === c.milestoneId) : undefined;
  return m ? `Stage ${m.position}: ${m.title} — ` : '';
}

/**
 * A milestone's case opening ('milestone_dispute:2', decision 033), named by its stage: "Dispute opened on
 * stage 2: Build, by the buyer: Quality issue". The stage's own case, not the one the file is of: a deal
 * paid in stages has one case per milestone.
 */
function stageDisputeSummary(position: number, { stages }: EventContext): string {
  const m = stages.milestones.find((x) => x.position === position);
  if (!m) return `Dispute opened on stage ${position}`;
  const d = caseOfStage(position, stages);
  return `Dispute opened on stage ${position}: ${m.title}${d ? `, ${openedBy(d)}` : ''}`;
}

/**
 * The one place that turns a history action into what a person reads. Actions another entry of the file
 * tells better (offers, their answers, the decision) are left out; an action missing here reads as its
 * own words ("dispute_escalated" → "Dispute escalated").
 */
const EVENT_SUMMARIES: Record<string, ((c: EventContext) => string) | null> = {
  create: () => 'Transaction created',
  fund_from_wallet: () => 'Funded by the buyer',
  funded_by_card: () => 'Funded by the buyer (card)',
  card_payment_credited_to_wallet: () => "The buyer's card payment was credited to their wallet",
  accept: ({ t }) =>
    t.expectedDeliveryDate
      ? `Accepted by the seller, delivery by ${shortDate(t.expectedDeliveryDate)}`
      : 'Accepted by the seller',
  deliver: () => 'Marked delivered',
  invitation_resent: ({ t }) => `Invitation sent again to ${t.sellerEmail}`,
  confirm: () => 'Receipt confirmed by the buyer: funds released to the seller',
  auto_release: () => 'Released to the seller automatically after the inspection period',
  decline: () => 'Declined by the seller',
  cancel: () => 'Cancelled before acceptance',
  cancel_late_delivery: () => 'Cancelled by the buyer: not delivered in time',
  // A deal paid in stages ('milestone_cancel_remaining:2,3'): the milestones the seller's cancel ended.
  cancel_remaining: () => 'Remaining stages cancelled by the seller: funded ones refunded to the buyer',
  expire_unfunded: () => 'Cancelled automatically: not funded in time',
  expire_unaccepted: () => 'Cancelled automatically: the seller did not accept in time',
  dispute: ({ d }) => (d ? `Dispute opened ${openedBy(d)}` : 'Dispute opened'),
  dispute_assigned: ({ actor }) => `Assigned to ${actor?.name ?? 'a moderator'}`,
  dispute_partial_release: ({ d, t }) => {
    if (!d) return 'Part of the amount released to the seller';
    const part = partOf(d, t);
    return `Only ${money(part.amount, t)} disputed: ${money(part.released, t)} released to the seller at once`;
  },
  dispute_decision_approved: ({ actor }) => `Decision approved by ${actor?.name ?? 'a second reviewer'} (four eyes)`,
  dispute_decision_sent_back: ({ actor }) =>
    `Decision sent back to its moderator by ${actor?.name ?? 'a second reviewer'}`,
  dispute_responded: ({ actor }) => `${actor?.name ?? 'The other party'} responded to the dispute`,
  dispute_responded_late: ({ actor }) =>
    `${actor?.name ?? 'The other party'} responded after the response deadline had passed`,
  dispute_no_response: () => 'No response by the deadline: the case went to the moderators marked "no response"',
  'dispute_escalated:unassigned': () => 'No moderator took the case in time: escalated to the admins',
  'dispute_escalated:undecided': () => 'No decision in time: escalated to the admins',
  'dispute_requeued:moderator_deactivated': () =>
    'Back in the queue for another moderator: its moderator is no longer a moderator',
  'dispute_requeued:moderator_suspended': () =>
    "Back in the queue for another moderator: its moderator's account was suspended",
  // Told by their own entries (statements and evidence, offers, the decision).
  statement_added: null,
  evidence_added: null,
  offer_made: null,
  offer_rejected: null,
  dispute_settled: null,
};

function eventSummary(action: string, c: EventContext): string | null {
  if (action.startsWith('dispute_resolved:')) return null;
  // A milestone's action names its positions (decision 033: 'milestone_confirm:1', 'milestone_fund_from_wallet:2,3'):
  // the deal's own words for the action, after the milestones it moved.
  const staged = /^milestone_([a-z_]+):([\d,]+)$/.exec(action);
  if (staged) {
    const positions = staged[2]!.split(',');
    if (staged[1] === 'dispute') return stageDisputeSummary(Number(positions[0]), c);
    const which = positions.length === 1 ? `Milestone ${positions[0]}` : `Milestones ${positions.join(', ')}`;
    // A case's step of a deal with a case per milestone reads that stage's case, not the file's.
    const summary = eventSummary(staged[1]!, { ...c, d: caseOfStage(Number(positions[0]), c.stages) ?? c.d });
    return summary ? `${which}: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : null;
  }
  const known = EVENT_SUMMARIES[action];
  if (known !== undefined) return known?.(c) ?? null;
  const words = action.replace(/[_:]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the file holds: the whole case (`case`, the case file), or the deal's own history (`deal`, the
 * transaction's timeline for its parties: events, delivery, offers and the decision, with the inspection
 * period and the money paid out; the private messages, statements and evidence stay in the conversation
 * and the case file).
 */
export type CaseFileScope = 'case' | 'deal';

/** The inspection period as its own line of a deal's timeline ("Inspection period: 3 days, until 5 Dec"). */
function inspectionSummary(t: TransactionRow): string {
  const days = `${t.inspectionDays} day${t.inspectionDays === 1 ? '' : 's'}`;
  if (!t.autoReleaseAt) return `Inspection period of ${days} started`;
  const until = t.autoReleaseAt.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `Inspection period of ${days} started: released automatically on ${until} UTC unless the buyer confirms or disputes`;
}

/** "Paid out: R 3 090,00 back to the buyer, R 1 800,00 to the seller, R 54,00 fee" from the ledger's figures. */
function payoutSummary(f: OutcomeFacts, t: TransactionRow): string | null {
  const parts = [
    f.buyer > 0n ? `${money(f.buyer, t)} back to the buyer's wallet` : null,
    f.seller > 0n ? `${money(f.seller, t)} to the seller's wallet` : null,
    f.fees > 0n ? `${money(f.fees, t)} service fee` : null,
  ].filter(Boolean);
  return parts.length ? `Paid out of escrow: ${parts.join(', ')}` : null;
}

/**
 * The dispute's case file, oldest first: the transaction's history, the delivery details and tracking, the
 * parties' private messages about the transaction, statements and evidence, offers and their answers,
 * internal notes (staff only) and the decision with its reasons. Entries at the same instant keep that
 * order. A party's file never contains a note: they are not even read for them. `told` are the cases whose
 * offers and decision it tells: the case file's own, or on a deal's timeline (scope `deal`, CaseFileScope)
 * every case of the deal, one per disputed milestone of a deal paid in stages; none: the history alone.
 */
export async function buildCaseFile(
  db: DbOrTx,
  told: readonly DisputeRow[],
  t: TransactionRow,
  reader: CaseReader,
  scope: CaseFileScope = 'case',
): Promise<TCaseFileEntry[]> {
  const parties = [t.buyerId, t.sellerId].filter((id): id is string => id !== null);
  const whole = scope === 'case';
  // The case of a case file; on a deal's timeline its case, or null (a deal paid in stages may have one per
  // milestone: its events find their stage's case, and every case's offers and decision are told).
  const d = told.length === 1 ? told[0]! : null;
  const resolvers = told.flatMap((c) => (c.resolvedById ? [c.resolvedById] : []));
  const caseIds = told.map((c) => c.id);
  const [people, events, messages, offers, notes, submissions, payouts, milestones, cases] = await Promise.all([
    // The parties and the decider, for the entries that name them without a row of their own.
    db
      .select(personColumns)
      .from(users)
      .where(inArray(users.id, [...parties, ...resolvers])),
    db
      .select({ e: transactionEvents, actor: personColumns })
      .from(transactionEvents)
      .leftJoin(users, eq(users.id, transactionEvents.actorId))
      .where(eq(transactionEvents.transactionId, t.id))
      .orderBy(asc(transactionEvents.at), asc(transactionEvents.id)),
    // The conversation is the transaction; only what its two parties wrote to each other.
    !whole
      ? Promise.resolve([])
      : db
          .select({ m: directMessages, sender: personColumns })
          .from(directMessages)
          .innerJoin(users, eq(users.id, directMessages.senderId))
          .where(
            and(
              eq(directMessages.conversationId, t.id),
              inArray(directMessages.senderId, parties),
              inArray(directMessages.receiverId, parties),
            ),
          )
          .orderBy(asc(directMessages.createdAt), asc(directMessages.id)),
    !caseIds.length
      ? Promise.resolve([])
      : db
          .select({ o: disputeOffers, proposer: personColumns })
          .from(disputeOffers)
          .innerJoin(users, eq(users.id, disputeOffers.proposerId))
          .where(inArray(disputeOffers.disputeId, caseIds))
          .orderBy(asc(disputeOffers.createdAt), asc(disputeOffers.id)),
    reader === 'staff' && d && whole
      ? db
          .select({ n: disputeNotes, author: personColumns })
          .from(disputeNotes)
          .innerJoin(users, eq(users.id, disputeNotes.authorId))
          .where(eq(disputeNotes.disputeId, d.id))
          .orderBy(asc(disputeNotes.createdAt), asc(disputeNotes.id))
      : Promise.resolve([]),
    d && whole ? listCaseSubmissions(db, d.id) : Promise.resolve({ statements: [], evidence: [] }),
    whole ? Promise.resolve(new Map<string, OutcomeFacts>()) : outcomeFacts(db, [t]),
    isStaged(t) ? listMilestones(db, t.id) : Promise.resolve([]),
    // Every case of a staged deal, to name stages: a deal's timeline was given them all already.
    !isStaged(t)
      ? Promise.resolve([])
      : whole
        ? db.select().from(disputes).where(eq(disputes.transactionId, t.id))
        : Promise.resolve(told),
  ]);
  const stages = { milestones, cases };

  const authorOf = (p: Person | null): TCaseAuthor | null => {
    if (!p) return null;
    const name = counterpartyName(p);
    if (p.id === t.buyerId) return { role: 'buyer', name };
    if (p.id === t.sellerId) return { role: 'seller', name };
    return p.role === 'moderator' || p.role === 'admin' ? { role: p.role, name } : null;
  };
  const byId = new Map(people.map((p) => [p.id, p]));
  const personAuthor = (id: string | null) => (id ? authorOf(byId.get(id) ?? null) : null);
  const entry = (e: Omit<TCaseFileEntry, 'internal' | 'evidence'> & Partial<TCaseFileEntry>): TCaseFileEntry => ({
    internal: false,
    evidence: null,
    ...e,
  });
  const file: TCaseFileEntry[] = [];

  for (const { e, actor } of events) {
    const author = authorOf(actor);
    const summary = eventSummary(e.action, { t, d, actor: author, stages });
    if (summary !== null) {
      file.push(entry({ id: `event:${e.id}`, kind: 'event', at: e.at.toISOString(), author, summary, text: null }));
    }
  }

  if (!whole) {
    if (t.deliveredAt) {
      file.push(
        entry({
          id: `inspection:${t.id}`,
          kind: 'event',
          at: t.deliveredAt.toISOString(),
          author: null,
          summary: inspectionSummary(t),
          text: null,
        }),
      );
    }
  }

  if (t.acceptedAt && (t.expectedDeliveryDate || t.deliveryNotes)) {
    file.push(
      entry({
        id: `delivery:accepted:${t.id}`,
        kind: 'delivery',
        at: t.acceptedAt.toISOString(),
        author: personAuthor(t.sellerId),
        summary: t.expectedDeliveryDate
          ? `Delivery details: expected by ${shortDate(t.expectedDeliveryDate)}`
          : 'Delivery details',
        text: t.deliveryNotes,
      }),
    );
  }
  if (t.deliveredAt) {
    file.push(
      entry({
        id: `delivery:delivered:${t.id}`,
        kind: 'delivery',
        at: t.deliveredAt.toISOString(),
        author: personAuthor(t.sellerId),
        summary: t.trackingReference
          ? `Tracking reference: ${t.trackingReference}`
          : 'Delivered without a tracking reference',
        text: t.deliveryMessage,
      }),
    );
  }

  for (const { m, sender } of messages) {
    const author = authorOf(sender);
    file.push(
      entry({
        id: `message:${m.id}`,
        kind: 'message',
        at: m.createdAt.toISOString(),
        author,
        summary: `Message from the ${author?.role ?? 'party'}`,
        text: m.content,
      }),
    );
  }

  for (const s of submissions.statements) {
    file.push(
      entry({
        id: `statement:${s.id}`,
        kind: 'statement',
        at: s.createdAt,
        author: s.author,
        summary: `Statement by the ${s.author.role}`,
        text: s.text,
      }),
    );
  }
  for (const ev of submissions.evidence) {
    file.push(
      entry({
        id: `evidence:${ev.id}`,
        kind: 'evidence',
        at: ev.createdAt,
        author: ev.author,
        summary: `Evidence added: ${ev.fileName}, sha256 ${ev.sha256}`,
        text: ev.caption || null,
        evidence: ev,
      }),
    );
  }

  const caseOf = new Map(told.map((c) => [c.id, c]));
  for (const { o, proposer } of offers) {
    const c = caseOf.get(o.disputeId)!;
    file.push(
      entry({
        id: `offer:${o.id}`,
        kind: 'offer',
        at: o.createdAt.toISOString(),
        author: authorOf(proposer),
        summary: `Offer by the ${o.proposerRole}: ${splitText(o.refundAmount, c, t)}`,
        text: o.message,
      }),
    );
    // Its answer; a superseded or closed offer is told by the next offer or the decision.
    if ((o.status === 'accepted' || o.status === 'rejected') && o.respondedAt) {
      const answerer = o.proposerRole === 'buyer' ? 'seller' : 'buyer';
      file.push(
        entry({
          id: `offer-answer:${o.id}`,
          kind: 'offer',
          at: o.respondedAt.toISOString(),
          author: personAuthor(answerer === 'seller' ? t.sellerId : t.buyerId),
          summary: `Offer ${o.status} by the ${answerer}`,
          text: null,
        }),
      );
    }
  }

  if (reader === 'staff') {
    for (const { n, author } of notes) {
      file.push(
        entry({
          id: `note:${n.id}`,
          kind: 'note',
          at: n.createdAt.toISOString(),
          author: authorOf(author),
          summary: 'Internal note — staff only',
          text: n.text,
          internal: true,
        }),
      );
    }
  }

  for (const c of told) {
    if (c.status !== 'resolved' || !c.resolvedAt) continue;
    file.push(
      entry({
        id: `decision:${c.id}`,
        kind: 'decision',
        at: c.resolvedAt.toISOString(),
        author: personAuthor(c.resolvedById),
        summary: `${stagePrefix(c, stages)}${decisionSummary(c, t)}`,
        text: c.resolutionNotes,
      }),
    );
  }

  if (!whole) {
    // The money paid out, when the deal ended (its last history row into completed or cancelled), told
    // after the decision that paid it.
    const ending = [...events].reverse().find((r) => r.e.toStatus === 'completed' || r.e.toStatus === 'cancelled');
    const facts = payouts.get(t.id);
    const paid = facts && payoutSummary(facts, t);
    if (ending && paid) {
      file.push(
        entry({
          id: `payout:${t.id}`,
          kind: 'event',
          at: ending.e.at.toISOString(),
          author: null,
          summary: paid,
          text: null,
        }),
      );
    }
  }

  // Stable: entries at the same instant keep the order above.
  return file.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function decisionSummary(d: DisputeRow, t: TransactionRow): string {
  if (d.resolvedById === null) return `Settled by agreement: ${splitText(d.refundAmount ?? 0n, d, t)}`;
  const part = partOf(d, t);
  const whole = part.released === 0n;
  const disputed = money(part.amount, t);
  if (d.resolution === 'release_to_seller') {
    return whole
      ? 'Decision: funds released to the seller'
      : `Decision: the ${disputed} in dispute released to the seller`;
  }
  if (d.resolution === 'refund_buyer') {
    return whole
      ? 'Decision: the buyer refunded in full'
      : `Decision: the ${disputed} in dispute refunded to the buyer`;
  }
  return `Decision: split, ${splitText(d.refundAmount ?? 0n, d, t)}`;
}

/** How a viewer of the transaction reads its case: the parties as parties, staff as staff, others not at all. */
export function caseReaderOf(viewerRole: TViewerRole | null | undefined): CaseReader | null {
  if (viewerRole === 'buyer' || viewerRole === 'seller') return 'party';
  if (viewerRole === 'moderator' || viewerRole === 'admin') return 'staff';
  return null;
}
