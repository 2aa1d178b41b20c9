import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_INTENT_STATUSES, PAYMENT_PROVIDERS, PAYMENT_PURPOSES } from '@holdfast/contracts';
import { users } from './auth.js';
import { transactions } from './transactions.js';

/**
 * One card payment attempt at a provider (a PaymentIntent): funding a transaction or a wallet
 * deposit. The sandbox provider keeps its intents here too. Money moves only when a row becomes
 * `succeeded` through a conditional update, in the same database transaction as the ledger entry.
 */
export const payments = pgTable(
  'payments',
  {
    /** 'pay_' + 24 hex characters. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** A deal paid in stages: the milestones this payment funds (their totals sum to `amount`). */
    milestoneIds: uuid('milestone_ids').array(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull().default('requires_payment_method'),
    clientSecret: text('client_secret').notNull().unique(),
    failureMessage: text('failure_message'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId, t.createdAt),
    index('payments_transaction_id_idx').on(t.transactionId),
    // At most one open (reusable) intent per transaction: page reloads reuse it, never duplicate it.
    uniqueIndex('payments_open_transaction_unique')
      .on(t.transactionId)
      .where(sql`${t.purpose} = 'transaction' and ${t.status} in ('requires_payment_method', 'processing', 'failed')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_purpose_transaction', sql`(${t.purpose} = 'transaction') = (${t.transactionId} is not null)`),
  ],
);

/** Provider webhook events already applied; inserted in the same database transaction as their effect. */
export const providerEvents = pgTable('provider_events', {
  /** The provider's event id (Stripe `evt_...`). */
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  providerPaymentId: text('provider_payment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
