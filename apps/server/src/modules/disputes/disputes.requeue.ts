import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { disputes, users } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { lockTransaction, recordEvent } from '../transactions/index.js';
import { restartAssignClock, type DisputeClocks } from './disputes.clocks.js';
import { lockDispute } from './disputes.queries.js';
import { NO_PROPOSAL } from './disputes.second-review.js';

/** Why a moderator's cases went back: the history says it in words (disputes.case-file.ts). */
export type RequeueReason = 'moderator_deactivated' | 'moderator_suspended';

/**
 * The cases a moderator had taken go back to the queue when an admin deactivates or suspends them (admin
 * users): each case is open and unassigned again, with a fresh assignment deadline and its timer
 * (restartAssignClock), as if it had just arrived. A decision of theirs still waiting for its second review
 * goes too: nobody could send it back to them, and the next moderator decides afresh. No money moves.
 * Runs in the caller's database transaction, which has locked the moderator's account row first (the
 * lock order: account, then each case's transaction, then the case); returns the cases' ids.
 */
export async function returnCasesToQueue(
  tx: Tx,
  c: { moderatorId: string; why: RequeueReason; actorId: string; now: Date; clocks: DisputeClocks },
): Promise<string[]> {
  const taken = await tx
    .select({ id: disputes.id, transactionId: disputes.transactionId })
    .from(disputes)
    .where(and(eq(disputes.moderatorId, c.moderatorId), eq(disputes.status, 'in_review')))
    .orderBy(disputes.transactionId);
  const returned: string[] = [];
  for (const { id, transactionId } of taken) {
    const t = await lockTransaction(tx, transactionId);
    const d = await lockDispute(tx, id);
    // Under the locks: decided or moved on meanwhile, it is no longer theirs to give back.
    if (!t || !d || d.status !== 'in_review' || d.moderatorId !== c.moderatorId) continue;
    await tx
      .update(disputes)
      .set({ status: 'open', moderatorId: null, ...NO_PROPOSAL, sentBackReason: null, updatedAt: c.now })
      .where(eq(disputes.id, d.id));
    await restartAssignClock(tx, d.id, c.clocks, c.now);
    await recordEvent(tx, {
      transactionId: t.id,
      actorId: c.actorId,
      from: t.status,
      to: t.status,
      action: `dispute_requeued:${c.why}`,
      at: c.now,
    });
    returned.push(d.id);
  }
  return returned;
}

/**
 * A moderator's own action on a case (taking or deciding it) first takes a share lock on their account row
 * and checks it is still a moderator in good standing. Deactivation and suspension update that row before
 * they give the cases back, so either the action waits and is refused, or it commits first and its case is
 * given back with the others: never a case left with someone who can no longer decide it.
 */
export async function lockActingModerator(tx: Tx, user: SessionUser, refusal: string): Promise<void> {
  const [row] = await tx
    .select({ role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, user.id))
    .for('share');
  if (row?.role !== 'moderator' || row.suspendedAt) throw forbidden(refusal);
}
