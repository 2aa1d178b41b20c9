import { disputedPartOf } from '@holdfast/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { disputes, ledgerAccounts, transactionMilestones, transactions } from '../../db/schema/index.js';
import { accountKey } from '../../ledger/index.js';

/**
 * What each milestone's escrow account must hold for its state (decision 033), checked against the
 * ledger: nothing before funding and after it ends; its whole total while funded or delivered; the disputed
 * part and its fee share while disputed. The deal's own escrow account of a deal paid in stages is never
 * used. Returns the differences found (empty when every milestone's escrow is exact). `transactionId`
 * limits it to one deal.
 */
export async function milestoneEscrowProblems(db: DbOrTx, transactionId?: string): Promise<string[]> {
  const rows = await db
    .select({
      m: transactionMilestones,
      currency: transactions.currency,
      disputedAmount: disputes.disputedAmount,
    })
    .from(transactionMilestones)
    .innerJoin(transactions, eq(transactions.id, transactionMilestones.transactionId))
    .leftJoin(disputes, eq(disputes.id, transactionMilestones.disputeId))
    .where(transactionId ? eq(transactionMilestones.transactionId, transactionId) : undefined);
  if (!rows.length) return [];
  const keyOf = (r: (typeof rows)[number]) =>
    accountKey({ type: 'escrow', transactionId: r.m.transactionId, milestoneId: r.m.id, currency: r.currency });
  const dealKeys = [
    ...new Set(rows.map((r) => accountKey({ type: 'escrow', transactionId: r.m.transactionId, currency: r.currency }))),
  ];
  const accounts = await db
    .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, [...rows.map(keyOf), ...dealKeys]));
  const balance = new Map(accounts.map((a) => [a.key, a.balance]));
  const problems: string[] = [];
  for (const r of rows) {
    const { m } = r;
    let expected = 0n;
    if (m.status === 'funded' || m.status === 'delivered') expected = m.total;
    if (m.status === 'disputed') {
      const part = disputedPartOf(m.amount, m.fee, r.disputedAmount ?? m.amount);
      expected = part.amount + part.fee;
    }
    const held = balance.get(keyOf(r)) ?? 0n;
    if (held !== expected) {
      problems.push(`milestone ${m.position} of ${m.transactionId} (${m.status}) holds ${held}, expected ${expected}`);
    }
  }
  for (const key of dealKeys) {
    if ((balance.get(key) ?? 0n) !== 0n)
      problems.push(`${key}: a deal paid in stages holds money outside its milestones`);
  }
  return problems;
}
