import { and, eq, gte, ne, sql } from 'drizzle-orm';
import {
  CURRENCIES,
  TIER_LIMITS,
  VERIFICATION_MESSAGES as M,
  accountTier,
  formatMoney,
  fromMinor,
  isCurrencyCode,
  tierForTransaction,
  tierForWithdrawal,
  toMinor,
  type CurrencyCode,
  type TVerificationTier,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema/index.js';
import { unauthenticated, verificationRequired } from '../../lib/errors.js';

/**
 * The one place the server decides what an account's verification tier allows (issue 30): the tier of an
 * account, the limit on a transaction (creating one as buyer, accepting one as seller) and on withdrawals
 * (none at tier 1, a calendar-month total at tier 2). The limits themselves are in
 * packages/contracts/src/verification-tiers.ts, which the web reads too.
 */

const facts = { emailVerified: users.emailVerified, phoneVerified: users.phoneVerified, kycStatus: users.kycStatus };

/** The account's tier from its stored facts; `lock` holds the row until the transaction ends. */
export async function tierOf(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}): Promise<TVerificationTier> {
  const query = db.select(facts).from(users).where(eq(users.id, userId));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw unauthenticated();
  return accountTier(row);
}

/** The step the person takes next (phone before identity), whichever tier the amount needs in the end. */
const nextTier = (tier: TVerificationTier) => Math.min(tier + 1, 3) as TVerificationTier;

const money = (minor: bigint, currency: CurrencyCode) =>
  formatMoney(fromMinor(minor, CURRENCIES[currency].decimalPlaces), currency);

/** Refuses (403 VERIFICATION_REQUIRED with the tier that would allow it) a transaction above the account's tier. */
export async function assertTransactionWithinTier(
  db: DbOrTx,
  userId: string,
  amountMinor: bigint,
  currency: string,
): Promise<void> {
  if (!isCurrencyCode(currency)) return; // an unknown currency is refused by the amount rule first
  const needed = tierForTransaction(amountMinor, currency);
  // Above every tier: the amount rule's own maximum says so. Within tier 1: every account may (no read).
  if (needed === null || needed <= 1) return;
  const tier = await tierOf(db, userId);
  if (needed <= tier) return;
  const limit = TIER_LIMITS[tier][currency].transactionMax;
  throw verificationRequired(M.transactionAboveTier(formatMoney(limit, currency), nextTier(tier)), needed, {
    kind: 'transaction',
    tier,
    currency,
  });
}

/** The first instant of the calendar month (UTC) that `now` is in: monthly limits count from here. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Withdrawn this calendar month per currency: every withdrawal that has not failed (pending, paid, or
 * held for review), since its money has left or is leaving the wallet.
 */
export async function withdrawnThisMonth(db: DbOrTx, userId: string, now: Date): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ currency: withdrawals.currency, total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, 'failed'),
        gte(withdrawals.createdAt, monthStart(now)),
      ),
    )
    .groupBy(withdrawals.currency);
  return new Map(rows.map((r) => [r.currency, BigInt(r.total)]));
}

/**
 * Refuses a withdrawal the account's tier does not allow: none before the phone is verified, and at tier 2
 * no more than the monthly limit with this month's withdrawals counted. Locks the account's row first, so
 * two withdrawals at once are counted one after the other and cannot both slip under the limit.
 */
export async function assertWithdrawalWithinTier(
  tx: Tx,
  userId: string,
  amountMinor: bigint,
  currency: CurrencyCode,
  now: Date,
): Promise<void> {
  const tier = await tierOf(tx, userId, { lock: true });
  if (tier === 3) return;
  const used = (await withdrawnThisMonth(tx, userId, now)).get(currency) ?? 0n;
  const needed = tierForWithdrawal(amountMinor, used, currency);
  if (needed <= tier) return;
  const refusal = { kind: 'withdrawal', tier, currency } as const;
  if (tier < 2) throw verificationRequired(M.noWithdrawals, needed, refusal);
  const max = TIER_LIMITS[tier][currency].withdrawalMonthlyMax!;
  const maxMinor = toMinor(max, CURRENCIES[currency].decimalPlaces)!;
  const left = maxMinor > used ? maxMinor - used : 0n;
  throw verificationRequired(
    M.withdrawalAboveMonthly(formatMoney(max, currency), money(left, currency), nextTier(tier)),
    needed,
    refusal,
  );
}
