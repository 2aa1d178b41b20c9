import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { jobs, journalEntries, withdrawals } from '../../db/schema/index.js';
import { accountKey, checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, creditWallet, ZA_BANK } from '../../test/money-factories.js';

/** A signed-in person with `minor` units in their wallet, phone-verified (tier 2) so they may withdraw. */
export async function personWithMoney(app: FastifyInstance, minor: bigint, currency = 'ZAR', tier: 2 | 3 = 2) {
  const person = await registerUser(app, { role: 'seller', tier });
  await creditWallet(app.database.db, person.user.id, minor, currency);
  return person;
}

export const withdrawal = (overrides: Record<string, unknown> = {}) => ({
  amount: '150.00',
  currency: 'ZAR',
  accountHolderName: 'Thandi Nkosi',
  ...ZA_BANK,
  ...overrides,
});

/** POST /api/wallet/withdraw as the person, with its own Idempotency-Key unless one is given. */
export function withdraw(
  app: FastifyInstance,
  who: RegisteredUser | null,
  body: object = withdrawal(),
  key: string = randomUUID(),
) {
  return as(app, who)('POST', '/api/wallet/withdraw', body, { 'idempotency-key': key });
}

export const pendingPayouts = (db: Db, currency = 'ZAR') =>
  getAccountBalance(db, accountKey({ type: 'payouts_pending', currency }));
export const payoutClearing = (db: Db, provider: string, currency = 'ZAR') =>
  getAccountBalance(db, accountKey({ type: 'provider_clearing', provider, currency }));
export const walletOf = (db: Db, who: RegisteredUser, currency = 'ZAR') => getWalletBalance(db, who.user.id, currency);

export const withdrawalRows = (db: Db, who: RegisteredUser) =>
  db.select().from(withdrawals).where(eq(withdrawals.userId, who.user.id));

/** Journal entries of one kind that carry the withdrawal's id. */
export async function entriesOf(db: Db, withdrawalId: string, kind: string) {
  const rows = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.paymentId, withdrawalId), sql`${journalEntries.kind} = ${kind}`));
  return rows.length;
}

/** The `notify` jobs reporting this withdrawal. */
export async function notificationsOf(db: Db, withdrawalId: string): Promise<string[]> {
  const rows = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'notify'));
  return rows
    .map((r) => (r.payload as { event: { type: string; withdrawalId?: string } }).event)
    .filter((e) => e.withdrawalId === withdrawalId)
    .map((e) => e.type);
}

export async function expectHealthyLedger(db: Db) {
  expect((await checkLedger(db)).problems).toEqual([]);
}
