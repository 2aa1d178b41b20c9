import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CASE_AUTHOR_ROLES,
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
    // The clock on every step (disputes.step.ts), fixed when each step starts, so a change of the settings
    // never moves a running case's deadline. Null on cases opened before the clocks existed.
    /** The other party's time to respond (a statement, evidence or an offer). */
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    /** Their first response (disputes.response.ts). */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The response deadline passed in silence: the case is marked "no response" for the moderators. */
    noResponseAt: timestamp('no_response_at', { withTimezone: true }),
    /** By then a moderator takes the case, or the admins are told. */
    assignDueAt: timestamp('assign_due_at', { withTimezone: true }),
    assignEscalatedAt: timestamp('assign_escalated_at', { withTimezone: true }),
    /** Set when a moderator takes the case: by then they decide, or the admins are told. */
    decisionDueAt: timestamp('decision_due_at', { withTimezone: true }),
    decisionEscalatedAt: timestamp('decision_escalated_at', { withTimezone: true }),
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
    /**
     * A deal paid in stages: the milestone in dispute and its amount and fee (copied: a milestone's money
     * never changes), which take the place of the deal's in every rule of the case (decision 033).
     */
    milestoneId: uuid('milestone_id'),
    milestoneAmount: bigint('milestone_amount', { mode: 'bigint' }),
    milestoneFee: bigint('milestone_fee', { mode: 'bigint' }),
  },
  (t) => [
    // One case per deal of one amount, one per milestone of a deal paid in stages (decision 033); still led
    // by transaction_id, so a deal's cases are found by it.
    uniqueIndex('disputes_transaction_id_idx').on(
      t.transactionId,
      sql`coalesce(${t.milestoneId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('disputes_status_idx').on(t.status, t.createdAt),
    index('disputes_buyer_page_idx').on(t.buyerId, t.createdAt, t.id),
    index('disputes_seller_page_idx').on(t.sellerEmail, t.createdAt, t.id),
    // The history of decided cases, the latest first: everyone's (admins), and each moderator's own.
    index('disputes_resolved_page_idx')
      .on(t.resolvedAt, t.id)
      .where(sql`${t.resolvedAt} IS NOT NULL`),
    index('disputes_resolved_by_page_idx').on(t.resolvedById, t.resolvedAt, t.id),
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

/** Staff's internal notes on a case (issue 28): read by moderators and admins only, never by the parties. */
export const disputeNotes = pgTable(
  'dispute_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_notes_dispute_id_idx').on(t.disputeId, t.createdAt),
    check('dispute_notes_text_check', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/**
 * Files attached to a dispute by its parties or staff (disputes.evidence.ts). The bytes live in the
 * Storage provider under `storage_key`, a random name under a prefix no public route serves; the row
 * holds the SHA-256 of the stored bytes, which the case file shows ("Evidence added, sha256 …").
 */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id),
    /** The uploader's side of the case when they added it (the per-side file limit counts by it). */
    uploaderRole: text('uploader_role', { enum: CASE_AUTHOR_ROLES }).notNull(),
    /** Random, never derived from the file's name or any id. */
    storageKey: text('storage_key').notNull(),
    /** The uploader's file name, cleaned for display; never used as a path. */
    fileName: text('file_name').notNull(),
    caption: text('caption').notNull().default(''),
    /** Decided from the content, never from the name or the declared type. */
    contentType: text('content_type').notNull(),
    /** Bytes as stored. */
    size: integer('size').notNull(),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt),
    uniqueIndex('dispute_evidence_storage_key_idx').on(t.storageKey),
  ],
);

/** The parties' written statements in a dispute (their side of the story, or a reply), oldest first. */
export const disputeStatements = pgTable(
  'dispute_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role', { enum: PARTY_ROLES }).notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_statements_dispute_idx').on(t.disputeId, t.createdAt)],
);
