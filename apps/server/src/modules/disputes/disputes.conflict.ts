import { and, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import { DISPUTE_MESSAGES as M } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, users } from '../../db/schema/index.js';
import { DAY } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import type { DisputeRow } from './disputes.queries.js';

/** How long a moderator stays barred from cases between the same two people after moderating one. */
export const CONFLICT_WINDOW_MS = 90 * DAY;

/**
 * Another case between the same two people (the same buyer and seller, either way round) that this
 * moderator took or decided, still open or decided within the last 90 days (at the boundary inclusive).
 * The seller side of a case is its seller email; the other way round, the buyer is the account that holds
 * it and the seller email is the buyer's address.
 */
export async function findConflictingCase(
  db: DbOrTx,
  d: Pick<DisputeRow, 'id' | 'buyerId' | 'sellerEmail'>,
  moderatorId: string,
  now: Date,
): Promise<string | null> {
  const since = new Date(now.getTime() - CONFLICT_WINDOW_MS);
  const sellerAccounts = db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${d.sellerEmail}`);
  const buyerEmail = db
    .select({ email: sql`lower(${users.email})` })
    .from(users)
    .where(eq(users.id, d.buyerId));
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(
      and(
        ne(disputes.id, d.id),
        or(eq(disputes.moderatorId, moderatorId), eq(disputes.resolvedById, moderatorId)),
        or(isNull(disputes.resolvedAt), gte(disputes.resolvedAt, since)),
        or(
          and(eq(disputes.buyerId, d.buyerId), eq(disputes.sellerEmail, d.sellerEmail)),
          and(sql`${disputes.buyerId} in ${sellerAccounts}`, sql`${disputes.sellerEmail} = (${buyerEmail})`),
        ),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Refuses a moderator who moderated a case between the same two people lately (403 CONFLICT_OF_INTEREST). */
export async function assertNoConflictOfInterest(
  db: DbOrTx,
  d: Pick<DisputeRow, 'id' | 'buyerId' | 'sellerEmail'>,
  moderatorId: string,
  now: Date,
): Promise<void> {
  if (await findConflictingCase(db, d, moderatorId, now)) throw appError('CONFLICT_OF_INTEREST', M.conflictOfInterest);
}
