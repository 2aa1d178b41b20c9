import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IDENTITY_DOCUMENT_TYPES, IDENTITY_FILE_KINDS } from '@holdfast/contracts';
import { users } from './auth.js';
import type { StoredSanctionsMatch } from './withdrawals.js';

export const IDENTITY_VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const VERIFICATION_PROVIDERS = ['manual', 'hosted'] as const;

/**
 * A person's identity submissions (issue 30), newest last. The decision (status, who, when, why) stays
 * forever; the files go KYC_RETENTION_DAYS after it (`documents_deleted_at`). `users.kyc_status` mirrors
 * the latest submission and is written in the same database transaction as each change here.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IDENTITY_VERIFICATION_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: VERIFICATION_PROVIDERS }).notNull(),
    /** The hosted provider's verification session, whose webhook decides this submission. */
    providerSessionId: text('provider_session_id').unique(),
    legalName: text('legal_name').notNull(),
    /** YYYY-MM-DD, as the person typed it. */
    dateOfBirth: text('date_of_birth').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    documentType: text('document_type', { enum: IDENTITY_DOCUMENT_TYPES }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reviewer; null for the hosted provider's decision (and once that account is deleted). */
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
    /**
     * The legal name's sanctions screening (modules/sanctions): at submission, and again when the hosted
     * provider approves. Possible matches only; empty when the name is clear. Shown to reviewers, never to
     * the person.
     */
    sanctionsMatches: jsonb('sanctions_matches').$type<StoredSanctionsMatch[]>().notNull().default([]),
    /** Why a submission the hosted provider approved still waits for staff (a possible sanctions match). */
    heldReason: text('held_reason'),
  },
  (t) => [
    index('identity_verifications_user_idx').on(t.userId, t.submittedAt),
    index('identity_verifications_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
    // At most one submission waits per person: a second one while pending is refused, even when racing.
    uniqueIndex('identity_verifications_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'identity_verifications_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
  ],
);

/** The files of a submission, each under a random storage key (encrypted at rest on disk). */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => identityVerifications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: IDENTITY_FILE_KINDS }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the stored (plain) bytes: what a reviewer saw can be proven later. */
    sha256: text('sha256').notNull(),
    /** Encrypted with KYC_ENCRYPTION_KEY before it reached the store (disk). */
    encrypted: boolean('encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('identity_documents_kind_unique').on(t.verificationId, t.kind)],
);

/** Moderators an admin allowed to review identity verifications (admins always may). */
export const identityReviewers = pgTable('identity_reviewers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedById: text('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
});

/** Hosted-provider webhook events already applied; inserted in the same database transaction as their effect. */
export const verificationEvents = pgTable('verification_events', {
  /** The provider's event id. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
