import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DISPUTE_PRIORITIES,
  DISPUTE_RESOLUTIONS,
  DISPUTE_STATUSES,
  DISPUTE_TYPES,
  OFFER_STATUSES,
  PARTY_ROLES,
} from '@holdfast/contracts';
import { users } from './auth.js';
import { transactions } from './transactions.js';

/** A disputed transaction's case. One per transaction: resolution ends the transaction. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /**
     * The transaction's parties, copied when the case opens (a transaction's parties never change), so a
     * party's cases are an index range of their own (disputes.queries.ts listPartyDisputes).
     */
    buyerId: text('buyer_id').notNull(),
    sellerEmail: text('seller_email').notNull(),
    /** Who opened it, derived on the server from the caller. */
    initiatedBy: text('initiated_by', { enum: PARTY_ROLES }).notNull(),
    initiatorId: text('initiator_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: DISPUTE_TYPES }).notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: DISPUTE_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    moderatorId: text('moderator_id').references(() => users.id),
    resolution: text('resolution', { enum: DISPUTE_RESOLUTIONS }),
    resolutionNotes: text('resolution_notes'),
    /** Minor units returned to the buyer of the amount (partial resolutions and accepted offers). */
    refundAmount: bigint('refund_amount', { mode: 'bigint' }),
    /** The moderator who decided it; null when the parties settled by an accepted offer. */
    resolvedById: text('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Minor units of the amount in dispute (the whole amount unless the buyer disputed part of it). Every
     * case opened through the service stores it; null (cases opened before partial disputes, rows written
     * by hand) means the whole amount.
     */
    disputedAmount: bigint('disputed_amount', { mode: 'bigint' }),
    /** Minor units released to the seller when the case opened (the undisputed remainder less its fee share). */
    releasedAtOpen: bigint('released_at_open', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The case's evidence the decision relied on. */
    reliedOnEvidenceIds: uuid('relied_on_evidence_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** A decision waiting for a second review (four eyes): what the moderator proposed, by whom, when. */
    proposedResolution: text('proposed_resolution', { enum: DISPUTE_RESOLUTIONS }),
    proposedRefund: bigint('proposed_refund', { mode: 'bigint' }),
    proposedNotes: text('proposed_notes'),
    proposedById: text('proposed_by_id').references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    proposedEvidenceIds: uuid('proposed_evidence_ids').array(),
    /** Why the last proposal was sent back. */
    sentBackReason: text('sent_back_reason'),
    /** The second moderator or admin who approved the decision. */
    approvedById: text('approved_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('disputes_transaction_id_idx').on(t.transactionId),
    index('disputes_status_idx').on(t.status, t.createdAt),
    index('disputes_buyer_page_idx').on(t.buyerId, t.createdAt, t.id),
    index('disputes_seller_page_idx').on(t.sellerEmail, t.createdAt, t.id),
  ],
);

/** Settlement offers between the parties of an open dispute; a new offer supersedes the open one. */
export const disputeOffers = pgTable(
  'dispute_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    proposerId: text('proposer_id')
      .notNull()
      .references(() => users.id),
    proposerRole: text('proposer_role', { enum: PARTY_ROLES }).notNull(),
    /** Minor units of the amount returned to the buyer (0 < refund < amount). */
    refundAmount: bigint('refund_amount', { mode: 'bigint' }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_offers_dispute_id_idx').on(t.disputeId, t.createdAt),
    // At most one open offer per dispute: a new one supersedes it in the same database transaction.
    uniqueIndex('dispute_offers_one_open_idx')
      .on(t.disputeId)
      .where(sql`${t.status} = 'open'`),
    check('dispute_offers_refund_check', sql`${t.refundAmount} > 0`),
  ],
);
