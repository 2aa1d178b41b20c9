import { eq } from 'drizzle-orm';
import { TRANSACTION_MESSAGES, type TTransactionTimeline } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { relationOf } from '../transactions/index.js';
import { buildCaseFile, caseReaderOf } from './disputes.case-file.js';

/**
 * A transaction's timeline for its parties and staff (GET /api/transactions/:id/timeline): the case file's
 * one source of entries (buildCaseFile), in its `deal` scope, so the parties read their deal's history in
 * the words the moderators read it. Never an internal note, whoever asks; a stranger gets 404, as for the
 * transaction itself.
 */
export async function transactionTimeline(
  db: DbOrTx,
  user: SessionUser,
  transactionId: string,
): Promise<TTransactionTimeline> {
  if (!isUuid(transactionId)) throw notFound(TRANSACTION_MESSAGES.notFound);
  const [t] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  const reader = t ? caseReaderOf(relationOf(t, user).viewerRole) : null;
  if (!t || !reader) throw notFound(TRANSACTION_MESSAGES.notFound);
  // One case, or one per milestone of a deal paid in stages: the timeline tells each one's offers and decision.
  const cases = await db.select().from(disputes).where(eq(disputes.transactionId, t.id));
  return { entries: await buildCaseFile(db, cases, t, reader, 'deal') };
}
