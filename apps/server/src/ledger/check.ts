import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rawRows } from './queries.js';

const LIMIT = 50;

/**
 * Verifies the ledger's invariants over all data (pgledger / TigerBeetle style):
 * per account, previous balance + amount = balance_after in version order, versions 1..n with no gaps,
 * version = number of postings = account.version, balance = last balance_after; every entry sums to zero
 * per currency; all balances of a currency sum to zero; no wallet, escrow, fees or payouts_pending account
 * is negative.
 */
export async function checkLedger(db: DbOrTx): Promise<{ ok: boolean; problems: string[] }> {
  const problems: string[] = [];

  const chain = await rawRows<{
    key: string;
    version: number;
    rn: string;
    prev: string | null;
    amount: string;
    after: string;
  }>(
    db,
    sql`SELECT a.key, p.version, p.rn::text AS rn, p.prev::text AS prev, p.amount::text AS amount, p.balance_after::text AS after
        FROM (
          SELECT account_id, version, amount, balance_after,
                 row_number() OVER w AS rn,
                 lag(balance_after) OVER w AS prev
          FROM postings
          WINDOW w AS (PARTITION BY account_id ORDER BY version)
        ) p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.version <> p.rn OR COALESCE(p.prev, 0) + p.amount <> p.balance_after
        ORDER BY a.key, p.version LIMIT ${LIMIT}`,
  );
  for (const r of chain) {
    if (String(r.version) !== r.rn)
      problems.push(`${r.key}: posting version ${r.version} is out of sequence (expected ${r.rn})`);
    else problems.push(`${r.key} v${r.version}: ${r.prev ?? 0} + ${r.amount} != ${r.after}`);
  }

  const accounts = await rawRows<{ key: string; version: number; n: string; balance: string; last: string | null }>(
    db,
    sql`SELECT a.key, a.version, a.balance::text AS balance, COUNT(p.id)::text AS n,
               (SELECT p2.balance_after::text FROM postings p2 WHERE p2.account_id = a.id ORDER BY p2.version DESC LIMIT 1) AS last
        FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
        GROUP BY a.id, a.key, a.version, a.balance
        HAVING a.version <> COUNT(p.id)
            OR a.balance <> COALESCE((SELECT p3.balance_after FROM postings p3 WHERE p3.account_id = a.id ORDER BY p3.version DESC LIMIT 1), 0)
        ORDER BY a.key LIMIT ${LIMIT}`,
  );
  for (const r of accounts) {
    if (String(r.version) !== r.n) problems.push(`${r.key}: version ${r.version} but ${r.n} postings`);
    if (r.balance !== (r.last ?? '0'))
      problems.push(`${r.key}: balance ${r.balance} but last balance_after ${r.last ?? 0}`);
  }

  const entries = await rawRows<{ entry_id: string; kind: string; currency: string; total: string; n: string }>(
    db,
    sql`SELECT e.id AS entry_id, e.kind, a.currency, SUM(p.amount)::text AS total, COUNT(*)::text AS n
        FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        GROUP BY e.id, e.kind, a.currency HAVING SUM(p.amount) <> 0
        ORDER BY e.id LIMIT ${LIMIT}`,
  );
  for (const r of entries) problems.push(`entry ${r.entry_id} (${r.kind}) sums to ${r.total} in ${r.currency}`);

  const empty = await rawRows<{ id: string; kind: string }>(
    db,
    sql`SELECT e.id, e.kind FROM journal_entries e
        WHERE NOT EXISTS (SELECT 1 FROM postings p WHERE p.entry_id = e.id) LIMIT ${LIMIT}`,
  );
  for (const r of empty) problems.push(`entry ${r.id} (${r.kind}) has no postings`);

  const currencies = await rawRows<{ currency: string; total: string }>(
    db,
    sql`SELECT currency, SUM(balance)::text AS total FROM ledger_accounts GROUP BY currency HAVING SUM(balance) <> 0`,
  );
  for (const r of currencies) problems.push(`balances in ${r.currency} sum to ${r.total}, not 0`);

  const negative = await rawRows<{ key: string; balance: string }>(
    db,
    sql`SELECT key, balance::text AS balance FROM ledger_accounts
        WHERE type IN ('wallet', 'escrow', 'fees', 'payouts_pending') AND balance < 0 ORDER BY key LIMIT ${LIMIT}`,
  );
  for (const r of negative) problems.push(`${r.key} is negative (${r.balance})`);

  return { ok: problems.length === 0, problems };
}
