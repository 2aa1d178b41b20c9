import { and, asc, count, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import {
  splitEscrowAmounts,
  toDecimal,
  type TDispute,
  type TDisputeStats,
  type TSettlementOffer,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  disputeOffers,
  disputes,
  transactionEvents,
  transactionMilestones,
  transactions,
  users,
} from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { CURSOR_AT_FORMAT, decodeCursor, newestIds, toPage, type Page } from '../../lib/cursor.js';
import { isUuid } from '../../lib/uuid.js';
import { sellerEmailOf } from '../transactions/index.js';
import { disputeStep } from './disputes.step.js';
import { partOf } from './disputes.partial.js';
import { proposalOf } from './disputes.second-review.js';
import type { DisputeRow } from './disputes.row.js';

export type { DisputeRow };
export type OfferRow = typeof disputeOffers.$inferSelect;
type TransactionMoney = Pick<
  typeof transactions.$inferSelect,
  'currency' | 'amount' | 'fee' | 'total' | 'description' | 'status'
>;

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row ?? null;
}

/** Locks the dispute row; callers lock its transaction first (one lock order: no deadlocks). */
export async function lockDispute(tx: Tx, id: string): Promise<DisputeRow | null> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row ?? null;
}

/** An offer's view; `t` is the money in dispute (partOf: the disputed amount and its fee share). */
export function offerView(o: OfferRow, t: Pick<TransactionMoney, 'currency' | 'amount' | 'fee'>): TSettlementOffer {
  const split = splitEscrowAmounts(t.amount, t.fee, o.refundAmount);
  return {
    id: o.id,
    proposerRole: o.proposerRole,
    refundAmount: toDecimal(o.refundAmount, t.currency),
    buyerReceives: toDecimal(split?.buyerGets ?? 0n, t.currency),
    sellerReceives: toDecimal(split?.sellerGets ?? 0n, t.currency),
    message: o.message,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    respondedAt: o.respondedAt?.toISOString() ?? null,
  };
}

function disputeView(
  d: DisputeRow,
  t: TransactionMoney,
  openOffer: OfferRow | null,
  milestone: { position: number; title: string } | null,
): TDispute {
  const proposal = proposalOf(d);
  const money = (minor: bigint | null) => (minor === null ? null : toDecimal(minor, t.currency));
  return {
    id: d.id,
    transactionId: d.transactionId,
    transaction: {
      currency: t.currency,
      total: toDecimal(t.total, t.currency),
      amount: toDecimal(t.amount, t.currency),
      fee: toDecimal(t.fee, t.currency),
      description: t.description,
      status: t.status,
    },
    milestone:
      d.milestoneId && milestone
        ? {
            id: d.milestoneId,
            position: milestone.position,
            title: milestone.title,
            amount: toDecimal(d.milestoneAmount ?? t.amount, t.currency),
            fee: toDecimal(d.milestoneFee ?? t.fee, t.currency),
          }
        : null,
    type: d.type,
    description: d.description,
    priority: d.priority,
    initiatedBy: d.initiatedBy,
    status: d.status,
    moderatorId: d.moderatorId,
    resolution: d.resolution,
    resolutionNotes: d.resolutionNotes,
    refundAmount: d.refundAmount === null ? null : toDecimal(d.refundAmount, t.currency),
    settledByAgreement: d.status === 'resolved' && d.resolvedById === null,
    createdAt: d.createdAt.toISOString(),
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    openOffer: openOffer ? offerView(openOffer, { currency: t.currency, ...partOf(d, t) }) : null,
    disputedAmount: toDecimal(d.disputedAmount ?? t.amount, t.currency),
    undisputedReleased: toDecimal(d.releasedAtOpen, t.currency),
    reliedOnEvidenceIds: d.reliedOnEvidenceIds,
    secondReview: proposal && {
      proposedBy: proposal.byId,
      proposedAt: proposal.at.toISOString(),
      resolution: proposal.resolution,
      refundAmount: money(proposal.refund),
      notes: proposal.notes,
      evidenceIds: proposal.evidenceIds,
    },
    sentBackReason: d.status === 'resolved' ? null : d.sentBackReason,
    approvedById: d.approvedById,
    step: disputeStep(d),
  };
}

const moneyColumns = {
  currency: transactions.currency,
  amount: transactions.amount,
  fee: transactions.fee,
  total: transactions.total,
  description: transactions.description,
  status: transactions.status,
};

export const PRIORITY_ORDER = sql<number>`CASE ${disputes.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`;
const CURSOR_AT = sql<string>`to_char(${disputes.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`;

/**
 * Disputes with their transaction's money and open offer, in the order `where` and `orderBy` give, at most
 * `limit` (a page's n+1); each with its keys for a cursor.
 */
