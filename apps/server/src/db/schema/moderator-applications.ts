import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '@holdfast/contracts';
import { users } from './auth.js';

/** People asking to become moderators; an admin approves or rejects each once. */
export const moderatorApplications = pgTable(
  'moderator_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in account that applied, when there was one. */
    userId: text('user_id').references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    experience: text('experience').notNull(),
    motivation: text('motivation').notNull(),
    availability: text('availability').notNull(),
    languages: text('languages').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    reviewNotes: text('review_notes'),
    reviewedById: text('reviewed_by_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the applicant proved the address: at once for a signed-in applicant's own verified address,
     * else by the emailed link. Administrators see confirmed applications only.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the emailed confirmation token, until it is used. */
    confirmationTokenHash: text('confirmation_token_hash'),
  },
  (t) => [
    index('moderator_applications_status_idx').on(t.status, t.createdAt),
    index('moderator_applications_email_idx').on(sql`lower(${t.email})`),
    index('moderator_applications_confirmation_idx').on(t.confirmationTokenHash),
  ],
);
