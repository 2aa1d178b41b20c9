import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * The code waiting for an account's phone number (issue 30), one at a time: a keyed hash of it (never the
 * code), when it expires and how many wrong tries it has had. Sending a new code replaces it.
 */
export const phoneVerificationCodes = pgTable('phone_verification_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every code sent, so sends are limited per account and per number across instances (a text message costs
 * money and can be used to pester a stranger). Rows older than the window are pruned when a code is sent.
 */
export const phoneCodeSends = pgTable(
  'phone_code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_code_sends_user_idx').on(t.userId, t.sentAt),
    index('phone_code_sends_number_idx').on(t.phoneNumber, t.sentAt),
  ],
);
