import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { transactions } from './transactions.js';

export const LEDGER_ACCOUNT_TYPES = ['wallet', 'escrow', 'fees', 'provider_clearing', 'payouts_pending'] as const;

/**
 * Double-entry ledger accounts (named ledger_accounts: `accounts` belongs to sign-in).
 * `key` identifies the account ("wallet:<user>:ZAR") so it can be created on demand and locked in order.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    type: text('type', { enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    userId: text('user_id').references(() => users.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    provider: text('provider'),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_accounts_user_id_idx').on(t.userId),
    // Last line of defence; the ledger checks this before writing.
    check('ledger_accounts_non_negative', sql`${t.type} = 'provider_clearing' OR ${t.balance} >= 0`),
  ],
);

export const JOURNAL_ENTRY_KINDS = [
  'card_funding',
  'wallet_funding',
  'deposit',
  'release',
  'refund',
  'partial_resolution',
  'partial_release',
  'overpayment_refund',
  'withdrawal',
  'payout_completed',
  'payout_returned',
] as const;

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: JOURNAL_ENTRY_KINDS }).notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** The provider payment that caused it (payments module), when any. */
    paymentId: text('payment_id'),
    userId: text('user_id').references(() => users.id),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_transaction_id_idx').on(t.transactionId),
    index('journal_entries_payment_id_idx').on(t.paymentId),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed minor units: positive credits the account (raises its balance), negative debits it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    /** The account's version after this posting: 1, 2, 3... with no gaps. */
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('postings_account_version_unique').on(t.accountId, t.version),
    index('postings_entry_id_idx').on(t.entryId),
    /** A wallet's activity, newest first, a page at a time (wallet.queries.ts walletActivity). */
    index('postings_account_created_idx').on(t.accountId, t.createdAt, t.version),
  ],
);
