import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Better Auth's two-factor model: the authenticator secret (encrypted with AUTH_SECRET) and the backup
 * codes (stored as keyed hashes, see two-factor-codes.ts). `verified` stays false until the first code
 * proves the person's app holds the secret.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/**
 * Authenticator codes already accepted, so each is accepted once: a code stays valid for about 90
 * seconds, and whoever saw it (over a shoulder, in a proxy log) must not be able to sign in with it.
 * The primary key makes the claim atomic; rows older than the code's lifetime are pruned.
 */
export const twoFactorUsedCodes = pgTable(
  'two_factor_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A two-factor enrolment under way: which method, and for SMS the number the code was sent to. */
export const twoFactorSetups = pgTable('two_factor_setups', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['app', 'sms'] }).notNull(),
  phoneNumber: text('phone_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
