import { sql } from 'drizzle-orm';
import { toDecimal, type TAdminStats } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { rawRows } from '../../ledger/queries.js';

/** Counts and balances for the admin overview, in three small aggregate queries. */
export async function adminStats(db: DbOrTx): Promise<TAdminStats> {
  const roles = await rawRows<{ role: string; n: number }>(
    db,
    sql`select role, count(*)::int as n from users group by role`,
  );
  const statuses = await rawRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from transactions group by status`,
  );
  const balances = await rawRows<{ type: string; currency: string; balance: string }>(
    db,
    sql`select type, currency, sum(balance)::text as balance from ledger_accounts
        where type in ('fees', 'escrow') group by type, currency order by currency`,
  );
  const byRole = Object.fromEntries(roles.map((r) => [r.role, Number(r.n)]));
  const byStatus = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]));
  const money = (type: string) =>
    balances
      .filter((b) => b.type === type)
      .map((b) => ({ currency: b.currency, balance: toDecimal(BigInt(b.balance), b.currency) }));
  const count = (m: Record<string, number>, k: string) => m[k] ?? 0;
  return {
    users: {
      total: Object.values(byRole).reduce((a, b) => a + b, 0),
      buyers: count(byRole, 'buyer'),
      sellers: count(byRole, 'seller'),
      moderators: count(byRole, 'moderator'),
      admins: count(byRole, 'admin'),
    },
    transactions: {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      pending: count(byStatus, 'pending'),
      active: count(byStatus, 'active'),
      completed: count(byStatus, 'completed'),
      disputed: count(byStatus, 'disputed'),
      cancelled: count(byStatus, 'cancelled'),
    },
    fees: money('fees'),
    escrow: money('escrow'),
  };
}