export async function disputeRows(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  orderBy: ReturnType<typeof asc>[],
  limit: number,
): Promise<{ view: TDispute; at: string; rank: number }[]> {
  const rows = await db
    .select({
      d: disputes,
      t: moneyColumns,
      m: { position: transactionMilestones.position, title: transactionMilestones.title },
      at: CURSOR_AT,
      rank: PRIORITY_ORDER,
    })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
    .leftJoin(transactionMilestones, eq(transactionMilestones.id, disputes.milestoneId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  if (!rows.length) return [];
  const offers = await db
    .select()
    .from(disputeOffers)
    .where(
      and(
        inArray(
          disputeOffers.disputeId,
          rows.map((r) => r.d.id),
        ),
        eq(disputeOffers.status, 'open'),
      ),
    );
  const openByDispute = new Map(offers.map((o) => [o.disputeId, o]));
  return rows.map((r) => ({
    view: disputeView(r.d, r.t, openByDispute.get(r.d.id) ?? null, r.m),
    at: r.at,
    rank: Number(r.rank),
  }));
}

export async function findDisputeView(db: DbOrTx, id: string): Promise<TDispute | null> {
  if (!isUuid(id)) return null;
  const [row] = await disputeRows(db, eq(disputes.id, id), [], 1);
  return row?.view ?? null;
}

/**
 * A page of the disputes on the caller's transactions (as buyer, or as verified seller), newest first,
 * (created_at, id) descending; only one transaction's when `transactionId` is given.
 *
 * The page's cases are found as the transactions list finds its rows: the newest `limit + 1` after the
 * cursor as buyer (disputes_buyer_page_idx) and as seller (disputes_seller_page_idx, leaving out the
 * caller's own purchases), merged; only those are joined. So a page costs the same whatever the caller's
 * history and however many cases the platform holds. The parties are checked again on the transaction.
 */
export async function listPartyDisputes(
  db: DbOrTx,
  user: SessionUser,
  query: { limit: number; cursor?: string | undefined; transactionId?: string | undefined },
): Promise<Page<TDispute>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const sellerEmail = sellerEmailOf(user);
  const mine = or(eq(transactions.buyerId, user.id), eq(transactions.sellerId, user.id));
  const n = query.limit + 1;
  const also = sql.join(
    [
      query.transactionId ? sql`and transaction_id = ${query.transactionId}` : sql``,
      after ? sql`and (created_at, id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``,
    ],
    sql` `,
  );
  const ranges = [sql`buyer_id = ${user.id} ${also}`];
  if (sellerEmail) ranges.push(sql`seller_email = ${sellerEmail} and buyer_id <> ${user.id} ${also}`);
  const rows = await disputeRows(
    db,
    and(mine, sql`${disputes.id} = any(array(${newestIds(disputes, ranges, n)}))`),
    [desc(disputes.createdAt), desc(disputes.id)],
    n,
  );
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.at, id: r.view.id }),
    (r) => r.view,
  );
}

/**
 * A page of the moderators' queue: open and in-review cases, most urgent first, then oldest first
 * ((priority rank, created_at, id) ascending; the cursor's id is `<rank>:<id>`).
 */
export async function listActiveDisputes(
  db: DbOrTx,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TDispute>> {
  const after = query.cursor ? decodeCursor(query.cursor, 'rankUuid') : null;
  const [rank, id] = after ? [Number(after.id.slice(0, 1)), after.id.slice(2)] : [];
  const rows = await disputeRows(
    db,
    and(
      inArray(disputes.status, ['open', 'in_review']),
      after
        ? sql`(${PRIORITY_ORDER}, ${disputes.createdAt}, ${disputes.id}) > (${rank}::int, ${after.at}::timestamptz, ${id}::uuid)`
        : undefined,
    ),
    [asc(PRIORITY_ORDER), asc(disputes.createdAt), asc(disputes.id)],
    query.limit + 1,
  );
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.at, id: `${r.rank}:${r.view.id}` }),
    (r) => r.view,
  );
}

/** Start of the current UTC day. */
function startOfToday(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function disputeStats(db: DbOrTx, now = new Date()): Promise<TDisputeStats> {
  const byStatus = await db.select({ status: disputes.status, n: count() }).from(disputes).groupBy(disputes.status);
  const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  const total = byStatus.reduce((sum, r) => sum + r.n, 0);
  const [today] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(eq(disputes.status, 'resolved'), gte(disputes.resolvedAt, startOfToday(now))));
  return {
    openDisputes: n('open'),
    pendingReview: n('in_review'),
    resolvedToday: today?.n ?? 0,
    resolutionRate: total ? Math.round((n('resolved') / total) * 100) : 0,
  };
}

/** The case's offers; `t` is the money in dispute (partOf). */
export async function listOffers(
  db: DbOrTx,
  disputeId: string,
  t: Pick<TransactionMoney, 'currency' | 'amount' | 'fee'>,
): Promise<TSettlementOffer[]> {
  const rows = await db
    .select()
    .from(disputeOffers)
    .where(eq(disputeOffers.disputeId, disputeId))
    .orderBy(asc(disputeOffers.createdAt));
  return rows.map((o) => offerView(o, t));
}

/** The transaction's history, oldest first, with who acted. */
export async function timelineOf(db: DbOrTx, transactionId: string) {
  const rows = await db
    .select({
      action: transactionEvents.action,
      fromStatus: transactionEvents.fromStatus,
      toStatus: transactionEvents.toStatus,
      at: transactionEvents.at,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(transactionEvents)
    .leftJoin(users, eq(users.id, transactionEvents.actorId))
    .where(eq(transactionEvents.transactionId, transactionId))
    .orderBy(asc(transactionEvents.at), asc(transactionEvents.id));
  return rows.map((r) => ({
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actorName: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || null,
    at: r.at.toISOString(),
  }));
}
