import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The stored answers of requests sent with an Idempotency-Key, per user. A row is written in the
 * database transaction of the request's effect (lib/idempotency.ts), so it exists exactly when the
 * effect committed; there is no "in progress" row.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of method, path and body: a repeat must match it exactly. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: text('response_body').notNull(),
    responseContentType: text('response_content_type'),
    /** The key's first use: it expires a day later. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
