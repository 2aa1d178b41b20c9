import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts (Better Auth's `user` model, with the product's own fields). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['buyer', 'seller', 'moderator', 'admin'] })
      .notNull()
      .default('buyer'),
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    kycStatus: text('kyc_status').notNull().default('unverified'),
    walletCurrency: text('wallet_currency').notNull().default('ZAR'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorMethod: text('two_factor_method', { enum: ['app', 'sms'] }),
    publicProfileSlug: text('public_profile_slug').unique(),
    publicHistoryEnabled: boolean('public_history_enabled').notNull().default(false),
    /** Set for a moderator created with a temporary password: they choose their own at first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Set while an admin has suspended the account (admin users): it cannot sign in and its sessions are
     * refused; its money and deals stay as they are. Who did it, and every change, is in the audit trail.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /** The version of the Terms of Service this person accepted (null: none yet), and when. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Accounts are found by lower(email), e.g. a new transaction's seller (migration 0020): one index probe each.
  (t) => [
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // One account per verified number (issue 30): a number proves a person only once.
    uniqueIndex('users_verified_phone_idx')
      .on(t.phoneNumber)
      .where(sql`${t.phoneVerified}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last request made with this session (at most a touch interval old): the server's idle rule. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Failed sign-in attempts, counted per key ("ip:1.2.3.4" or "email:a@b.c") within a window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
