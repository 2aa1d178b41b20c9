import { and, asc, count, eq, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { WORKLOAD_PREVIEW, type TDisputeWorkload, type TWaitingGroup } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes } from '../../db/schema/index.js';
import { PRIORITY_ORDER, disputeRows } from './disputes.queries.js';

/** Who asks: a moderator sees their own work, an admin everyone's. */
export interface Worker {
  id: string;
  role: 'moderator' | 'admin';
}

/** The group's count and its first few cases in `orderBy`'s order. */
async function group(db: DbOrTx, where: SQL | undefined, orderBy: SQL[]): Promise<TWaitingGroup> {
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(disputes).where(where),
    disputeRows(db, where, [...orderBy, asc(disputes.id)], WORKLOAD_PREVIEW),
  ]);
  return { count: counted?.n ?? 0, cases: rows.map((r) => r.view) };
}

/**
 * What waits for a moderator or an admin (GET /api/disputes/waiting), read at `now` (the product's
 * clock): four small queries on the cases still open, whatever the history holds.
 */
export async function disputeWorkload(db: DbOrTx, worker: Worker, now: Date): Promise<TDisputeWorkload> {
  const isModerator = worker.role === 'moderator';
  const inReview = eq(disputes.status, 'in_review');
  const open = eq(disputes.status, 'open');
  const waitingReview = and(inReview, isNotNull(disputes.proposedAt));
  const mineOnly = isModerator ? eq(disputes.moderatorId, worker.id) : undefined;
  // Past the time to be taken, or (no decision waiting for review) past the time to be decided.
  const late = or(
    and(open, lte(disputes.assignDueAt, now)),
    and(inReview, isNull(disputes.proposedAt), lte(disputes.decisionDueAt, now), mineOnly),
  );
  const dueAt = sql`coalesce(case when ${open} then ${disputes.assignDueAt} else ${disputes.decisionDueAt} end, ${disputes.createdAt})`;

  const [mine, [queue], pastDeadline, secondReview] = await Promise.all([
    isModerator
      ? group(db, and(inReview, mineOnly), [
          asc(PRIORITY_ORDER),
          asc(sql`coalesce(${disputes.decisionDueAt}, ${disputes.createdAt})`),
        ])
      : Promise.resolve({ count: 0, cases: [] }),
    db.select({ n: count() }).from(disputes).where(open),
    group(db, late, [asc(dueAt)]),
    group(db, isModerator ? and(waitingReview, ne(disputes.proposedById, worker.id)) : waitingReview, [
      asc(disputes.proposedAt),
    ]),
  ]);
  return { mine, unassigned: queue?.n ?? 0, pastDeadline, secondReview };
}
