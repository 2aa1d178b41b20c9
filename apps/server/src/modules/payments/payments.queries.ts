import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { TPaymentIntentStatus } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { payments, providerEvents } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Statuses in which an intent can still be paid (a decline leaves it reusable with another card). */
export const OPEN_STATUSES = ['requires_payment_method', 'processing', 'failed'] as const;

export const randomPaymentId = () => 'pay_' + randomBytes(12).toString('hex');

/**
 * The n-th payment attempt of a transaction has a fixed id, so two racing "create intent" calls send
 * the provider the same idempotency key and end up on one intent and one row.
 */
export const transactionPaymentId = (transactionId: string, attempt: number) =>
  'pay_' + createHash('sha256').update(`${transactionId}:${attempt}`).digest('hex').slice(0, 24);

/** Our payment ids and client secrets (and Stripe's) are printable ASCII; anything else is no payment. */
const isPrintableId = (s: string) => /^[\x21-\x7e]+$/.test(s);

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  if (!isPrintableId(id)) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findPaymentByClientSecret(db: DbOrTx, clientSecret: string): Promise<PaymentRow | null> {
  if (!isPrintableId(clientSecret)) return null;
  const [row] = await db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
  return row ?? null;
}

export async function findPaymentByProviderId(db: DbOrTx, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row ?? null;
}

export async function findOpenTransactionPayment(db: DbOrTx, transactionId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.transactionId, transactionId),
        eq(payments.purpose, 'transaction'),
        inArray(payments.status, [...OPEN_STATUSES]),
      ),
    );
  return row ?? null;
}

/**
 * The id the next payment attempt of a transaction gets: attempt n = the number of its closed
 * (succeeded or canceled) payments. Open ones are not counted, so the number does not move while an
 * attempt is being opened: a caller that looked for an open payment just before a racing caller
 * inserted one still computes the same id, reaches the same provider intent and loses the insert,
 * instead of opening a second, orphaned intent at the provider. Closed payments never reopen
 * (markStatus), so the count only grows.
 */
export async function nextTransactionPaymentId(db: DbOrTx, transactionId: string): Promise<string> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.transactionId, transactionId), notInArray(payments.status, [...OPEN_STATUSES])));
  return transactionPaymentId(transactionId, Number(row?.n ?? 0));
}

/** Inserts the row, or returns null when an equal one (same id, intent or open transaction) exists. */
export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * The exactly-once gate: flips the payment to `succeeded` unless it already is. Only the caller that
 * gets the row back may apply the money; concurrent callers wait on the row lock and get nothing.
 */
export async function markSucceeded(tx: Tx, id: string): Promise<PaymentRow | null> {
  const now = new Date();
  const [row] = await tx
    .update(payments)
    .set({ status: 'succeeded', failureMessage: null, succeededAt: now, updatedAt: now })
    .where(and(eq(payments.id, id), ne(payments.status, 'succeeded')))
    .returning();
  return row ?? null;
}

/**
 * Records a non-final provider state; never overwrites a success, never reopens a canceled payment
 * (a late "failed" or "processing" for a retired intent would otherwise make it reusable again, next
 * to the transaction's current open intent). A late success still applies through markSucceeded.
 */
export async function markStatus(
  db: DbOrTx,
  id: string,
  status: Exclude<TPaymentIntentStatus, 'succeeded'>,
  failureMessage: string | null = null,
): Promise<void> {
  await db
    .update(payments)
    .set({ status, failureMessage, updatedAt: new Date() })
    .where(and(eq(payments.id, id), notInArray(payments.status, ['succeeded', 'canceled'])));
}

/** True when the event is new; false when it was already applied (webhook redelivery). */
export async function recordProviderEvent(
  tx: Tx,
  e: { id: string; provider: 'sandbox' | 'stripe'; type: string; providerPaymentId: string | null },
): Promise<boolean> {
  const rows = await tx.insert(providerEvents).values(e).onConflictDoNothing().returning({ id: providerEvents.id });
  return rows.length > 0;
}
