import { eq } from 'drizzle-orm';
import type { TCaseAuthor, TPartyRole } from '@holdfast/contracts';
import type { Tx } from '../../db/client.js';
import { disputes, transactions } from '../../db/schema/index.js';
import type { NotificationEvent } from '../../jobs/kinds.js';
import { notify } from '../notifications/index.js';
import { recordEvent, type TransactionRow } from '../transactions/index.js';
import type { DisputeRow } from './disputes.row.js';
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

/**
 * Something added to an open case (an offer, a statement, a file): its line in the history, the response
 * clock when a party added it, and the notification, all in the caller's locked change.
 */
export async function recordContribution(
  tx: Tx,
  t: TransactionRow,
  d: DisputeRow,
  c: { actorId: string; role: TCaseAuthor['role']; action: string; event: NotificationEvent; now: Date },
): Promise<void> {
  await recordEvent(tx, {
    transactionId: t.id,
    actorId: c.actorId,
    from: t.status,
    to: t.status,
    action: c.action,
    at: c.now,
  });
  if (c.role === 'buyer' || c.role === 'seller') await recordResponse(tx, d, c.role, c.now);
  await notify(tx, c.event, c.now);
}
