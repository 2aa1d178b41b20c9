import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PARTY_ROLES } from '@holdfast/contracts';
import { users } from './auth.js';
import { transactions } from './transactions.js';

/** A party's review of the other party after a completed transaction: one each way. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: text('reviewee_id')
      .notNull()
      .references(() => users.id),
    reviewerRole: text('reviewer_role', { enum: PARTY_ROLES }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_transaction_reviewer_idx').on(t.transactionId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
