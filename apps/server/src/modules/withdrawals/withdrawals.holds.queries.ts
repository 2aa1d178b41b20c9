import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users, withdrawalHolds, withdrawals, type StoredSanctionsMatch } from '../../db/schema/index.js';
import type { WithdrawalRow } from './withdrawals.queries.js';

export type HoldRow = typeof withdrawalHolds.$inferSelect;

export async function insertHold(tx: Tx, withdrawalId: string, matches: StoredSanctionsMatch[], now: Date) {
  await tx.insert(withdrawalHolds).values({ withdrawalId, reason: 'sanctions_screening', matches, createdAt: now });
}

export async function findHold(db: DbOrTx, withdrawalId: string): Promise<HoldRow | null> {
  const [row] = await db.select().from(withdrawalHolds).where(eq(withdrawalHolds.withdrawalId, withdrawalId));
  return row ?? null;
}

/** Withdrawals still held, the longest waiting first, with their owner. */
export function openHolds(db: DbOrTx) {
  return db
    .select({
      w: withdrawals,
      matches: withdrawalHolds.matches,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(withdrawalHolds)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalHolds.withdrawalId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(and(isNull(withdrawalHolds.decision), eq(withdrawals.status, 'held')))
    .orderBy(asc(withdrawalHolds.createdAt), asc(withdrawals.id));
}

export async function decideHold(
  tx: Tx,
  withdrawalId: string,
  decision: { decision: 'released' | 'rejected'; by: string; note: string; now: Date },
): Promise<HoldRow> {
  const [row] = await tx
    .update(withdrawalHolds)
    .set({ decision: decision.decision, decidedBy: decision.by, decidedAt: decision.now, note: decision.note })
    .where(eq(withdrawalHolds.withdrawalId, withdrawalId))
    .returning();
  return row!;
}

/** A released withdrawal goes on as any pending one: the settle job starts its payout. */
export async function markReleased(tx: Tx, id: string, now: Date): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status: 'pending', updatedAt: now })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/** A rejected withdrawal ends as a failed one: the money is back (payoutReturnedEntry), no payout was made. */
export async function markRejected(tx: Tx, id: string, failureReason: string, now: Date): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status: 'failed', failureReason, settledAt: now, updatedAt: now })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}
