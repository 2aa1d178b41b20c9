import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sanctionsEntries, sanctionsLists } from '../../db/schema/index.js';
import type { ParsedEntry } from './sanctions.csv.js';

export type SanctionsListRow = typeof sanctionsLists.$inferSelect;
export type SanctionsEntryRow = typeof sanctionsEntries.$inferSelect;

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters (9 columns each). */
const INSERT_BATCH = 1000;

export async function findList(db: DbOrTx, listId: string): Promise<SanctionsListRow | null> {
  const [row] = await db.select().from(sanctionsLists).where(eq(sanctionsLists.listId, listId));
  return row ?? null;
}

export function allLists(db: DbOrTx): Promise<SanctionsListRow[]> {
  return db.select().from(sanctionsLists).orderBy(asc(sanctionsLists.listId));
}

export function allEntries(db: DbOrTx): Promise<SanctionsEntryRow[]> {
  return db.select().from(sanctionsEntries);
}

/** The list and its entries instead of what was there (its entries go with it: on delete cascade). */
export async function replaceList(
  tx: Tx,
  list: typeof sanctionsLists.$inferInsert,
  entries: ParsedEntry[],
): Promise<void> {
  await tx.delete(sanctionsLists).where(eq(sanctionsLists.listId, list.listId));
  await tx.insert(sanctionsLists).values(list);
  for (let i = 0; i < entries.length; i += INSERT_BATCH)
    await tx
      .insert(sanctionsEntries)
      .values(entries.slice(i, i + INSERT_BATCH).map((e) => ({ ...e, listId: list.listId })));
}
