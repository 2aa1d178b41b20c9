import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CURRENCIES, isCurrencyCode, toMinor, type TTransaction } from '@holdfast/contracts';
import type { Db } from '../db/client.js';
import { transactions, users } from '../db/schema/index.js';
import { depositEntry, postEntry } from '../ledger/index.js';
import { registerUser, uniqueEmail, type RegisteredUser } from './factories.js';

/** A user row written straight to the database, for ledger tests that need no session. */
export async function insertUser(db: Db, opts: { email?: string; verified?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    name: 'Ledger Test',
    email: opts.email ?? uniqueEmail('ledger'),
    emailVerified: opts.verified ?? true,
  });
  return id;
}

/** A transaction row written straight to the database (amounts in minor units). */
export async function insertTransaction(
  db: Db,
  opts: { buyerId: string; sellerEmail?: string; amount?: bigint; fee?: bigint; currency?: string },
): Promise<string> {
  const amount = opts.amount ?? 10000n;
  const fee = opts.fee ?? 300n;
  const [row] = await db
    .insert(transactions)
    .values({
      buyerId: opts.buyerId,
      sellerEmail: opts.sellerEmail ?? uniqueEmail('seller'),
      amount,
      fee,
      total: amount + fee,
      currency: opts.currency ?? 'ZAR',
      description: 'Test item',
    })
    .returning({ id: transactions.id });
  return row.id;
}

/** Puts money in a wallet as a card deposit would (provider_clearing → wallet). */
export async function creditWallet(db: Db, userId: string, amountMinor: bigint, currency = 'ZAR') {
  await db.transaction((tx) =>
    postEntry(
      tx,
      depositEntry({ userId, currency, amount: amountMinor, provider: 'test', paymentId: `test-${randomUUID()}` }),
    ),
  );
}

/** app.inject as a signed-in user. */
export function as(app: FastifyInstance, who: { cookie: string } | null) {
  return (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      payload,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    });
}

export interface TransactionOptions {
  amount?: string | number;
  currency?: string;
  description?: string;
  type?: 'product' | 'service';
  inspectionDays?: number;
}

export async function createTransaction(
  app: FastifyInstance,
  buyer: RegisteredUser,
  sellerEmail: string,
  opts: TransactionOptions = {},
): Promise<TTransaction> {
  const res = await as(app, buyer)('POST', '/api/transactions', {
    amount: opts.amount ?? '100.00',
    currency: opts.currency ?? 'ZAR',
    sellerEmail,
    description: opts.description ?? 'A vintage camera',
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.inspectionDays !== undefined ? { inspectionDays: opts.inspectionDays } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`createTransaction failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function fundFromWallet(app: FastifyInstance, buyer: RegisteredUser, id: string): Promise<TTransaction> {
  const res = await as(app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`);
  if (res.statusCode !== 200) throw new Error(`fundFromWallet failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function acceptTransaction(
  app: FastifyInstance,
  seller: RegisteredUser,
  id: string,
): Promise<TTransaction> {
  const res = await as(app, seller)('PATCH', `/api/transactions/${id}/accept`, {});
  if (res.statusCode !== 200) throw new Error(`acceptTransaction failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The seller marks the transaction delivered (optional tracking reference and note). */
export async function deliverTransaction(
  app: FastifyInstance,
  seller: RegisteredUser,
  id: string,
  body: { trackingReference?: string; note?: string } = {},
): Promise<TTransaction> {
  const res = await as(app, seller)('PATCH', `/api/transactions/${id}/deliver`, body);
  if (res.statusCode !== 200) throw new Error(`deliverTransaction failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A buyer and a (verified) seller with fresh accounts, at tier 1 (email verified) unless `tier` says more. */
export async function parties(app: FastifyInstance, tier?: 2 | 3) {
  const [buyer, seller] = await Promise.all([registerUser(app, { tier }), registerUser(app, { role: 'seller', tier })]);
  return { buyer, seller };
}

/**
 * A transaction funded from the buyer's wallet (credited just enough) and accepted by the seller; between
 * new parties unless `who` names them.
 * Amounts are decimal strings in `currency` (default ZAR 100.00 → total 103.00).
 */
export async function acceptedFundedTransaction(
  app: FastifyInstance,
  opts: TransactionOptions = {},
  who?: { buyer: RegisteredUser; seller: RegisteredUser },
) {
  const { buyer, seller } = who ?? (await parties(app));
  const created = await createTransaction(app, buyer, seller.email, opts);
  await creditWallet(app.database.db, buyer.user.id, minorOf(created.total, created.currency), created.currency);
  await fundFromWallet(app, buyer, created.id);
  const transaction = await acceptTransaction(app, seller, created.id);
  return { buyer, seller, transaction };
}

/** A decimal string of `currency` in minor units. */
export function minorOf(amount: string, currency: string): bigint {
  const minor = toMinor(amount, isCurrencyCode(currency) ? CURRENCIES[currency].decimalPlaces : 2);
  if (minor === null) throw new Error(`not an amount: ${amount}`);
  return minor;
}

/** A South African bank account as a withdrawal asks for it (FNB's universal branch code). */
export const ZA_BANK = { bankName: 'FNB', branchCode: '250655', accountNumber: '6200 1234 5678' } as const;
