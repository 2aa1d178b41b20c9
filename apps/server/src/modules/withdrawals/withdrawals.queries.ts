import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  maskAccount,
  withdrawalExpectedBy,
  toDecimal,
  type TWithdrawal,
  type TWithdrawalDestination,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { withdrawalHolds, withdrawals } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
/** What the owner may know of a compliance hold: that there was one, and its outcome (never what matched). */
export type HoldOutcome = Pick<typeof withdrawalHolds.$inferSelect, 'decision' | 'decidedAt'>;

/** Where the withdrawal's money goes, as stored: the owner's view and the admin's show the same. */
export function destinationView(w: WithdrawalRow): TWithdrawalDestination {
  return {
    bankName: w.bankName,
    institutionNumber: w.institutionNumber,
    branchCode: w.branchCode,
    bic: w.bic,
    routingNumber: w.routingNumber,
    accountType: w.accountType,
    accountMasked: maskAccount(w.accountLast4),
  };
}

/** A withdrawal as its owner sees it (never more than the last four digits of the account). */
export function toWithdrawalView(w: WithdrawalRow, hold: HoldOutcome | null = null): TWithdrawal {
  return {
    id: w.id,
    amount: toDecimal(w.amount, w.currency),
    currency: w.currency,
    status: w.status,
    accountHolderName: w.accountHolderName,
    accountLast4: w.accountLast4,
    destination: destinationView(w),
    createdAt: w.createdAt.toISOString(),
    settledAt: w.settledAt?.toISOString() ?? null,
    failureReason: w.failureReason,
    expectedBy: withdrawalExpectedBy(w, hold?.decidedAt ?? w.createdAt)?.toISOString() ?? null,
    review: hold ? (hold.decision ?? 'held') : null,
  };
}

export async function insertWithdrawal(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

/** The row, locked until the caller's transaction ends: settling it happens once however many try. */
export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

/** Remembers the provider's payout id the first time it is known (a later, equal answer changes nothing). */
export async function recordPayoutId(db: DbOrTx, id: string, providerPayoutId: string, now: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ providerPayoutId, updatedAt: now })
    .where(and(eq(withdrawals.id, id), isNull(withdrawals.providerPayoutId)));
}

export async function markSettled(
  tx: Tx,
  id: string,
  outcome: { status: 'paid' | 'failed'; providerPayoutId: string; failureReason: string | null; now: Date },
): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: outcome.status,
      providerPayoutId: outcome.providerPayoutId,
      failureReason: outcome.failureReason,
      settledAt: outcome.now,
      updatedAt: outcome.now,
    })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/** The user's withdrawals, newest first, each with its compliance hold's outcome if it had one. */
export async function listWithdrawals(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<{ w: WithdrawalRow; hold: HoldOutcome | null }[]> {
  return db
    .select({
      w: withdrawals,
      // The id too: an undecided hold's other fields are all null, and Drizzle reads an all-null join as none.
      hold: {
        withdrawalId: withdrawalHolds.withdrawalId,
        decision: withdrawalHolds.decision,
        decidedAt: withdrawalHolds.decidedAt,
      },
    })
    .from(withdrawals)
    .leftJoin(withdrawalHolds, eq(withdrawalHolds.withdrawalId, withdrawals.id))
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}
