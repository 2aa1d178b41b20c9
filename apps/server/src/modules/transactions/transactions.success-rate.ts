import { sql } from 'drizzle-orm';
import type { TDisputeResolution } from '@holdfast/contracts';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { sellerEmailOf } from './transactions.rules.js';
import { dealOutcome, successRate, type EndedDeal } from './transactions.success-rate.rules.js';

type Group = Omit<EndedDeal, 'splitLean'> & { splitLean: number | string | null; deals: number | string };

/**
 * The one home of the Success Rate (public profile and dashboard alike): the person's ended deals, as
 * buyer or as seller under their verified address, grouped by the facts the rule reads
 * (transactions.success-rate.rules.ts), so the answer is a handful of rows however long the history.
 */
export async function successRateOf(
  db: DbOrTx,
  person: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>,
): Promise<number | null> {
  const email = sellerEmailOf(person);
  const groups = await rowsOf<Group>(
    db,
    sql`select case when t.buyer_id = ${person.id} then 'buyer' else 'seller' end as "role",
          t.status as "status",
          (t.accepted_at is not null and t.funded_at is not null) as "committed",
          d.resolution as "resolution",
          (d.resolved_by_id is not null) as "decidedByModerator",
          case when d.resolution = 'partial_resolution'
            then sign(2 * d.refund_amount - coalesce(d.disputed_amount, t.amount)) end as "splitLean",
          count(*)::int as "deals"
        from transactions t
        left join disputes d on d.transaction_id = t.id and d.status = 'resolved'
        where t.status in ('completed', 'cancelled')
          and (t.buyer_id = ${person.id} or (t.seller_email = ${email} and t.buyer_id <> ${person.id}))
        group by 1, 2, 3, 4, 5, 6`,
  );
  let successes = 0;
  let counted = 0;
  for (const g of groups) {
    const outcome = dealOutcome({
      ...g,
      resolution: g.resolution as TDisputeResolution | null,
      splitLean: g.splitLean === null ? null : Number(g.splitLean),
    });
    if (outcome === 'not_counted') continue;
    counted += Number(g.deals);
    if (outcome === 'success') successes += Number(g.deals);
  }
  return successRate(successes, counted);
}
