import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toDecimal, type TDecisionRecord, type TResolvedCase } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, transactions, users } from '../../db/schema/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { containsPattern, startsWithPattern } from '../../lib/search.js';
import { decisionFigures } from './disputes.moderator-stats.js';
import type { Worker } from './disputes.waiting.js';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');
const decider = alias(users, 'decider');

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** A moderator's history is what they decided; an admin's holds every resolved case. */
const scopeOf = (worker: Worker): SQL | undefined =>
  worker.role === 'moderator' ? eq(disputes.resolvedById, worker.id) : undefined;

/**
 * What a search matches: the transaction's description, either party's name or email (the seller's email
 * as the deal names it), or the case id from its start ("#1a2b3c4d" as the case file shows it).
 */
function matching(q: string): SQL | undefined {
  const like = containsPattern(q);
  const id = q.replace(/^#/, '').toLowerCase();
  return or(
    ilike(transactions.description, like),
    ilike(buyer.email, like),
    sql`concat_ws(' ', ${buyer.firstName}, ${buyer.lastName}) ilike ${like}`,
    ilike(transactions.sellerEmail, like),
    sql`concat_ws(' ', ${seller.firstName}, ${seller.lastName}) ilike ${like}`,
    id ? sql`${disputes.id}::text like ${startsWithPattern(id)}` : undefined,
  );
}

const RESOLVED_AT = sql<string>`to_char(${disputes.resolvedAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`;

/**
 * A page of resolved cases (GET /api/disputes/history), the latest decision first: (resolved_at, id)
 * descending, a keyset range of disputes_resolved_page_idx or, for a moderator, of
 * disputes_resolved_by_page_idx; the parties are joined for the page's rows.
 */
export async function listResolvedCases(
  db: DbOrTx,
  worker: Worker,
  query: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<Page<TResolvedCase>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      d: {
        id: disputes.id,
        transactionId: disputes.transactionId,
        type: disputes.type,
        initiatedBy: disputes.initiatedBy,
        disputedAmount: disputes.disputedAmount,
        resolution: disputes.resolution,
        refundAmount: disputes.refundAmount,
        createdAt: disputes.createdAt,
        resolvedAt: disputes.resolvedAt,
      },
      t: { description: transactions.description, currency: transactions.currency, amount: transactions.amount },
      buyer: { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
      seller: { firstName: seller.firstName, lastName: seller.lastName, email: transactions.sellerEmail },
      decider: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName, email: decider.email },
      at: RESOLVED_AT,
    })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
    .innerJoin(buyer, eq(buyer.id, transactions.buyerId))
    .leftJoin(seller, eq(seller.id, transactions.sellerId))
    .leftJoin(decider, eq(decider.id, disputes.resolvedById))
    .where(
      and(
        eq(disputes.status, 'resolved'),
        isNotNull(disputes.resolvedAt),
        scopeOf(worker),
        query.q ? matching(query.q) : undefined,
        after
          ? sql`(${disputes.resolvedAt}, ${disputes.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(disputes.resolvedAt), desc(disputes.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.at, id: r.d.id }),
    ({ d, t, buyer: b, seller: s, decider: m }): TResolvedCase => ({
      id: d.id,
      transactionId: d.transactionId,
      description: t.description,
      type: d.type,
      initiatedBy: d.initiatedBy,
      currency: t.currency,
      disputedAmount: toDecimal(d.disputedAmount ?? t.amount, t.currency),
      resolution: d.resolution,
      refundAmount: d.refundAmount === null ? null : toDecimal(d.refundAmount, t.currency),
      settledByAgreement: m === null,
      buyer: b,
      seller: s,
      decidedBy: m && { id: m.id, name: fullName(m) || m.email },
      createdAt: d.createdAt.toISOString(),
      resolvedAt: d.resolvedAt!.toISOString(),
    }),
  );
}

/** The figures above the history: a moderator's own decisions, or the platform's for an admin (all time). */
export async function decisionRecord(db: DbOrTx, worker: Worker): Promise<TDecisionRecord> {
  const scope = scopeOf(worker);
  return { scope: scope ? 'own' : 'platform', ...(await decisionFigures(db, scope)) };
}
