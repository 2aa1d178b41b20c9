import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { transactionMilestones } from '../../db/schema/index.js';
import type { MilestoneRow } from './transactions.milestone-rules.js';

/** A deal's milestones in order (read under the transaction row's lock when a change follows). */
export function listMilestones(db: DbOrTx, transactionId: string): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transactionId))
    .orderBy(asc(transactionMilestones.position));
}

/** The milestones of several deals (a page of the list), by deal; only deals paid in stages have any. */
export async function milestonesOfDeals(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MilestoneRow[]>> {
  const byDeal = new Map<string, MilestoneRow[]>();
  if (!ids.length) return byDeal;
  const rows = await db
    .select()
    .from(transactionMilestones)
    .where(inArray(transactionMilestones.transactionId, [...ids]))
    .orderBy(asc(transactionMilestones.transactionId), asc(transactionMilestones.position));
  for (const r of rows) byDeal.set(r.transactionId, [...(byDeal.get(r.transactionId) ?? []), r]);
  return byDeal;
}

export type NewMilestone = typeof transactionMilestones.$inferInsert;

export async function insertMilestones(db: DbOrTx, rows: NewMilestone[]): Promise<MilestoneRow[]> {
  return db.insert(transactionMilestones).values(rows).returning();
}

export type MilestoneChanges = Partial<Omit<NewMilestone, 'id' | 'transactionId' | 'position'>>;

/** One milestone's change; the caller holds its deal's row lock. */
export async function updateMilestone(db: DbOrTx, id: string, set: MilestoneChanges & { updatedAt: Date }) {
  await db.update(transactionMilestones).set(set).where(eq(transactionMilestones.id, id));
}
