import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES as M, type TCreateDisputeNoteRequest, type TDisputeNote } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { disputeNotes, transactions } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { counterpartyName } from '../profile/index.js';
import { relationOf } from '../transactions/index.js';
import { caseReaderOf } from './disputes.case-file.js';
import { findDispute } from './disputes.queries.js';

/**
 * A moderator or an admin adds an internal note to a case. Everyone else, the parties included (even a
 * staff member who is one), gets the case's 404: nobody outside staff learns that notes exist. A note only
 * adds to the file, so no lock is needed; the Idempotency-Key answer and the audit record commit with it.
 */
export async function addDisputeNote(
  { db, clock }: { db: Db; clock: Clock },
  user: SessionUser,
  disputeId: string,
  input: TCreateDisputeNoteRequest,
  answer?: StoreAnswer<TDisputeNote>,
): Promise<TDisputeNote> {
  return db.transaction(async (tx) => {
    const d = await findDispute(tx, disputeId);
    if (!d) throw notFound(M.notFound);
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, d.transactionId));
    const rel = t ? relationOf(t, user) : null;
    if (!rel || rel.isUnverifiedSeller || caseReaderOf(rel.viewerRole) !== 'staff') throw notFound(M.notFound);
    const [row] = await tx
      .insert(disputeNotes)
      .values({ disputeId: d.id, authorId: user.id, text: input.text.trim(), createdAt: clock.now() })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'dispute.note',
      subject: { type: 'dispute', id: d.id },
      detail: { noteId: row!.id, transactionId: d.transactionId },
      at: row!.createdAt,
    });
    const view: TDisputeNote = {
      id: row!.id,
      disputeId: d.id,
      author: { role: user.role === 'admin' ? 'admin' : 'moderator', name: counterpartyName(user) },
      text: row!.text,
      createdAt: row!.createdAt.toISOString(),
    };
    await answer?.(tx, view);
    return view;
  });
}
