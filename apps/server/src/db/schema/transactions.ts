import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MILESTONE_STATUSES } from '@holdfast/contracts';
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
    /**
     * That account (null while none holds the address verified), kept by the database itself on every
     * insert of a transaction and every change of an account's email or verification (migration 0020).
     */
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
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
    /** Days the buyer has to inspect after delivery (chosen at creation, 1–30). */
    inspectionDays: integer('inspection_days').notNull().default(3),
    /** When escrow was funded (wallet or card): the unaccepted deadline counts from here. */
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    /** When the seller marked it delivered, with their optional tracking reference and message. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    trackingReference: text('tracking_reference'),
    deliveryMessage: text('delivery_message'),
    /** End of the inspection period: without confirmation or dispute, the money is released then. */
    autoReleaseAt: timestamp('auto_release_at', { withTimezone: true }),
    /** The buyer's latest resend of the seller's invitation (null: only the one sent at creation). */
    invitationSentAt: timestamp('invitation_sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The newest private message's time (null: none yet), raised with GREATEST in the statement that
     * inserts a message. The conversation list orders by coalesce(last_message_at, created_at).
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * Each party's archive mark on the conversation (null: never archived): it is off that party's list
     * until a message newer than the mark arrives. On the row, so the list's indexes can leave it out.
     */
    buyerArchivedAt: timestamp('buyer_archived_at', { withTimezone: true }),
    sellerArchivedAt: timestamp('seller_archived_at', { withTimezone: true }),
    /**
     * How many milestones the deal is paid in (decision 033); 0: one amount, as the spec's deal. On the row,
     * so every rule that reads the locked row knows which state machine applies.
     */
    milestoneCount: integer('milestone_count').notNull().default(0),
  },
  (t) => [
    // Keyset pages of a person's list, (created_at, id) descending: one range scan each, LIMIT n+1.
    index('transactions_buyer_page_idx').on(t.buyerId, t.createdAt, t.id),
    index('transactions_seller_page_idx').on(t.sellerEmail, t.createdAt, t.id),
    // The list sorted by amount (?sort=amount_desc|amount_asc): the same keyset range scans, by (amount, id).
    index('transactions_buyer_amount_idx').on(t.buyerId, t.amount, t.id),
    index('transactions_seller_amount_idx').on(t.sellerEmail, t.amount, t.id),
    // The account's sales, found when its address stops being verified (migration 0020).
    index('transactions_seller_id_idx').on(t.sellerId),
    // Keyset pages of a person's conversations by last activity, the same way (messages.queries), holding
    // only the ones the party has not archived (or that got a message since): archived ones cost nothing.
    index('transactions_buyer_inbox_idx')
      .on(t.buyerId, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.buyerArchivedAt} IS NULL OR ${t.lastMessageAt} > ${t.buyerArchivedAt}`),
    index('transactions_seller_inbox_idx')
      .on(t.sellerEmail, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.sellerArchivedAt} IS NULL OR ${t.lastMessageAt} > ${t.sellerArchivedAt}`),
    check('transactions_amounts_check', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.total} = ${t.amount} + ${t.fee}`),
    check('transactions_inspection_days_check', sql`${t.inspectionDays} BETWEEN 1 AND 30`),
    check('transactions_milestone_count_check', sql`${t.milestoneCount} BETWEEN 0 AND 10`),
  ],
);

/**
 * The stages of a deal paid in stages (decision 033). Each has its own escrow account in the ledger
 * (`escrow:<transaction>:<milestone>:<currency>`), its own fee and its own inspection period. A milestone
 * changes only under its transaction row's lock, so the row needs no lock of its own.
 */
export const transactionMilestones = pgTable(
  'transaction_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** 1-based order in the deal. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('unfunded'),
    /** From when its funding deadline counts: the deal's creation for the first, the previous one's end after. */
    fundingClockFrom: timestamp('funding_clock_from', { withTimezone: true }),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    trackingReference: text('tracking_reference'),
    deliveryMessage: text('delivery_message'),
    autoReleaseAt: timestamp('auto_release_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** When it was refunded or cancelled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The case that holds (or held) it. */
    disputeId: uuid('dispute_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_milestones_position_idx').on(t.transactionId, t.position),
    check(
      'transaction_milestones_amounts_check',
      sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.total} = ${t.amount} + ${t.fee}`,
    ),
    check('transaction_milestones_position_check', sql`${t.position} BETWEEN 1 AND 10`),
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
