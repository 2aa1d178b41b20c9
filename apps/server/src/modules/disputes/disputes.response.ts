import { eq } from 'drizzle-orm';
import type { TPartyRole } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import { disputes, transactions } from '../../db/schema/index.js';
import { recordEvent } from '../transactions/index.js';
import type { DisputeRow } from './disputes.queries.js';
import { respondingParty } from './disputes.step.js';

/**
 * The other party responded (a statement, evidence or an offer): the first response is recorded with a
 * history row, which stops the response clock ("no response" is never recorded after it) and clears the
 * case's "no response" mark when it comes late. The opener's own actions, and later responses, change
 * nothing. The caller holds the case's locks (transaction, then dispute) and passes the locked row.
 */
export async function recordResponse(tx: Tx, d: DisputeRow, role: TPartyRole, now: Date): Promise<void> {
  if (d.status === 'resolved' || d.respondedAt || role !== respondingParty(d.initiatedBy)) return;
  await tx.update(disputes).set({ respondedAt: now }).where(eq(disputes.id, d.id));
  const [t] = await tx
    .select({ status: transactions.status, sellerId: transactions.sellerId })
    .from(transactions)
    .where(eq(transactions.id, d.transactionId));
  await recordEvent(tx, {
    transactionId: d.transactionId,
    actorId: role === 'buyer' ? d.buyerId : (t?.sellerId ?? null),
    from: t?.status ?? 'disputed',
    to: t?.status ?? 'disputed',
    action: d.noResponseAt ? 'dispute_responded_late' : 'dispute_responded',
    at: now,
  });
  // The caller's row follows, so a second action in the same change records nothing more.
  d.respondedAt = now;
}
