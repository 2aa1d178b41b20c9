import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Escrow transactions. Amounts are integer minor units of `currency`. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    /** Always lower-cased; the seller is the account whose verified email equals it. */
    sellerEmail: text('seller_email').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['product', 'service'] })
      .notNull()
      .default('product'),
    status: text('status', { enum: ['pending', 'active', 'completed', 'disputed', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'succeeded', 'refunded'] })
      .notNull()
      .default('unpaid'),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    deliveryNotes: text('delivery_notes'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_buyer_id_idx').on(t.buyerId, t.createdAt),
    index('transactions_seller_email_idx').on(t.sellerEmail, t.createdAt),
    check('transactions_amounts_check', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.total} = ${t.amount} + ${t.fee}`),
  ],
);

/** Every transition and funding of a transaction: who, when, from, to. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** Null when the system acted (e.g. a provider webhook). */
    actorId: text('actor_id').references(() => users.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_events_transaction_id_idx').on(t.transactionId, t.at)],
);
